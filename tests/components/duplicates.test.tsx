import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { USER_KEY } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { DuplicatesPage } from '../../src/duplicates/DuplicatesPage';
import { AdminStory } from '../../stories/support';
import { HELOISA_PAIR } from '../../stories/support/duplicates';

/** Secretaria › Alunos › Possíveis duplicados: the pairs, the side-by-side confirmation, the merge and the refresh. */

// The story's pair: a student typed by the office and again by an import.
const PAIR = HELOISA_PAIR;
const page = (data: unknown[]) => ({ data, total: data.length, current_page: 1, last_page: 1, per_page: 20 });

let asked: { method: string; path: string; body?: unknown }[];
let merged: boolean;

beforeEach(() => {
  asked = [];
  merged = false;
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({
      id: 3,
      name: 'Secretária',
      email: 's@escola.com.br',
      permissions: ['students.write', 'students.personal'],
    }),
  );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://escola.test').pathname;
    const method = init?.method ?? 'GET';
    asked.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (method === 'POST') {
      merged = true;
      return json({ data: { id: 31, merged: 12 }, message: 'Alunos unidos com sucesso!' });
    }
    return json(page(merged ? [] : [PAIR]));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('shows both records side by side, merges into the one chosen, tells so and reloads the list', async () => {
  render(
    <AdminStory path="/admin/alunos/duplicados" resource="alunos" dataProvider={dataProvider}>
      <DuplicatesPage kind="students" />
    </AdminStory>,
  );
  expect(await screen.findByText('Mesmo nome e mãe')).toBeTruthy();
  expect(screen.getByText('Mesmo nome e data de nascimento')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /^Unir HELOÍSA MARTINS COSTA/ }));

  const dialog = await screen.findByRole('dialog');
  const first = within(dialog).getByRole('region', { name: 'Registro nº 12' });
  const second = within(dialog).getByRole('region', { name: 'Registro nº 31' });
  expect(within(first).getByText('529.982.247-25')).toBeTruthy();
  expect(within(first).getByText('09/04/2011')).toBeTruthy();
  expect(within(first).getByText('ROSÂNGELA MARTINS')).toBeTruthy();
  expect(within(first).getByText('2 matrículas')).toBeTruthy();
  expect(within(first).getByText('11 cobranças')).toBeTruthy();
  expect(within(second).getByText('1 matrícula')).toBeTruthy();
  expect(within(second).getByText('0 cobranças')).toBeTruthy();
  // The older record stays unless the office chooses the other.
  expect(within(first).getByText('Nº 12 · fica')).toBeTruthy();
  fireEvent.click(within(second).getByRole('radio'));
  expect(within(second).getByText('Nº 31 · fica')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Unir' }));

  expect(await screen.findByText('Alunos unidos com sucesso!')).toBeTruthy();
  expect(await screen.findByText('Nenhum possível duplicado encontrado.')).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(asked.filter((a) => a.method === 'POST')).toEqual([
    { method: 'POST', path: '/api/students/31/merge', body: { from: 12 } },
  ]);
  expect(asked.filter((a) => a.method === 'GET').map((a) => a.path)).toEqual([
    '/api/students/duplicates',
    '/api/students/duplicates',
  ]);
});
