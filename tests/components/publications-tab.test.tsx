import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { BUILTIN_ROLES } from '../../resources/permissions';
import { PublicationsTab, type StagePublication } from '../../src/teams/PublicationsTab';
import { AdminStory } from '../../stories/support';
import { TEAM_STAGES } from '../../stories/support/publications';

/** Tab PUBLICAÇÃO DE NOTAS against a fake `/api` (fetch stubbed): what the office sees and sends. */

configure({ asyncUtilTimeout: 5000 });

let stages: StagePublication[];
let calls: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  stages = structuredClone(TEAM_STAGES);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const answer = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/teams/5/grade-publications' && method === 'GET') return answer(200, { data: stages });
    if (url === '/api/teams/5/grade-publications' && method === 'POST') {
      const stage = stages.find((s) => s.stage_id === body.stage_id)!;
      stage.published_at = '2026-11-26T13:00:00.000Z';
      stage.published_by = { id: 3, name: 'Cláudia Ribeiro' };
      return answer(201, {
        data: stage,
        message: `Notas de ${stage.name} publicadas. As famílias que têm e-mail cadastrado serão avisadas.`,
      });
    }
    if (url === '/api/teams/5/grade-publications/2' && method === 'DELETE') {
      Object.assign(stages[1], { published_at: null, published_by: null });
      return answer(200, { message: 'Publicação desfeita: as notas desta etapa deixam de aparecer no portal.' });
    }
    return answer(404, { message: 'Rota não encontrada.' });
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
    <AdminStory titleBar={false} resource="turmas" authProvider={authProvider}>
      <PublicationsTab teamId={5} />
    </AdminStory>,
  );
}

const itemOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

it('publishes a stage after the confirmation, with the server’s message, and shows who published it', async () => {
  renderAs('secretaria');
  const third = await itemOf('3º bimestre');
  expect(within(third).getByText('Não publicadas · faltam 19 notas de 168')).toBeTruthy();
  fireEvent.click(within(third).getByRole('button', { name: 'Publicar notas' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publicar as notas de 3º bimestre?' });
  expect(within(dialog).getByText(/serão avisadas/)).toBeTruthy();
  // The grades still missing are told before anything is published.
  expect(within(dialog).getByText(/19/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Publicar mesmo assim' }));
  expect(
    await screen.findByText('Notas de 3º bimestre publicadas. As famílias que têm e-mail cadastrado serão avisadas.'),
  ).toBeTruthy();
  expect(
    await within(await itemOf('3º bimestre')).findByText('Publicadas em 26/11/2026 10:00 por Cláudia Ribeiro'),
  ).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ stage_id: 3, confirm: true }]);
});

it('withdraws a publication only when confirmed', async () => {
  renderAs('secretaria');
  const second = await itemOf('2º bimestre');
  fireEvent.click(within(second).getByRole('button', { name: 'Desfazer publicação' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

  fireEvent.click(within(await itemOf('2º bimestre')).getByRole('button', { name: 'Desfazer publicação' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Desfazer' }));
  expect(
    await screen.findByText('Publicação desfeita: as notas desta etapa deixam de aparecer no portal.'),
  ).toBeTruthy();
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/teams/5/grade-publications/2']);
});

it('shows Direção the state without a button to press', async () => {
  renderAs('direcao');
  expect(await screen.findByText('Publicadas em 30/04/2026 15:20 por Cláudia Ribeiro')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Publicar|Desfazer/ })).toBeNull();
});
