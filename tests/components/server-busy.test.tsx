import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { teachings } from '../../resources/teachings';
import { BUSY_RETRIES, SERVER_BUSY_MESSAGE, TOKEN_KEY } from '../../src/api/http';
import { ReportPage } from '../../src/reports/ReportPage';
import { ResourceEdit } from '../../src/resources/ResourceForm';
import { ADMIN_BASENAME, AdminStory, TEACHINGS } from '../../stories/support';

const EDIT_PATH = `${ADMIN_BASENAME}/ensinos/1/editar`;
const OVERLOADED = 'O servidor está sobrecarregado no momento. Tente novamente em alguns segundos.';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
/** The load-shedding answer of server/http/load.ts, told to come back at once so the test does not wait. */
const busy = () => json(503, { message: OVERLOADED }, { 'Retry-After': '0' });

/** The real dataProvider over a stubbed `fetch` answering `answers` in turn (the last one repeated). */
function serverAnswering(...answers: (() => Response)[]) {
  const fetchMock = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0])());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderEdit() {
  return render(
    <AdminStory path={EDIT_PATH} route={`${ADMIN_BASENAME}/ensinos/:id/editar`} dataProvider={dataProvider}>
      <ResourceEdit config={teachings} />
    </AdminStory>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a busy server (503)', () => {
  it('is told as busy, the request is sent again, and the record opens', async () => {
    const fetchMock = serverAnswering(busy, () => json(200, [TEACHINGS[0]]));
    renderEdit();
    expect(await screen.findByText('O servidor está ocupado, tentando de novo…')).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /^Nome/ })) as HTMLInputElement).value).toBe('Ensino Médio');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Registro inexistente')).toBeNull();
  });

  it('keeps the screen, with the server words, when it stays busy after the bounded retries', async () => {
    const fetchMock = serverAnswering(busy);
    renderEdit();
    expect(await screen.findByText(OVERLOADED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(screen.queryByText('Registro inexistente')).toBeNull();
    // Still on the record's address, not sent back to the list.
    expect(screen.queryByText(/Navegação para/)).toBeNull();
  });

  it('still answers a record that is gone (404) with "Registro inexistente" and the list', async () => {
    serverAnswering(() => json(404, { message: 'Registro não encontrado.' }));
    renderEdit();
    expect(await screen.findByText('Registro inexistente')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Navegação para/).textContent).toContain(`${ADMIN_BASENAME}/ensinos`));
  });

  it('does not end the session when the session check finds the server busy', async () => {
    localStorage.setItem(TOKEN_KEY, 'a-token');
    serverAnswering(busy);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('a-token');
  });
});

describe('a busy server (503) while a file is downloaded', () => {
  const CSV = () =>
    new Response('\uFEFFCódigo do aluno;Aluno\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const XLSX_FILE = () => new Response(new Blob(['PK']), { headers: { 'content-type': XLSX } });
  /** Told to come back in a second: long enough for the busy toast to be seen before the file replaces it. */
  const busyForASecond = () => json(503, { message: OVERLOADED }, { 'Retry-After': '1' });
  let saved: string[];
  let files: string[];

  /** Lists answer at once; each file request takes the next of `fileAnswers` (the last one repeated). */
  function filesAnswering(...fileAnswers: (() => Response)[]) {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.includes('.csv?') || url.startsWith('/api/exports/')) {
        files.push(url);
        return (fileAnswers.length > 1 ? fileAnswers.shift()! : fileAnswers[0])();
      }
      if (url.startsWith('/api/teams')) return json(200, { data: [{ id: 4, name: 'Enfermagem 2026.1' }] });
      return json(200, { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
    });
  }

  function openReport(path: string) {
    return render(
      <AdminStory path={`${ADMIN_BASENAME}/reports/${path}`} route={`${ADMIN_BASENAME}/reports/*`} resource="reports">
        <ReportPage />
      </AdminStory>,
    );
  }

  beforeEach(() => {
    saved = [];
    files = [];
    URL.createObjectURL = () => 'blob:arquivo';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends a CSV download again after Retry-After and saves the file', async () => {
    filesAnswering(busyForASecond, CSV);
    openReport('general-report-of-students');
    fireEvent.click(await screen.findByRole('button', { name: 'CSV' }));
    expect(await screen.findByText(SERVER_BUSY_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['relatorio_geral_de_alunos.csv']), { timeout: 3000 });
    expect(files).toHaveLength(2);
  });

  it('sends a report again after Retry-After, and tells the server words when it stays busy', async () => {
    filesAnswering(busyForASecond, XLSX_FILE);
    openReport('alunos-por-turma');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Turma' }), { target: { value: 'enf' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ENFERMAGEM 2026.1' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText(SERVER_BUSY_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['alunos_por_turma.xlsx']), { timeout: 3000 });
    expect(await screen.findByText('Arquivo alunos_por_turma.xlsx gerado.')).toBeTruthy();
    expect(files).toHaveLength(2);

    filesAnswering(busy);
    files = [];
    fireEvent.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText(OVERLOADED)).toBeTruthy();
    expect(files).toHaveLength(BUSY_RETRIES + 1);
    expect(saved).toEqual(['alunos_por_turma.xlsx']);
  });
});
