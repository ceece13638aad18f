import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AccessLogTab } from '../../src/students/AccessLogTab';
import { AdminStory } from '../../stories/support';
import { ACCESS_LOG } from '../../stories/support/accessLog';
import { onPhone } from './support/media';

/** Tab ACESSOS (LGPD) against a fake `/api` (fetch stubbed): what Administração reads, page by page. */

// The machine is shared: an answer may take more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

let urls: string[];
let answer: (url: URL) => { status: number; body: unknown };

beforeEach(() => {
  urls = [];
  // Page 1 holds the six of the fixture and four more; page 2 the last two of 12.
  const older = (id: number) => ({ ...ACCESS_LOG[5], id, user: { id: 9, name: `Pessoa ${id}` } });
  answer = (url) =>
    url.searchParams.get('page') === '2'
      ? { status: 200, body: { data: [older(2), older(1)], current_page: 2, last_page: 2, per_page: 10, total: 12 } }
      : {
          status: 200,
          body: {
            data: [...ACCESS_LOG, older(6), older(5), older(4), older(3)],
            current_page: 1,
            last_page: 2,
            per_page: 10,
            total: 12,
          },
        };
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const { status, body } = answer(new URL(url, 'http://escola.test'));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () =>
  render(
    <AdminStory titleBar={false} resource="alunos">
      <AccessLogTab studentId={7} />
    </AdminStory>,
  );

it('lists who, when (São Paulo time) and what, newest first, and reads the next page from the server', async () => {
  renderTab();
  const table = await screen.findByRole('table', { name: 'Acessos ao cadastro do aluno' });
  expect(urls).toEqual(['/api/students/7/access-log?page=1&perPage=10']);
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(11);
  expect(
    within(rows[1])
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['21/11/2026 14:05', 'Joana Secretária', 'Abriu o cadastro', '—']);
  // 02:30 UTC on the 21st is still the evening of the 20th in São Paulo.
  expect(
    within(rows[3])
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['20/11/2026 23:30', 'Administrador', 'Exportou os dados', 'Exportação de dados (LGPD)']);
  expect(within(rows[4]).getByText('004512_52998224725_HISTORY.pdf')).toBeTruthy();
  expect(screen.getByText('12 acessos')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Ir para a página 2' }));
  expect(await screen.findByText('Pessoa 1')).toBeTruthy();
  expect(urls.at(-1)).toBe('/api/students/7/access-log?page=2&perPage=10');
  expect(screen.queryByText('Joana Secretária')).toBeNull();
});

it('says so when nobody opened the record yet', async () => {
  answer = () => ({ status: 200, body: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 } });
  renderTab();
  expect(await screen.findByText('Nenhum acesso registrado para este aluno.')).toBeTruthy();
});

it("shows the server's refusal to a role that may not read the log", async () => {
  answer = () => ({
    status: 403,
    body: { message: 'Você não tem permissão para ver os acessos ao cadastro do aluno.' },
  });
  renderTab();
  expect(await screen.findByText('Você não tem permissão para ver os acessos ao cadastro do aluno.')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

it('shows each access as two lines on a phone, with nothing off to the side', async () => {
  onPhone();
  renderTab();
  const list = await screen.findByRole('list', { name: 'Acessos ao cadastro do aluno' });
  expect(screen.queryByRole('table')).toBeNull();
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(10);
  expect(items[0].textContent).toBe('Abriu o cadastro21/11/2026 14:05 · Joana Secretária');
  expect(items[2].textContent).toBe('Exportou os dados: Exportação de dados (LGPD)20/11/2026 23:30 · Administrador');
});
