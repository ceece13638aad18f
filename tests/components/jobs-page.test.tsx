import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { JobsPage } from '../../src/jobs/JobsPage';
import { AdminStory } from '../../stories/support';
import { ONE_OFF, RECURRING } from '../../stories/support/jobs';
import { onPhone } from './support/media';

/** Administração › Tarefas against a fake `/api` (fetch stubbed): what the office reads and the retry it asks. */

// The machine is shared: an answer may take more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

let calls: string[];
let retried: boolean;

beforeEach(() => {
  calls = [];
  retried = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    let body: unknown;
    if (method === 'POST') {
      retried = true;
      body = { ...ONE_OFF[0], status: 'pending', attempts: 0 };
    } else {
      const jobs = retried
        ? [{ ...ONE_OFF[0], status: 'pending', attempts: 0, last_error: null }, ...ONE_OFF.slice(1)]
        : ONE_OFF;
      body = { data: jobs, current_page: 1, last_page: 1, per_page: 10, total: jobs.length, recurring: RECURRING };
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('shows each recurring task with its last run and error, and each job with its state, tries and error', async () => {
  render(
    <AdminStory titleBar={false}>
      <JobsPage />
    </AdminStory>,
  );
  const recurring = await screen.findByRole('table', { name: 'Tarefas periódicas' });
  expect(calls).toEqual(['GET /api/jobs?page=1&perPage=10']);
  const rows = within(recurring).getAllByRole('row');
  expect(
    within(rows[1])
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Envio de e-mails', 'a cada 30 segundos', '26/11/2026 10:00', '0,4 s', '26/11/2026 10:00', '—']);
  expect(within(rows[2]).getByText('Em execução')).toBeTruthy();
  expect(within(rows[2]).getByText('Connection terminated unexpectedly')).toBeTruthy();
  expect(within(rows[3]).getByText('a cada 1 hora')).toBeTruthy();

  const oneOff = screen.getByRole('table', { name: 'Tarefas avulsas' });
  const jobs = within(oneOff).getAllByRole('row');
  expect(
    within(jobs[1])
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual([
    'Envio de recibo',
    'Falhou',
    '5 de 5',
    '26/11/2026 09:31',
    'Servidor SMTP recusou: 550 caixa postal inexistente',
    'Tentar de novo',
  ]);
  expect(within(jobs[2]).getByText('Aguardando')).toBeTruthy();
  expect(within(jobs[3]).getByText('Concluída')).toBeTruthy();
  // Only a failed job can be tried again.
  expect(within(oneOff).getAllByRole('button', { name: /Tentar de novo/ })).toHaveLength(1);
});

it('tries a failed job again and reads the list again', async () => {
  render(
    <AdminStory titleBar={false}>
      <JobsPage />
    </AdminStory>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Tentar de novo: Envio de recibo' }));
  expect(await screen.findByText('Tarefa enviada para nova tentativa.')).toBeTruthy();
  await vi.waitFor(() => expect(calls).toContain('POST /api/jobs/42/retry'));
  await vi.waitFor(() => expect(screen.queryAllByRole('button', { name: /Tentar de novo/ })).toHaveLength(0));
  expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(2);
});

it('lists each task with the same facts on a phone, where six columns do not fit', async () => {
  onPhone();
  render(
    <AdminStory titleBar={false}>
      <JobsPage />
    </AdminStory>,
  );
  const recurring = await screen.findByRole('list', { name: 'Tarefas periódicas' });
  expect(screen.queryByRole('table')).toBeNull();
  const tasks = within(recurring).getAllByRole('listitem');
  expect(tasks[0].textContent).toBe(
    'Envio de e-mailsa cada 30 segundosÚltima: 26/11/2026 10:00 (0,4 s)Próxima: 26/11/2026 10:00',
  );
  expect(tasks[1].textContent).toContain('Em execução');
  expect(tasks[1].textContent).toContain('Último erro: Connection terminated unexpectedly');
  const jobs = within(screen.getByRole('list', { name: 'Tarefas avulsas' })).getAllByRole('listitem');
  expect(jobs[0].textContent).toBe(
    'Envio de reciboFalhouTentativas: 5 de 5 · Agendada para 26/11/2026 09:31' +
      'Último erro: Servidor SMTP recusou: 550 caixa postal inexistenteTentar de novo',
  );
  fireEvent.click(within(jobs[0]).getByRole('button', { name: 'Tentar de novo: Envio de recibo' }));
  await vi.waitFor(() => expect(calls).toContain('POST /api/jobs/42/retry'));
});
