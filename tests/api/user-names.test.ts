import { expect, it } from 'vitest';
import { REPORTS } from '../../reports';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * The financial reports' "Criado por / Atualizado por / Recebido por" filters list the users by name: Financeiro
 * and Direção, who issue those reports, read the names without being allowed the users list.
 */
describeOnDatabases('users’ names for the financial reports’ filters', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, token = shared.token) => shared.server.request(method, path, { token });

  async function signedInAs(role_id: number, email: string): Promise<string> {
    const created = await shared.server.request('POST', '/api/users', {
      token: shared.token,
      body: { name: `Pessoa ${email.split('.')[0]}`, email, password: 'senha-dos-nomes-1', role_id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return shared.server.session(email);
  }

  it('answers every user’s id and name to Financeiro and Direção, and nothing more', async () => {
    const clerk = await signedInAs(ROLE_IDS.financeiro, 'fabia.nomes@escolamodelo.edu.br');
    const principal = await signedInAs(ROLE_IDS.direcao, 'dora.nomes@escolamodelo.edu.br');
    for (const token of [clerk, principal]) {
      const names = await call('GET', '/api/users/names', token);
      expect(names.status, JSON.stringify(names.body)).toBe(200);
      expect(names.body.data).toEqual(
        expect.arrayContaining([
          { id: expect.any(Number), name: 'Pessoa fabia' },
          { id: expect.any(Number), name: 'Pessoa dora' },
          { id: 100, name: expect.any(String) },
        ]),
      );
      // Names only: no e-mail, no role, no password hash.
      for (const row of names.body.data) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
      // The users list itself stays with whoever manages users.
      expect((await call('GET', '/api/users', token)).status).toBe(403);
    }
  });

  it('is refused to a role without the financial reports', async () => {
    const secretary = await signedInAs(ROLE_IDS.secretaria, 'sara.nomes@escolamodelo.edu.br');
    expect(await call('GET', '/api/users/names', secretary)).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para emitir os relatórios financeiros.' },
    });
  });

  it('is where the financial report’s user filters read their choices', () => {
    const fields = REPORTS.flatMap((r) => ('fields' in r ? (r.fields ?? []) : []));
    const userFilters = fields.filter((f) => ['user_id', 'updated_user_id', 'paid_by_user_id'].includes(f.name));
    expect(userFilters.length).toBeGreaterThanOrEqual(3);
    for (const f of userFilters) expect(f.lookup).toBe('users/names');
  });
});
