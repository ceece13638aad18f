import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** A hash as the server wrote them before Argon2id (scrypt, `scrypt$N$r$p$salt$key`). */
function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describeOnDatabases('passwords stored before Argon2id', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server?.close());

  it("sign a staff member and a family in, and the sign-in replaces the old hash with today's", async () => {
    const k = dynamic(server.db);
    const now = new Date().toISOString();
    const staffHash = scryptHash('senha-antiga-da-secretaria');
    await k
      .insertInto('users')
      .values({
        name: 'Marta Ribeiro',
        email: 'marta.ribeiro@escolamodelo.edu.br',
        password_hash: staffHash,
        role_id: 3,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const guardian = await k
      .insertInto('guardians')
      .values({ name: 'Joana Pereira', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const familyHash = scryptHash('senha-antiga-da-familia');
    await k
      .insertInto('portal_accounts')
      .values({
        guardian_id: guardian.id,
        email: 'joana.pereira@exemplo.com',
        password_hash: familyHash,
        invited_at: now,
        activated_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const staffWrong = await server.request('POST', '/api/auth/login', {
      body: { email: 'marta.ribeiro@escolamodelo.edu.br', password: 'senha-errada' },
    });
    expect(staffWrong.status).toBe(401);
    const stored = async () => [
      (
        await k
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', 'marta.ribeiro@escolamodelo.edu.br')
          .executeTakeFirstOrThrow()
      ).password_hash as string,
      (
        await k
          .selectFrom('portal_accounts')
          .select('password_hash')
          .where('email', '=', 'joana.pereira@exemplo.com')
          .executeTakeFirstOrThrow()
      ).password_hash as string,
    ];
    // A wrong password leaves the old hash where it is.
    expect(await stored()).toEqual([staffHash, familyHash]);

    for (let round = 0; round < 2; round++) {
      const staff = await server.request('POST', '/api/auth/login', {
        body: { email: 'marta.ribeiro@escolamodelo.edu.br', password: 'senha-antiga-da-secretaria' },
      });
      expect(staff.status).toBe(200);
      const family = await server.request('POST', '/api/portal/login', {
        body: { email: 'joana.pereira@exemplo.com', password: 'senha-antiga-da-familia' },
      });
      expect(family.status).toBe(200);
      const [staffNow, familyNow] = await stored();
      expect(staffNow).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(familyNow).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });
});
