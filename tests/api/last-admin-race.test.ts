import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * The last Administração user (issue 24) under concurrent requests: two demotions or deletions of the last two
 * administrators, sent at once, must leave one of them. Each alone is allowed; together one gets the 409.
 */
describeOnDatabases('the last administrator under parallel requests', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown, token = shared.token) =>
    shared.server.request(method, path, { token, body });

  async function newUser(role_id: number, email: string): Promise<{ id: number; token: string }> {
    const created = await call('POST', '/api/users', {
      name: email.split('@')[0],
      email,
      password: 'senha-da-corrida-1',
      role_id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.data.id, token: await shared.server.session(email) };
  }

  const administrators = async () =>
    (
      await shared.server.db.kysely
        .selectFrom('users')
        .select('id')
        .where('role_id', '=', ROLE_IDS.administracao)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.id));

  it('refuses one of two parallel demotions or deletions of the last two administrators, every time', async () => {
    // Someone who manages users without being an administrator sends the requests, so that no demotion
    // takes away the sender's own right to send the other.
    const managers = await call('POST', '/api/roles', { name: 'Gestão de usuários', permissions: ['users.manage'] });
    const manager = await newUser(managers.body.data.id, 'gestor.corrida@escolamodelo.edu.br');
    const [first] = await administrators();
    for (let round = 0; round < 6; round++) {
      const second = await newUser(ROLE_IDS.administracao, `admin.corrida.${round}@escolamodelo.edu.br`);
      expect(await administrators()).toEqual([first, second.id]);
      // Even rounds: both demoted; odd rounds: one demoted while the other is deleted.
      const answers = await Promise.all([
        call('PUT', `/api/users/${first}`, { role_id: ROLE_IDS.financeiro }, manager.token),
        round % 2 === 0
          ? call('PUT', `/api/users/${second.id}`, { role_id: ROLE_IDS.financeiro }, manager.token)
          : call('DELETE', `/api/users/${second.id}`, undefined, manager.token),
      ]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body.message).toMatch(/último usuário com o perfil Administração/);
      const left = await administrators();
      expect(left).toHaveLength(1);
      // The next round starts again from the first administrator and a new second one.
      if (left[0] !== first) {
        expect(
          (await call('PUT', `/api/users/${first}`, { role_id: ROLE_IDS.administracao }, manager.token)).status,
        ).toBe(200);
      }
      if (left[0] === second.id || round % 2 === 0) {
        const demoted = await call('PUT', `/api/users/${second.id}`, { role_id: ROLE_IDS.secretaria }, manager.token);
        expect([200, 404]).toContain(demoted.status);
      }
      expect(await administrators()).toEqual([first]);
    }
  });
});
