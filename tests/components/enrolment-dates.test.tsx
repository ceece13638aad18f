import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { EnrolmentsTab } from '../../src/students/EnrolmentsTab';
import { AdminStory } from '../../stories/support';

/** The enrolment's dates on tab MATRÍCULAS (issue 37) against a fake `/api` (fetch stubbed). */

configure({ asyncUtilTimeout: 5000 });

const FUTURE = 'O campo Data da matrícula não pode ser uma data futura.';
let calls: { method: string; url: string; body: unknown }[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (method === 'PUT' && url === '/api/registrations/41') {
      if (String(body!.enrolled_on) > '2026-12-31')
        return json(422, { message: FUTURE, errors: { enrolled_on: [FUTURE] } });
      return json(200, { data: { id: 41, ...body }, message: 'Matrícula atualizada com sucesso!' });
    }
    if (method === 'POST' && url === '/api/registrations')
      return json(201, { data: { id: 42 }, message: 'Matrícula realizada com sucesso!' });
    return json(200, { data: [] });
  });
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
          },
        ]}
      />
    </AdminStory>,
  );
}

it('shows each enrolment’s dates and changes them, marking the server’s refusal in red on its field', async () => {
  renderAsSecretaria();
  expect(await screen.findByText('Matrícula em 10/03/2026')).toBeTruthy();
  expect(screen.getByText('Matrícula em 03/02/2025 · saída em 12/12/2025')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Alterar datas da matrícula 000041' }));
  const dialog = await screen.findByRole('dialog', { name: 'Datas da matrícula 000041' });
  const enrolledOn = within(dialog).getByLabelText(/^Data da matrícula/);
  expect((enrolledOn as HTMLInputElement).value).toBe('2026-03-10');
  fireEvent.change(enrolledOn, { target: { value: '2027-03-10' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  expect(await within(dialog).findByText(FUTURE)).toBeTruthy();
  expect(enrolledOn.getAttribute('aria-invalid')).toBe('true');

  fireEvent.change(enrolledOn, { target: { value: '2026-02-20' } });
  fireEvent.change(within(dialog).getByLabelText(/^Data de saída/), { target: { value: '2026-06-30' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(await screen.findByText('Matrícula atualizada com sucesso!')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'PUT').at(-1)).toEqual({
    method: 'PUT',
    url: '/api/registrations/41',
    body: { enrolled_on: '2026-02-20', left_on: '2026-06-30' },
  });
});

it('offers the enrolment day beside the team (blank: today) and keeps the typed day when the team is missing', async () => {
  renderAsSecretaria();
  const dateInput = await screen.findByLabelText(/^Data da matrícula/);
  expect(screen.getByText('Em branco: hoje.')).toBeTruthy();
  fireEvent.change(dateInput, { target: { value: '2026-03-02' } });
  // No team chosen: the enrolment is not sent (the team is marked); the typed day stays.
  fireEvent.click(screen.getByRole('button', { name: 'Matricular' }));
  expect(await screen.findAllByText('Selecione a turma.')).not.toHaveLength(0);
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  expect((dateInput as HTMLInputElement).value).toBe('2026-03-02');
});
