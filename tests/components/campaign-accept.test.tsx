import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import type { CampaignRequest } from '../../resources/enrolment-campaigns';
import { CampaignPanel } from '../../src/enrolment/CampaignPanel';
import { AdminStory } from '../../stories/support';

/** "Aceitar" in a campaign's families list (src/enrolment/CampaignPanel.tsx) against a fake `/api` (fetch stubbed). */

const request = (status: string): CampaignRequest => ({
  id: 41,
  student: { id: 7, name: 'Pedro Moraes' },
  guardian: { id: 3, name: 'Rita Moraes' },
  from_team: { id: 1, name: '8º ano A 2026' },
  to_team: { id: 2, name: '9º ano A 2027' },
  step: 'pago',
  status,
  submitted_at: '2026-11-20T13:00:00.000Z',
  office_note: null,
});

let stored: string;
let accepts: number;
let acceptAnswer: () => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  stored = 'enviado';
  accepts = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    if (path === '/api/enrolment-requests/41/accept') {
      accepts += 1;
      return acceptAnswer();
    }
    if (path.endsWith('/panel')) return json({ data: [] });
    if (path.endsWith('/requests')) return json({ data: [request(stored)], total: 1 });
    return json({ message: `Rota não encontrada: ${init.method ?? 'GET'} ${path}` }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

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
