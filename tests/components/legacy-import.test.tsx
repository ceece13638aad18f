import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authProvider, USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { LEGACY_PERMISSIONS } from '../../resources/legacy-import';
import { ImportPage } from '../../src/imports/ImportPage';
import type { ImportView } from '../../src/imports/imports';
import { AdminStory } from '../../stories/support';
import { axeProblems } from './support/axe';
import { LEGACY_DONE, LEGACY_PREVIEW } from '../../stories/support/imports';

/** Administração › Importar › Do sistema anterior: simulate, see the count per entity, copy, watch it end. */

const SECRET = 'senha-do-sistema-antigo-1';
let posts: Record<string, unknown>[];
let answers: Record<number, ImportView[]>;
let startAnswer: (body: Record<string, unknown>) => Response | undefined;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = [];
  answers = {};
  startAnswer = () => undefined;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://escola.test').pathname;
    const method = init.method ?? 'GET';
    if (method === 'POST' && path === '/api/imports/legacy') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      const refused = startAnswer(body);
      if (refused) return refused;
      const id = body.dry_run ? LEGACY_PREVIEW.id : LEGACY_DONE.id;
      return json({ data: { ...LEGACY_PREVIEW, id, status: 'queued', dry_run: body.dry_run, counts: {} } }, 201);
    }
    const watched = /^\/api\/imports\/(\d+)$/.exec(path);
    if (watched) {
      const queue = answers[Number(watched[1])] ?? [];
      return json({ data: queue.length > 1 ? queue.shift() : queue[0] });
    }
    if (path === '/api/imports') return json({ data: [LEGACY_DONE], total: 1 });
    return json({ message: 'não encontrado' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signedInWith = (permissions: readonly string[]) =>
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ id: 1, name: 'Márcia Secretária', email: 'marcia@escolamodelo.edu.br', permissions }),
  );

const page = () =>
  render(
    <AdminStory path="/admin/importar" dataProvider={dataProvider} authProvider={authProvider}>
      <ImportPage />
    </AdminStory>,
  );

function choosePreviousSystem() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'O que importar' }));
  fireEvent.click(screen.getByRole('option', { name: 'Do sistema anterior' }));
}

const password = () => screen.getByLabelText(/Senha de acesso ao sistema anterior/) as HTMLInputElement;

function fill(address: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /Endereço do sistema anterior/ }), {
    target: { value: address },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /E-mail de acesso/ }), {
    target: { value: 'secretaria@escola-antiga.com.br' },
  });
  fireEvent.change(password(), { target: { value: SECRET } });
}

it('simulates first, shows the count per entity, asks the password again and copies, watching the progress', async () => {
  signedInWith(['imports.run', ...LEGACY_PERMISSIONS]);
  answers[LEGACY_PREVIEW.id] = [
    { ...LEGACY_PREVIEW, status: 'running', done: 5, total: 20, counts: {} },
    LEGACY_PREVIEW,
  ];
  answers[LEGACY_DONE.id] = [{ ...LEGACY_DONE, status: 'running', done: 10, total: 20 }, LEGACY_DONE];
  page();
  choosePreviousSystem();
  expect(screen.getByRole('heading', { name: 'Importar do sistema anterior' })).toBeTruthy();
  // No spreadsheet here: no template nor file to choose.
  expect(screen.queryByRole('button', { name: 'Baixar modelo (XLSX)' })).toBeNull();
  expect(password().type).toBe('password');
  fill('https://secretaria.escola-antiga.com.br');
  fireEvent.click(screen.getByRole('button', { name: 'Simular importação' }));

  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toEqual({
    base_url: 'https://secretaria.escola-antiga.com.br',
    email: 'secretaria@escola-antiga.com.br',
    password: SECRET,
    dry_run: true,
  });
  // Sent, and gone from the screen.
  expect(password().value).toBe('');
  expect(
    await screen.findByText('Simulação: Sistema anterior (secretaria.escola-antiga.com.br)', {}, { timeout: 5000 }),
  ).toBeTruthy();
  const counts = within(screen.getByRole('list', { name: 'Registros por tipo' }));
  expect(counts.getByText('Alunos: 120 novos, 3 alterados, 0 sem mudança')).toBeTruthy();
  expect(counts.getByText('Cobranças: 1.440 novos, 0 alterados, 12 sem mudança')).toBeTruthy();
  expect(await axeProblems()).toEqual([]);

  // The copy needs the password typed again: nothing is sent without it.
  fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
  expect(await screen.findByText('Digite a senha de novo: ela não fica guardada na tela.')).toBeTruthy();
  expect(posts).toHaveLength(1);
  fireEvent.change(password(), { target: { value: SECRET } });
  fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
  await waitFor(() => expect(posts).toHaveLength(2));
  expect(posts[1]).toMatchObject({ password: SECRET, dry_run: false });
  expect(password().value).toBe('');
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Importando: 10 de 20 passos (50%)'));
  expect(
    await screen.findByText(
      'Importação concluída: Sistema anterior (secretaria.escola-antiga.com.br)',
      {},
      {
        timeout: 5000,
      },
    ),
  ).toBeTruthy();
  expect(screen.getByText('Alunos: 120 novos, 0 alterados, 3 sem mudança')).toBeTruthy();
  // The history names the copy by where it came from.
  expect(screen.getAllByText('Sistema anterior (secretaria.escola-antiga.com.br)').length).toBeGreaterThan(0);
});

it('tells why a simulation failed in the words the server recorded', async () => {
  signedInWith(['imports.run', ...LEGACY_PERMISSIONS]);
  const message = 'O sistema anterior recusou o e-mail ou a senha informados.';
  answers[LEGACY_PREVIEW.id] = [
    { ...LEGACY_PREVIEW, status: 'failed', counts: {}, errors: [{ line: 0, column: 'base_url', message }] },
  ];
  page();
  choosePreviousSystem();
  fill('https://secretaria.escola-antiga.com.br');
  fireEvent.click(screen.getByRole('button', { name: 'Simular importação' }));
  expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByText('Simulação não concluída: Sistema anterior (secretaria.escola-antiga.com.br)')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
});

it('marks the address the server refused, and a run already going is said where the person is', async () => {
  signedInWith(['imports.run', ...LEGACY_PERMISSIONS]);
  startAnswer = (body) =>
    String(body.base_url).startsWith('ftp')
      ? json(
          {
            message: 'Os dados informados são inválidos.',
            errors: { base_url: ['O endereço do sistema anterior deve começar com http:// ou https://.'] },
          },
          422,
        )
      : json({ message: 'Já há uma importação do sistema anterior em andamento. Aguarde o fim dela.' }, 409);
  page();
  choosePreviousSystem();
  fill('ftp://escola-antiga.com.br');
  fireEvent.click(screen.getByRole('button', { name: 'Simular importação' }));
  expect(await screen.findByText('O endereço do sistema anterior deve começar com http:// ou https://.')).toBeTruthy();
  fill('https://escola-antiga.com.br');
  fireEvent.click(screen.getByRole('button', { name: 'Simular importação' }));
  expect(
    await screen.findByText('Já há uma importação do sistema anterior em andamento. Aguarde o fim dela.'),
  ).toBeTruthy();
});

it('is not offered to a role that may not write everything the copy brings', async () => {
  signedInWith(['imports.run', 'students.write', 'teams.write']);
  page();
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'O que importar' }));
  const options = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(options).not.toContain('Do sistema anterior');
});
