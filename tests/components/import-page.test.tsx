import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { ImportPage } from '../../src/imports/ImportPage';
import type { ImportView } from '../../src/imports/imports';
import { AdminStory } from '../../stories/support';

/** Administração › Importar: check a file, see its problems, confirm, watch the progress, get the result. */

const base: ImportView = {
  id: 7,
  kind: 'students',
  status: 'preview',
  total: 3,
  done: 0,
  valid: 2,
  created: 1,
  updated: 1,
  unchanged: 0,
  errors: [{ line: 3, column: 'CPF', message: 'Linha 3, coluna CPF: CPF inválido.' }],
  more_errors: 0,
  warnings: ['Coluna desconhecida ignorada: "Apelido".'],
  dry_run: true,
  only_valid: false,
  file_name: 'alunos.csv',
  resumed: 0,
  created_by: { id: 1, name: 'Secretaria Escolar' },
  created_at: '2026-11-28T13:00:00.000Z',
  finished_at: '2026-11-28T13:00:01.000Z',
  preview: {
    columns: ['Nome', 'CPF', 'Nascimento'],
    rows: [
      ['Heloísa Martins Costa', '123.456.789-09', '01/03/2010'],
      ['João Pedro dos Santos', '987.654.321-00', '15/07/2011'],
    ],
  },
};

let asked: { method: string; path: string; form?: Record<string, string> }[];
let polls: number;

beforeEach(() => {
  asked = [];
  polls = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    const method = init.method ?? 'GET';
    const form =
      init.body instanceof FormData
        ? Object.fromEntries([...init.body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'arquivo']))
        : undefined;
    asked.push({ method, path, form });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'POST' && path === '/api/imports')
      return form?.dry_run === '1'
        ? json({ data: base }, 201)
        : json({ data: { ...base, id: 8, status: 'queued', dry_run: false, only_valid: true } }, 201);
    if (path === '/api/imports/8') {
      polls++;
      return json({
        data:
          polls < 2
            ? { ...base, id: 8, status: 'running', done: 1, dry_run: false, only_valid: true }
            : { ...base, id: 8, status: 'done', done: 3, dry_run: false, only_valid: true },
      });
    }
    if (path === '/api/imports') return json({ data: [{ ...base, status: 'done', dry_run: false }], total: 1 });
    return json({ message: 'não encontrado' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: string[]) =>
  localStorage.setItem(USER_KEY, JSON.stringify({ id: 1, name: 'Secretaria', email: 's@escola.com.br', permissions }));

it('offers what the role may write, checks the file and shows its rows and problems before anything runs', async () => {
  signedInWith(['imports.run', 'students.write', 'teams.write']);
  render(
    <AdminStory path="/admin/importar" dataProvider={dataProvider} authProvider={authProvider}>
      <ImportPage />
    </AdminStory>,
  );
  // Only what the role may write is offered: no charges (finance.write) nor grades (grades.write).
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'O que importar' }));
  const options = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(options).toEqual(['Alunos e responsáveis', 'Turmas', 'Matrículas']);
  fireEvent.click(screen.getByRole('option', { name: 'Alunos e responsáveis' }));

  const file = new File(['Nome;CPF\n'], 'alunos.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Planilha (XLSX ou CSV)'), { target: { files: [file] } });
  expect(screen.getByText('Arquivo: alunos.csv')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));

  expect(await screen.findByText('3 linhas: 2 válidas, 1 com erro.')).toBeTruthy();
  expect(screen.getByText('Se importar: 1 novo, 1 alterado, 0 sem mudança.')).toBeTruthy();
  expect(screen.getByText('Heloísa Martins Costa')).toBeTruthy();
  // A CPF and a date are read as one word: never broken at their hyphen or slash; a name wraps as text does.
  const cellOf = (text: string) => screen.getByText(text).closest('td')!;
  expect(getComputedStyle(cellOf('123.456.789-09')).whiteSpace).toBe('nowrap');
  expect(getComputedStyle(cellOf('01/03/2010')).whiteSpace).toBe('nowrap');
  expect(getComputedStyle(cellOf('Heloísa Martins Costa')).whiteSpace).not.toBe('nowrap');
  expect(screen.getByText('Linha 3, coluna CPF: CPF inválido.')).toBeTruthy();
  expect(screen.getByText('Coluna desconhecida ignorada: "Apelido".')).toBeTruthy();
  // With a wrong line and without "só as válidas", nothing can be run.
  expect(screen.getByRole('button', { name: 'Importar as 2 linhas válidas' })).toHaveProperty('disabled', true);
  expect(asked.find((a) => a.method === 'POST')?.form).toEqual({
    kind: 'students',
    dry_run: '1',
    only_valid: '0',
    file_name: 'alunos.csv',
    file: 'arquivo',
  });

  fireEvent.click(screen.getByRole('checkbox', { name: /Importar só as linhas válidas/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));
  // The second check answers the same preview in this test; its choice is what the run sends.
  await screen.findByRole('button', { name: 'Importar as 2 linhas válidas' });
  expect(asked.filter((a) => a.method === 'POST').at(-1)?.form?.only_valid).toBe('1');
});

it('watches a run until it ends and tells the result', async () => {
  signedInWith(['imports.run', 'students.write']);
  base.only_valid = true;
  render(
    <AdminStory path="/admin/importar" dataProvider={dataProvider} authProvider={authProvider}>
      <ImportPage />
    </AdminStory>,
  );
  const file = new File(['Nome;CPF\n'], 'alunos.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Planilha (XLSX ou CSV)'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('checkbox', { name: /Importar só as linhas válidas/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Conferir planilha' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Importar as 2 linhas válidas' }));
  // Queued, then running: the bar follows the lines written.
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Importando: 1 de 3 linhas (33%)'));
  expect(await screen.findByText('Importação concluída: Alunos e responsáveis', {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByText(/Pronto: os registros já estão no sistema\. 1 linha com erro ficou de fora\./)).toBeTruthy();
  expect(asked.filter((a) => a.method === 'POST').at(-1)?.form).toEqual({
    kind: 'students',
    dry_run: '0',
    only_valid: '1',
    file_name: 'alunos.csv',
    file: 'arquivo',
  });
  base.only_valid = false;
});
