import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import type { CampaignRequest } from '../../resources/enrolment-campaigns';
import { CampaignPanel } from '../../src/enrolment/CampaignPanel';
import { AdminStory } from '../../stories/support';

/**
 * A campaign's families list (src/enrolment/CampaignPanel.tsx, CampaignRequests.tsx) against a fake `/api` (fetch
 * stubbed): "Aceitar", and the list's filters, pagination and export as a react-admin list.
 */

const request = (status: string, id = 41, student = 'Pedro Moraes', guardian = 'Rita Moraes'): CampaignRequest => ({
  id,
  student: { id: id + 100, name: student },
  guardian: { id: id + 200, name: guardian },
  from_team: { id: 1, name: '8º ano A 2026' },
  to_team: { id: 2, name: '9º ano A 2027' },
  step: 'pago',
  status,
  submitted_at: '2026-11-20T13:00:00.000Z',
  office_note: null,
});

let stored: string;
let others: CampaignRequest[];
let saved: Blob[];
let accepts: number;
let acceptAnswer: () => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  stored = 'enviado';
  others = [];
  saved = [];
  accepts = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  // The download link's click would navigate jsdom away.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    if (path === '/api/enrolment-requests/41/accept') {
      accepts += 1;
      return acceptAnswer();
    }
    if (path.endsWith('/panel')) return json({ data: [] });
    if (path.endsWith('/requests')) return json({ data: [request(stored), ...others], total: 1 + others.length });
    return json({ message: `Rota não encontrada: ${init.method ?? 'GET'} ${path}` }, 404);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPanel() {
  render(
    <AdminStory path="/admin/campanhas-matricula/5/show" resource="campanhas-matricula" dataProvider={dataProvider}>
      <RecordContextProvider value={{ id: 5, kind: 'rematricula' }}>
        <CampaignPanel />
      </RecordContextProvider>
    </AdminStory>,
  );
}

const family = async () => within((await screen.findByText('Pedro Moraes')).closest('tr')!);

it('accepts once however often it is pressed, says so, and shows the family accepted', async () => {
  let answer: (r: Response) => void = () => undefined;
  acceptAnswer = () => new Promise((resolve) => (answer = resolve));
  renderPanel();
  const accept = (await family()).getByRole('button', { name: 'Aceitar' });
  fireEvent.click(accept);
  await waitFor(() => expect((accept as HTMLButtonElement).disabled).toBe(true));
  fireEvent.click(accept);
  stored = 'aceito';
  answer(json({ data: { registration_id: 90 }, message: 'Rematrícula aceita: aluno matriculado na nova turma.' }));
  expect(await screen.findByText('Rematrícula aceita: aluno matriculado na nova turma.')).toBeTruthy();
  expect(await (await family()).findByText('Aceito')).toBeTruthy();
  expect((await family()).queryByRole('button', { name: 'Aceitar' })).toBeNull();
  expect(accepts).toBe(1);
});

it('shows the refusal in Portuguese and reloads the list when another secretary accepted first', async () => {
  acceptAnswer = async () => {
    stored = 'aceito';
    return json({ message: 'Este pedido já foi aceito.' }, 409);
  };
  renderPanel();
  fireEvent.click((await family()).getByRole('button', { name: 'Aceitar' }));
  expect(await screen.findByText('Este pedido já foi aceito.')).toBeTruthy();
  expect(await (await family()).findByText('Aceito')).toBeTruthy();
  expect((await family()).queryByRole('button', { name: 'Aceitar' })).toBeNull();
});

it('filters the families by situation, pages them and exports what the filter leaves', async () => {
  others = [
    { ...request('pendente', 42, 'Ana Beatriz Carvalho', 'Mariana Carvalho'), step: 'documentos' },
    { ...request('aceito', 43, 'Caio Nunes', 'Luciana Nunes'), step: 'pago' },
  ];
  renderPanel();
  await screen.findByText('Ana Beatriz Carvalho');
  // In alphabetical order, with react-admin's pagination under the table.
  const names = () =>
    screen
      .queryAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryAllByRole('cell')[0]?.textContent);
  expect(names()).toEqual(['Ana Beatriz Carvalho', 'Caio Nunes', 'Pedro Moraes']);
  expect(screen.getByText('1-3 de 3')).toBeTruthy();

  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Enviado à secretaria' }));
  await waitFor(() => expect(names()).toEqual(['Pedro Moraes']));
  expect(screen.getByText('1-1 de 1')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const csv = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(saved[0]);
  });
  expect(csv).toContain('\r\nPedro Moraes;Rita Moraes;');
  expect(csv).not.toContain('Ana Beatriz Carvalho');
});
