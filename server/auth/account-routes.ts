import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users as usersConfig } from '../../resources/users';
import { SIGNED_IN } from '../../resources/permissions';
import { fieldOf, type ResourceConfig } from '../../resources/types';
import { ResourceRepository } from '../crud/repository';
import { fieldSchema } from '../crud/validation';
import { dynamic, type Db } from '../db/connection';
import { parseOr422 } from '../http/errors';
import { CURRENT_MISSING, CURRENT_WRONG, CurrentPassword } from './current-password';
import type { LoginFailures } from './login-limits';
import { hashPassword } from './passwords';
import { matching, newPasswordFields, voidResetLinks } from './password-reset';
import type { TokenStore } from './tokens';

export const PASSWORD_CHANGED = 'Senha alterada com sucesso! As suas outras sessões foram encerradas.';
export const NAME_CHANGED = 'Nome atualizado com sucesso!';

const passwordChangeSchema = z
  .object({
    // Longer than any password a person chose (128): refused before it costs a hash or a guess.
    current_password: z.string({ error: CURRENT_MISSING }).min(1, CURRENT_MISSING).max(1024, CURRENT_WRONG),
    ...newPasswordFields,
  })
  .refine(...matching);

export interface AccountRouteOptions {
  tokens: TokenStore;
  failures: LoginFailures;
  resources: ResourceConfig[];
}

/**
 * Minha conta (issue 34): every signed-in user changes their own name and password here, whatever their role; the
 * users' screen (`users.manage`) stays the only place to change anyone else's.
 */
export function registerAccountRoutes(app: FastifyInstance, db: Db, options: AccountRouteOptions): void {
  const { tokens } = options;
  const current = new CurrentPassword(db, options.failures);
  const config = options.resources.find((r) => r.name === usersConfig.name) ?? usersConfig;
  // The same rules as the users' form, and the same write: the search text and what shows the name follow.
  const nameSchema = z.object({ name: fieldSchema(fieldOf(config, 'name'), 'update') });
  const repo = new ResourceRepository(db, config, options.resources);

  app.put('/auth/me', { config: { access: SIGNED_IN } }, async (request) => {
    const me = request.user!;
    const { name } = parseOr422(nameSchema, request.body) as { name: string };
    await repo.update(me.id, { name });
    // The sessions this process remembers carry the old name.
    tokens.forgetUser(me.id);
    return { data: { id: me.id, name, email: me.email }, message: NAME_CHANGED };
  });

  app.put('/auth/password', { config: { access: SIGNED_IN } }, async (request) => {
    const me = request.user!;
    // The new password's rules first: a typo in it must not cost a guess of the current one.
    const body = parseOr422(passwordChangeSchema, request.body);
    await current.check({ userId: me.id, email: me.email, ip: request.ip }, body.current_password);
    const hash = await hashPassword(body.password);
    const now = new Date().toISOString();
    await dynamic(db)
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', me.id).execute();
        await voidResetLinks(trx, me.id, now);
      });
    // Whoever else holds a session of this account (a desk left open) is out; the person changing it stays in.
    await tokens.revokeAllOf(me.id, request.token);
    return { message: PASSWORD_CHANGED };
  });
}
