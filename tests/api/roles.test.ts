import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { ADMIN, describeOnDatabases, ROLE_IDS } from './support/server';

describeOnDatabases('roles and permissions', (dialect) => {
  // One school for the file: each test makes users and roles of its own (distinct e-mails and names).
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown, token = shared.token) =>
    shared.server.request(method, path, { token, body });

  /** A new user with the role, signed in. */
  async function signedInAs(role_id: number, name: string): Promise<{ id: number; token: string }> {
    const email = `${name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\W+/g, '.')}@escolamodelo.edu.br`;
    const created = await call('POST', '/api/users', { name, email, password: 'senha-do-perfil-1', role_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.data.id, token: await shared.server.session(email) };
  }

  it('signs in with the role and its permissions, and delivers only the menu the role may open', async () => {
    const admin = await call('POST', '/api/auth/login', ADMIN, '');
    expect(admin.body.role).toMatchObject({ id: ROLE_IDS.administracao, key: 'administracao', name: 'Administração' });
    expect(admin.body.permissions).toEqual(expect.arrayContaining(['users.manage', 'settings.manage']));
    await signedInAs(ROLE_IDS.financeiro, 'Fátima Financeiro');
    const clerk = await call(
      'POST',
      '/api/auth/login',
      { email: 'fatima.financeiro@escolamodelo.edu.br', password: 'senha-do-perfil-1' },
      '',
    );
    expect(clerk.status).toBe(200);
    expect(clerk.body.role).toMatchObject({ key: 'financeiro', name: 'Financeiro' });
    expect(clerk.body.permissions).toContain('finance.write');
    expect(clerk.body.permissions).not.toContain('students.write');
    const entries = clerk.body.menu.flatMap((g: { children: { action: string }[] }) => g.children.map((c) => c.action));
    expect(entries).toContain('Relatório de inadimplentes');
    expect(entries).not.toContain('Usuários');
    expect(entries).not.toContain('Configurações da escola');
    expect(entries).not.toContain('Importar');
    expect(entries).not.toContain('Boletim do aluno');
    const me = await call('POST', '/api/auth/me', undefined, clerk.body.access_token);
    expect(me.body).toMatchObject({ name: 'Fátima Financeiro', role: { key: 'financeiro' } });
    expect(me.body.permissions).toEqual(clerk.body.permissions);
  });

  it("offers the diary's screen, Minhas aulas, to whoever enters grades: the teacher and the office", async () => {
    const login = async (role: number, name: string, email: string) => {
      await signedInAs(role, name);
      const answer = await call('POST', '/api/auth/login', { email, password: 'senha-do-perfil-1' }, '');
      expect(answer.status).toBe(200);
      return answer.body.menu as { text: string; children: { action: string; path: string; icon?: string }[] }[];
    };
    const diary = { action: 'Minhas aulas', path: '/admin/minhas-aulas', icon: 'event' };
    const teacher = await login(ROLE_IDS.professor, 'Paulo Professor', 'paulo.professor@escolamodelo.edu.br');
    expect(teacher.find((g) => g.text === 'Pedagógico')?.children).toContainEqual(diary);
    const office = await login(ROLE_IDS.secretaria, 'Sônia Secretaria', 'sonia.secretaria@escolamodelo.edu.br');
    expect(office.find((g) => g.text === 'Pedagógico')?.children).toContainEqual(diary);
    const clerk = await login(ROLE_IDS.financeiro, 'Flávio Financeiro', 'flavio.financeiro@escolamodelo.edu.br');
    expect(clerk.flatMap((g) => g.children.map((c) => c.action))).not.toContain('Minhas aulas');
  });

  it('gives the teacher a menu of teaching: their classes and students, Minhas aulas, no master data', async () => {
    await signedInAs(ROLE_IDS.professor, 'Tânia Professora');
    const answer = await call(
      'POST',
      '/api/auth/login',
      { email: 'tania.professora@escolamodelo.edu.br', password: 'senha-do-perfil-1' },
      '',
    );
    const menu = answer.body.menu as { text: string; children: { action: string }[] }[];
    expect(menu.map((g) => [g.text, g.children.map((c) => c.action)])).toEqual([
      ['Secretaria', ['Alunos']],
      ['Pedagógico', ['Turmas', 'Minhas aulas']],
    ]);
    // The role still reads the master data its classes name (a grade's disciplines): only the menu is the teacher's.
    expect(answer.body.permissions).toContain('master.read');
    // The direction, reading everything, keeps the school's master data in its menu.
    await signedInAs(ROLE_IDS.direcao, 'Débora Direção');
    const direction = await call(
      'POST',
      '/api/auth/login',
      { email: 'debora.direcao@escolamodelo.edu.br', password: 'senha-do-perfil-1' },
      '',
    );
    const entries = direction.body.menu.flatMap((g: { children: { action: string }[] }) =>
      g.children.map((c) => c.action),
    );
    expect(entries).toEqual(expect.arrayContaining(['Alunos', 'Turmas', 'Cursos', 'Disciplinas']));
    expect(entries).not.toContain('Minhas aulas');
  });

  it('answers 403 naming what the role may not do, and lets it do what it may', async () => {
    const { token } = await signedInAs(ROLE_IDS.secretaria, 'Sara Secretaria');
    expect((await call('GET', '/api/students', undefined, token)).status).toBe(200);
    expect(await call('GET', '/api/users', undefined, token)).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para gerenciar usuários e perfis.' },
    });
    expect(await call('POST', '/api/financials', {}, token)).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para lançar e alterar cobranças, pagamentos e seus tipos.' },
    });
    expect((await call('PUT', '/api/school-settings', {}, token)).status).toBe(403);
  });

  it('keeps the catalogue and the roles: custom roles, fixed keys of the built-in ones, roles in use', async () => {
    const catalogue = await call('GET', '/api/permissions');
    expect(catalogue.status).toBe(200);
    const keys = catalogue.body.map((p: { key: string }) => p.key);
    for (const key of ['users.manage', 'settings.manage', 'students.personal', 'students.access_log', 'teams.write'])
      expect(keys).toContain(key);
    expect(catalogue.body[0]).toEqual({ key: expect.any(String), label: expect.any(String), group: 'Alunos' });

    const created = await call('POST', '/api/roles', { name: 'Coordenação Pedagógica', permissions: ['teams.read'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      key: 'coordenacao_pedagogica',
      name: 'Coordenação Pedagógica',
      permissions: ['teams.read'],
      builtin: false,
    });
    const list = await call('GET', '/api/roles?perPage=50');
    expect(list.body.data.find((r: { key: string }) => r.key === 'direcao')).toMatchObject({
      builtin: true,
      permissions: expect.arrayContaining(['reports.financial']),
    });
    const unknown = await call('POST', '/api/roles', { name: 'Outro', permissions: ['tudo.liberado'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.permissions).toEqual(['Permissão desconhecida: tudo.liberado.']);
    expect((await call('POST', '/api/roles', { name: 'Coordenação Pedagógica', permissions: [] })).status).toBe(422);

    // The built-in Professor as it was, given back below: the other tests of this server sign teachers in.
    type Role = { id: number; name: string; permissions: string[] };
    const professor = ((await call('GET', '/api/roles?perPage=50')).body.data as Role[]).find(
      (r) => r.id === ROLE_IDS.professor,
    )!;
    const rename = await call('PUT', `/api/roles/${ROLE_IDS.professor}`, { key: 'docente' });
    expect(rename.body.errors).toEqual({ key: ['A chave de um perfil padrão não pode ser alterada.'] });
    const perms = await call('PUT', `/api/roles/${ROLE_IDS.professor}`, {
      name: 'Professores',
      permissions: ['teams.read', 'grades.write'],
    });
    expect(perms.body.data).toMatchObject({ key: 'professor', name: 'Professores', builtin: true });
    expect(perms.body.data.permissions).toEqual(['grades.write', 'teams.read']);
    expect((await call('DELETE', `/api/roles/${ROLE_IDS.professor}`)).status).toBe(409);
    const restored = await call('PUT', `/api/roles/${ROLE_IDS.professor}`, {
      name: professor.name,
      permissions: professor.permissions,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);

    const role = created.body.data.id;
    await signedInAs(role, 'Coordenadora Lia');
    expect(await call('DELETE', `/api/roles/${role}`)).toEqual({
      status: 409,
      body: { message: 'Este perfil está em uso por 1 usuário: dê outro perfil a ele antes de apagá-lo.' },
    });
    const spare = await call('POST', '/api/roles', { name: 'Sem uso', permissions: [] });
    expect((await call('DELETE', `/api/roles/${spare.body.data.id}`)).status).toBe(200);
    expect((await call('GET', `/api/roles/${spare.body.data.id}`)).status).toBe(404);
  });

  it('lists each role with how many users hold it (the Perfis list, which shows which ones are in use)', async () => {
    const role = await call('POST', '/api/roles', { name: 'Portaria', permissions: ['students.read'] });
    const count = async () => {
      const list = await call('GET', '/api/roles?perPage=50');
      return list.body.data.find((r: { id: number }) => r.id === role.body.data.id).users_count;
    };
    expect(await count()).toBe(0);
    await signedInAs(role.body.data.id, 'Paulo Porteiro');
    await signedInAs(role.body.data.id, 'Rita Recepção');
    expect(await count()).toBe(2);
    const record = await call('GET', `/api/roles/${role.body.data.id}`);
    expect(record.body[0]).toMatchObject({ name: 'Portaria', users_count: 2, builtin: false });
  });

  // Another instance applies it within the caches' 5 seconds; the instance that made the change, at once.
  it('applies a change of a role’s permissions at once on the instance that made it', async () => {
    const role = await call('POST', '/api/roles', { name: 'Leitura de turmas', permissions: ['teams.read'] });
    const { token } = await signedInAs(role.body.data.id, 'Tadeu Turmas');
    expect((await call('GET', '/api/teams', undefined, token)).status).toBe(200);
    await call('PUT', `/api/roles/${role.body.data.id}`, { permissions: [] });
    expect((await call('GET', '/api/teams', undefined, token)).status).toBe(403);
    const me = await call('POST', '/api/auth/me', undefined, token);
    expect(me.body.permissions).toEqual([]);
  });

  it('applies a change of a user’s role at once on the instance that made it', async () => {
    const { id, token } = await signedInAs(ROLE_IDS.administracao, 'Rebeca Remanejada');
    // Her session is now remembered by this instance, with its role.
    expect((await call('GET', '/api/users', undefined, token)).status).toBe(200);
    expect((await call('PUT', `/api/users/${id}`, { role_id: ROLE_IDS.professor })).status).toBe(200);
    expect(await call('GET', '/api/users', undefined, token)).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para gerenciar usuários e perfis.' },
    });
    const me = await call('POST', '/api/auth/me', undefined, token);
    expect(me.body.role).toMatchObject({ key: 'professor' });
  });

  it('keeps the last Administração user', async () => {
    // A user without a role may do nothing (tests/api/original-client.test.ts); taking the last admin's is refused.
    const adminId = (await call('POST', '/api/auth/me')).body.id;
    const demote = await call('PUT', `/api/users/${adminId}`, { role_id: ROLE_IDS.secretaria });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/último usuário com o perfil Administração/);
    const unrole = await call('PUT', `/api/users/${adminId}`, { role_id: null });
    expect(unrole.status).toBe(409);
    expect(unrole.body.message).toMatch(/último usuário com o perfil Administração/);
    // Someone else who manages users (a custom role) may not delete the last one either.
    const managers = await call('POST', '/api/roles', { name: 'Gestão de usuários', permissions: ['users.manage'] });
    const manager = await signedInAs(managers.body.data.id, 'Gestor Gil');
    const removal = await call('DELETE', `/api/users/${adminId}`, undefined, manager.token);
    expect(removal.status).toBe(409);
    expect(removal.body.message).toMatch(/último usuário com o perfil Administração/);
    // With a second one, the first may be given another role.
    const second = await signedInAs(ROLE_IDS.administracao, 'Ana Administradora');
    expect((await call('PUT', `/api/users/${second.id}`, { role_id: ROLE_IDS.direcao })).status).toBe(200);
  });
});
