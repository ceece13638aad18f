import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { byName } from '../db/name-order';

/**
 * `GET /users/names`: every user's id and name, for the financial reports' "Criado por / Atualizado por /
 * Recebido por" filters. Whoever may issue those reports (Financeiro, Direção) must be able to choose a
 * user there without being allowed to read the users list (e-mails, roles): `GET /users` stays `users.manage`.
 * Answered in the lists' `{data}` envelope, as every lookup of the report forms reads it.
 */
export function registerUserNamesRoute(app: FastifyInstance, db: Db): void {
  app.get('/users/names', { config: { access: 'reports.financial' } }, async () => {
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'name'])
      .orderBy(byName(db, 'name'))
      .orderBy('id')
      .execute();
    return { data: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
  });
}
