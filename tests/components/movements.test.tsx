import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { EnrolmentsTab } from '../../src/students/EnrolmentsTab';
import { AdminStory } from '../../stories/support';

/** Tab MATRÍCULAS, issue 38: "Transferir" and "Registrar saída" against a fake `/api` (fetch stubbed). */

configure({ asyncUtilTimeout: 5000 });

const REQUIRED_SCHOOL = 'O campo Escola de destino é obrigatório.';
let calls: { method: string; url: string; body: Record<string, unknown> | undefined }[];
let opened: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  opened = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (method === 'POST' && url === '/api/registrations/41/transfer') {
      if (!body?.destination_school)
        return json(422, { message: REQUIRED_SCHOOL, errors: { destination_school: [REQUIRED_SCHOOL] } });
      return json(201, {
        message: 'Transferência registrada. A declaração de transferência e o histórico foram emitidos.',
        data: {
          declaration: { id: 9, code: 'DECL_7K2M9P4Q8R3T5V6W', url: '/api/documents/storage/transfer/d.pdf' },
          history: { id: 10, code: 'HIST_7K2M9P4Q8R3T5V6X', url: '/api/documents/storage/history/h.pdf' },
        },
      });
    }
    if (method === 'POST' && url === '/api/registrations/41/leave')
      return json(201, { message: 'Saída registrada com sucesso!', data: { status: 'Evadido' } });
    if (url.startsWith('/api/documents/storage/')) {
      opened.push(url);
      return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    return json(200, { data: [] });
  });
  vi.stubGlobal('open', vi.fn());
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAsSecretaria() {
  const permissions = BUILTIN_ROLES.find((r) => r.key === 'secretaria')!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Sônia', email: 's@escola.com.br', permissions }));
  return render(
    <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
      <EnrolmentsTab
        studentId={7}
        enrolments={[
          { id: 41, number: '000041', team: { id: 1, name: '6º Ano A' }, enrolled_on: '2026-03-10', left_on: null },
          {
            id: 40,
            number: '000040',
            team: { id: 2, name: '5º Ano B' },
            enrolled_on: '2025-02-03',
            left_on: '2025-12-12',
            movement: {
              kind: 'conclusao',
              date: '2025-12-12',
              destination_school: null,
              declaration_url: null,
              history_url: null,
            },
          },
        ]}
      />
    </AdminStory>,
  );
}

it('transfers an enrolment: the server’s words under the field, then the links to the papers issued', async () => {
  renderAsSecretaria();
  expect(await screen.findByText('Matrícula em 03/02/2025 · saída em 12/12/2025 · Conclusão')).toBeTruthy();
  // Only the enrolment that still runs can be transferred.
  expect(screen.getAllByRole('button', { name: 'Transferir' })).toHaveLength(1);

  fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transferir — matrícula 000041' });
  fireEvent.change(within(dialog).getByLabelText(/^Data da transferência/), { target: { value: '2026-09-18' } });
  fireEvent.change(within(dialog).getByLabelText(/^Cidade de destino/), { target: { value: 'Belém - PA' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
  expect(await within(dialog).findByText(REQUIRED_SCHOOL)).toBeTruthy();

  fireEvent.change(within(dialog).getByLabelText(/^Escola de destino/), {
    target: { value: 'Escola Estadual Professora Maria Amélia' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Mudança da família' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
  expect(await within(dialog).findByText(/Transferência registrada\. Entregue à família/)).toBeTruthy();
  expect(calls.filter((c) => c.url === '/api/registrations/41/transfer').at(-1)!.body).toEqual({
    date: '2026-09-18',
    destination_school: 'Escola Estadual Professora Maria Amélia',
    destination_city: 'Belém - PA',
    reason: 'Mudança da família',
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Declaração de transferência' }));
  await waitFor(() => expect(opened).toEqual(['/api/documents/storage/transfer/d.pdf']));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('records another way out with its kind and note', async () => {
  renderAsSecretaria();
  fireEvent.click(await screen.findByRole('button', { name: 'Registrar saída' }));
  const dialog = await screen.findByRole('dialog', { name: 'Registrar saída — matrícula 000041' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: 'Abandono' }));
  fireEvent.change(within(dialog).getByLabelText(/^Observação/), { target: { value: 'Parou de frequentar em abril' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Saída registrada com sucesso!')).toBeTruthy();
  expect(calls.find((c) => c.url === '/api/registrations/41/leave')!.body).toMatchObject({
    kind: 'abandono',
    note: 'Parou de frequentar em abril',
  });
});
