import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { teams } from '../../resources/teams';
import { RecordTabs } from '../../src/resources/RecordTabs';
import { TeachersTab } from '../../src/teams/TeachersTab';
import { AdminStory } from '../../stories/support';

/** Tab PROFESSORES against a fake `/api` (fetch stubbed): what the office sees and what is sent. */

// The machine is shared: a dialog or a toast may take more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

type Assignment = { id: number; user: { id: number; name: string }; discipline: { id: number; name: string } };
const ANA = { id: 12, name: 'Ana Paula Ferreira' };
const CARLOS = { id: 15, name: 'Carlos Eduardo Souza' };
const ANATOMY = { id: 7, name: 'Anatomia e Fisiologia Humana' };
const PHARMA = { id: 8, name: 'Farmacologia Aplicada' };

let assignments: Assignment[];
let calls: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  assignments = [{ id: 1, user: ANA, discipline: ANATOMY }];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const answer = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/teams/5/teachers' && method === 'GET') return answer(200, assignments);
    if (url === '/api/teams/5/teachers/candidates') return answer(200, [ANA, CARLOS]);
    if (url === '/api/teams/5/disciplines')
      return answer(
        200,
        [ANATOMY, PHARMA].map((d) => ({ id: d.id, discipline: d.name, workload: 40 })),
      );
    if (url === '/api/teams/5/teachers' && method === 'POST') {
      if (body.user_id === String(ANA.id) && body.discipline_id === String(ANATOMY.id)) {
        const message = 'Este professor já leciona esta disciplina nesta turma.';
        return answer(422, { message, errors: { discipline_id: [message] } });
      }
      const added = { id: 2, user: CARLOS, discipline: PHARMA };
      assignments = [...assignments, added];
      return answer(201, { data: added, message: 'Professor atribuído à turma com sucesso!' });
    }
    if (url === '/api/teams/5/teachers/1' && method === 'DELETE') {
      assignments = assignments.filter((a) => a.id !== 1);
      return answer(200, { message: 'Professor removido da turma com sucesso!' });
    }
    return answer(404, { message: 'Rota não encontrada.' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () =>
  render(
    <AdminStory titleBar={false} resource="turmas">
      <TeachersTab teamId={5} />
    </AdminStory>,
  );

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

it("lists the team's teachers and adds one from the selects, with the server's message", async () => {
  renderTab();
  const table = await screen.findByRole('table', { name: 'Professores da turma' });
  expect(within(table).getByText('Ana Paula Ferreira')).toBeTruthy();
  expect(within(table).getByText('Anatomia e Fisiologia Humana')).toBeTruthy();

  await choose('Professor', 'Carlos Eduardo Souza');
  await choose('Disciplina', 'Farmacologia Aplicada');
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
  expect(await screen.findByText('Professor atribuído à turma com sucesso!')).toBeTruthy();
  expect(await within(table).findByText('Carlos Eduardo Souza')).toBeTruthy();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: '15', discipline_id: '8' });
});

it('marks a refused duplicate under the discipline, in Portuguese', async () => {
  renderTab();
  await screen.findByRole('table', { name: 'Professores da turma' });
  await choose('Professor', 'Ana Paula Ferreira');
  await choose('Disciplina', 'Anatomia e Fisiologia Humana');
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
  expect(await screen.findByText('Este professor já leciona esta disciplina nesta turma.')).toBeTruthy();
  expect(await screen.findByText('1 campo precisa de atenção: veja a mensagem em vermelho.')).toBeTruthy();
});

it('removes a teacher only after the confirmation', async () => {
  renderTab();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Remover Ana Paula Ferreira de Anatomia e Fisiologia Humana' }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Não, cancele!' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Remover Ana Paula Ferreira de Anatomia e Fisiologia Humana' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Sim, apague!' }));
  expect(await screen.findByText('Professor removido da turma com sucesso!')).toBeTruthy();
  expect(await screen.findByText('Nenhum professor atribuído a esta turma.')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/teams/5/teachers/1']);
});

it("gives the team's edit screen a PROFESSORES tab beside its form", async () => {
  render(
    <AdminStory path="/admin/turmas/5/editar" route="/admin/turmas/:id/editar" resource="turmas">
      <RecordContextProvider value={{ id: 5, name: 'Enfermagem 2026.1' }}>
        <RecordTabs name={teams.ui!.recordTabs!} maxWidth={900}>
          <p>Formulário da turma</p>
        </RecordTabs>
      </RecordContextProvider>
    </AdminStory>,
  );
  expect(screen.getByText('Formulário da turma')).toBeTruthy();
  fireEvent.click(screen.getByRole('tab', { name: 'Professores' }));
  const table = await screen.findByRole('table', { name: 'Professores da turma' });
  expect(within(table).getByText('Ana Paula Ferreira')).toBeTruthy();
});
