import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { PERMISSIONS } from '../../resources/permissions';
import { RoleCreate, RoleEdit } from '../../src/roles/RoleEditor';
import { ADMIN_BASENAME, AdminStory } from '../../stories/support';

/** The Perfis editor against a fake `/api` (fetch stubbed): the catalogue's groups, and what is sent on save. */

// The machine is shared: a toast may take more than the default second to show.
configure({ asyncUtilTimeout: 5000 });

const COORDINATION = {
  id: 6,
  key: 'coordenacao_pedagogica',
  name: 'Coordenação pedagógica',
  builtin: false,
  users_count: 1,
  permissions: ['students.read'],
  created_at: '2026-03-09T13:25:00.000Z',
};
const ADMINISTRATION = {
  ...COORDINATION,
  id: 1,
  key: 'administracao',
  name: 'Administração',
  builtin: true,
  permissions: PERMISSIONS.map((p) => p.key),
};

let calls: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url, method, body });
    const answer = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    // The server's catalogue, one label changed: the screen must show the server's words, not a copy of its own.
    if (url === '/api/permissions')
      return answer(
        200,
        PERMISSIONS.map((p) => (p.key === 'teams.read' ? { ...p, label: 'Ver turmas e seus horários' } : p)),
      );
    if (url === '/api/roles/6' && method === 'GET') return answer(200, [COORDINATION]);
    if (url === '/api/roles/1' && method === 'GET') return answer(200, [ADMINISTRATION]);
    if (url === '/api/roles/6' && method === 'PUT')
      return answer(200, { data: { ...COORDINATION, ...body }, message: 'Perfil atualizado com sucesso!' });
    if (url === '/api/roles' && method === 'POST') {
      if (body.name === 'Secretaria')
        return answer(422, {
          message: 'Os dados fornecidos são inválidos.',
          errors: { name: ['Já existe um perfil com este nome ou esta chave.'] },
        });
      return answer(201, { data: { ...body, id: 9, key: 'portaria', builtin: false }, message: 'Perfil criado!' });
    }
    return answer(404, { message: 'Rota não encontrada.' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string, route: string, screenElement: React.ReactNode) =>
  render(
    <AdminStory
      path={`${ADMIN_BASENAME}${path}`}
      route={`${ADMIN_BASENAME}${route}`}
      resource="perfis"
      dataProvider={dataProvider}
    >
      {screenElement}
    </AdminStory>,
  );

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

it('shows the permissions in the groups of the server’s catalogue, with the role’s ticked, and sends them on save', async () => {
  renderAt('/perfis/6/editar', '/perfis/:id/editar', <RoleEdit />);
  const students = await screen.findByRole('group', { name: /^Alunos/ });
  expect(within(students).getAllByRole('checkbox').length).toBe(6); // the group's box and its five permissions
  expect(
    (within(students).getByRole('checkbox', { name: 'Ver alunos, matrículas e documentos' }) as HTMLInputElement)
      .checked,
  ).toBe(true);
  const teams = screen.getByRole('group', { name: /^Turmas/ });
  expect(within(teams).getByRole('checkbox', { name: 'Ver turmas e seus horários' })).toBeTruthy();
  for (const group of ['Cadastros básicos', 'Financeiro', 'Relatórios', 'Administração'])
    expect(screen.getByRole('group', { name: new RegExp(`^${group}`) })).toBeTruthy();
  // The key of a role is not changed once made.
  expect((screen.getByRole('textbox', { name: 'Chave' }) as HTMLInputElement).disabled).toBe(true);

  fireEvent.click(box('Ver turmas e seus horários'));
  // A group's box ticks all of it.
  fireEvent.click(box('Financeiro: todas as permissões'));
  expect(box('Ver cobranças, pagamentos e recibos').checked).toBe(true);
  expect(box('Lançar e alterar cobranças, pagamentos e seus tipos').checked).toBe(true);
  expect(box('Alunos: todas as permissões').getAttribute('data-indeterminate')).toBe('true');
  fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), { target: { value: 'Coordenação Pedagógica' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));

  await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
  expect(calls.find((c) => c.method === 'PUT')).toEqual({
    url: '/api/roles/6',
    method: 'PUT',
    body: {
      name: 'Coordenação Pedagógica',
      // Financeiro's group holds the NFS-e's permission too (issue 41).
      permissions: ['students.read', 'teams.read', 'finance.read', 'finance.write', 'invoices.manage'],
    },
  });
  expect(await screen.findByText('Registro atualizado com sucesso!')).toBeTruthy();
});

it('keeps Administração’s management of users and roles ticked, and its key read-only', async () => {
  renderAt('/perfis/1/editar', '/perfis/:id/editar', <RoleEdit />);
  const manage = await screen.findByRole('checkbox', { name: 'Gerenciar usuários e perfis' });
  expect((manage as HTMLInputElement).checked).toBe(true);
  expect((manage as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(box('Administração: todas as permissões'));
  expect(box('Gerenciar usuários e perfis').checked).toBe(true);
  expect(box('Alterar as configurações da escola').checked).toBe(false);
  expect(screen.getByText('A chave de um perfil padrão não pode ser alterada.')).toBeTruthy();
});

it('creates a role with the key left blank, and shows the server’s refusal under the name', async () => {
  renderAt('/perfis/registrar', '/perfis/registrar', <RoleCreate />);
  fireEvent.change(await screen.findByRole('textbox', { name: /Nome/ }), { target: { value: 'Secretaria' } });
  fireEvent.click(box('Ver alunos, matrículas e documentos'));
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  expect(await screen.findByText('Já existe um perfil com este nome ou esta chave.')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')[0].body).toEqual({
    name: 'Secretaria',
    permissions: ['students.read'],
  });

  fireEvent.change(screen.getByRole('textbox', { name: /Nome/ }), { target: { value: 'Portaria' } });
  fireEvent.click(screen.getByRole('button', { name: /Salvar/ }));
  expect(await screen.findByText('Registro criado com sucesso!')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')[1].body).toEqual({
    name: 'Portaria',
    permissions: ['students.read'],
  });
});
