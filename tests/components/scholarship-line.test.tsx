import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { EnrolmentsTab } from '../../src/students/EnrolmentsTab';
import { AdminStory } from '../../stories/support';

/** The "Bolsa" line of tab MATRÍCULAS (issue 27) against a fake `/api` (fetch stubbed). */

configure({ asyncUtilTimeout: 5000 });

const UNTIL_BEFORE_FROM = 'O fim da validade da bolsa não pode ser antes do início.';
let calls: { method: string; url: string; body: unknown }[];
let stored: unknown;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  stored = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (!url.startsWith('/api/registrations/41/scholarship')) return json(200, { data: [] });
    if (method === 'GET') return json(200, { data: stored });
    if (method === 'DELETE') {
      stored = null;
      return json(200, { message: 'Bolsa removida com sucesso!' });
    }
    if (body!.valid_until && String(body!.valid_until) < String(body!.valid_from))
      return json(422, { message: UNTIL_BEFORE_FROM, errors: { valid_until: [UNTIL_BEFORE_FROM] } });
    stored = {
      registration_id: 41,
      kind: body!.kind,
      value: 50.5,
      reason: body!.reason,
      valid_from: body!.valid_from,
      valid_until: body!.valid_until,
    };
    return json(200, { data: stored, message: 'Bolsa salva com sucesso!' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAs(role: string) {
  const permissions = BUILTIN_ROLES.find((r) => r.key === role)!.permissions;
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 3, name: 'Pessoa', email: 'p@escola.com.br', permissions }));
  return render(
    <AdminStory titleBar={false} resource="alunos" authProvider={authProvider}>
      <EnrolmentsTab
        studentId={7}
        enrolments={[
          { id: 41, number: '000041', team: { id: 1, name: '6º Ano A' }, enrolled_on: '2026-02-02', left_on: null },
        ]}
      />
    </AdminStory>,
  );
}

it('grants a scholarship from the enrolment, shows the server refusal on its field, then the saved line', async () => {
  renderAs('financeiro');
  expect(await screen.findByText('Bolsa: nenhuma')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Conceder bolsa' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bolsa da matrícula' });
  fireEvent.change(within(dialog).getByLabelText('Percentual da bolsa (%)'), { target: { value: '50,5' } });
  fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Irmãos matriculados' } });
  fireEvent.change(within(dialog).getByLabelText('Válida de'), { target: { value: '2027-06-01' } });
  fireEvent.change(within(dialog).getByLabelText('Válida até'), { target: { value: '2027-05-31' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  expect(await within(dialog).findByText(UNTIL_BEFORE_FROM)).toBeTruthy();

  fireEvent.change(within(dialog).getByLabelText('Válida até'), { target: { value: '2027-12-31' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  expect(
    await screen.findByText('Bolsa: 50,5% — Irmãos matriculados (válida de 01/06/2027 até 31/12/2027)'),
  ).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
    kind: 'percent',
    value: '50,5',
    reason: 'Irmãos matriculados',
    valid_from: '2027-06-01',
    valid_until: '2027-12-31',
  });

  fireEvent.click(screen.getByRole('button', { name: 'Editar bolsa' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover bolsa' }));
  // Asked first (spec §2.9): "Não" keeps it, nothing sent.
  const asked = await screen.findByRole('dialog', { name: 'Deseja confirmar a ação?' });
  fireEvent.click(within(asked).getByRole('button', { name: 'Não, cancele!' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deseja confirmar a ação?' })).toBeNull());
  expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover bolsa' }));
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: 'Deseja confirmar a ação?' })).getByRole('button', {
      name: 'Sim, apague!',
    }),
  );
  expect(await screen.findByText('Bolsa: nenhuma')).toBeTruthy();
});

it('shows the scholarship to the office without letting it change it, and nothing to a professor', async () => {
  stored = { registration_id: 41, kind: 'amount', value: 150, reason: null, valid_from: null, valid_until: null };
  const { unmount } = renderAs('secretaria');
  expect(await screen.findByText('Bolsa: R$ 150,00')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Editar bolsa' })).toBeNull();
  unmount();
  calls = [];
  renderAs('professor');
  expect(await screen.findByText('000041 / 6º ANO A')).toBeTruthy();
  expect(screen.queryByText(/Bolsa/)).toBeNull();
  expect(calls.filter((c) => c.url.includes('scholarship'))).toEqual([]);
});
