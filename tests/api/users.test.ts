import { expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { ADMIN, describeOnDatabases, ROLE_IDS } from './support/server';

describeOnDatabases('users', (dialect) => {
  // A school of its own per test: users made by one test are not in the next one's lists.
  const fresh = serverPerTest(dialect);
  const call = (method: string, path: string, body?: unknown, as = fresh.token) =>
    fresh.server.request(method, path, { token: as, body });

  it('registers a user with a hashed password that signs in, never answering the password', async () => {
    const created = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Paula Souza',
      email: 'Paula@Escola.com.br',
      password: 'senha-forte-1',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Paula Souza', email: 'paula@escola.com.br' });
    expect(JSON.stringify(created.body)).not.toMatch(/password|senha-forte/);
    const row = await fresh.server.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'paula@escola.com.br')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await fresh.server.login('paula@escola.com.br', 'senha-forte-1')).toBeTruthy();
    const list = await call('GET', '/api/users?search=paula');
    expect(JSON.stringify(list.body)).not.toContain('argon2');
  });

  it('validates e-mail uniqueness and password length, in pt-BR', async () => {
    const dup = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Outro',
      email: ADMIN.email.toUpperCase(),
      password: 'curta',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ password: ['O campo Senha deve ter pelo menos 8 caracteres.'] });
    const taken = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Outro',
      email: ADMIN.email,
      password: 'suficiente-1',
    });
    expect(taken.body.errors).toEqual({ email: ['Este e-mail já está em uso por outro usuário.'] });
    const missing = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Sem senha',
      email: 'sem@escola.com.br',
    });
    expect(missing.body.errors).toEqual({ password: ['O campo Senha é obrigatório.'] });
  });

  it('edits without touching the password unless one is sent; the e-mail is read-only', async () => {
    const { body } = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Rui',
      email: 'rui@escola.com.br',
      password: 'senha-antiga-1',
    });
    const id = body.data.id;
    const ruiToken = await fresh.server.login('rui@escola.com.br', 'senha-antiga-1');

    const renamed = await call('PUT', `/api/users/${id}`, { name: 'Rui Barbosa', email: 'outro@escola.com.br' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Rui Barbosa', email: 'rui@escola.com.br' });
    expect(await fresh.server.login('rui@escola.com.br', 'senha-antiga-1')).toBeTruthy();
    expect((await call('POST', '/api/auth/me', undefined, ruiToken)).status).toBe(200);

    const changed = await call('PUT', `/api/users/${id}`, { password: 'senha-nova-123' });
    expect(changed.status).toBe(200);
    expect(await fresh.server.login('rui@escola.com.br', 'senha-nova-123')).toBeTruthy();
    await expect(fresh.server.login('rui@escola.com.br', 'senha-antiga-1')).rejects.toThrow(/401/);
    // A new password signs every old session out.
    expect((await call('POST', '/api/auth/me', undefined, ruiToken)).status).toBe(401);
  });

  it('refuses to delete the signed-in user, but deletes others', async () => {
    const me = await call('POST', '/api/auth/me');
    expect(await call('DELETE', `/api/users/${me.body.id}`)).toEqual({
      status: 409,
      body: { message: 'Você não pode apagar o seu próprio usuário.' },
    });
    const { body } = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Temporário',
      email: 'temp@escola.com.br',
      password: 'temporario-1',
    });
    expect((await call('DELETE', `/api/users/${body.data.id}`)).status).toBe(200);
  });

  it('lists sortable by id and name only', async () => {
    // Created out of alphabetical order (and with an accent first) so that a missing sort shows.
    for (const [name, email] of [
      ['Zuleica Prado', 'zuleica'],
      ['Álvaro Lima', 'alvaro'],
      ['Márcia Souza', 'marcia'],
    ]) {
      expect(
        (
          await call('POST', '/api/users', {
            role_id: ROLE_IDS.secretaria,
            name,
            email: `${email}@escola.com.br`,
            password: 'senha-forte-1',
          })
        ).status,
      ).toBe(201);
    }
    const ours = (names: string[]) => names.filter((n) => ['Zuleica Prado', 'Álvaro Lima', 'Márcia Souza'].includes(n));
    const byName = await call('GET', '/api/users?sortBy=name&sortDesc=0&page=0');
    const names = byName.body.data.map((u: { name: string }) => u.name);
    expect(ours(names)).toEqual(['Álvaro Lima', 'Márcia Souza', 'Zuleica Prado']);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    const desc = await call('GET', '/api/users?sortBy=name&sortDesc=1&page=0');
    expect(ours(desc.body.data.map((u: { name: string }) => u.name))).toEqual([
      'Zuleica Prado',
      'Márcia Souza',
      'Álvaro Lima',
    ]);
    expect((await call('GET', '/api/users?sortBy=password_hash')).status).toBe(422);
  });
});
