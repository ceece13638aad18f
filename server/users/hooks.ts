import { hashPassword, verifyPassword } from '../auth/passwords';
import { TokenStore } from '../auth/tokens';
import { dynamic, type Db } from '../db/connection';
import { exclusively } from '../db/lock';
import { ApiError, validationError } from '../http/errors';
import type { ResourceHooks } from '../crud/hooks';
import type { Area } from '../area';
import { ADMIN_ROLE } from '../../resources/permissions';
import { registerUserNamesRoute } from './names';

const CURRENT_MISSING = 'Informe a sua senha atual para trocá-la.';
const CURRENT_WRONG = 'A senha atual não confere.';

async function checkCurrentPassword(db: Db, id: number, current: unknown): Promise<void> {
  if (typeof current !== 'string' || current === '') throw validationError({ current_password: [CURRENT_MISSING] });
  const row = await db.kysely.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  if (!row || !(await verifyPassword(current, row.password_hash)))
    throw validationError({ current_password: [CURRENT_WRONG] });
}

const LAST_ADMIN =
  'Este é o último usuário com o perfil Administração: dê esse perfil a outro usuário antes de mudar ou apagar este.';

/** Refuses to leave the school without an administracao user (nobody could then manage users or roles). */
async function keepAnAdmin(db: Db, userId: number, newRoleId?: unknown): Promise<void> {
  const admin = await db.kysely.selectFrom('roles').select('id').where('key', '=', ADMIN_ROLE).executeTakeFirst();
  if (!admin) return;
  const adminId = Number(admin.id);
  if (newRoleId !== undefined && Number(newRoleId) === adminId) return;
  const user = await db.kysely.selectFrom('users').select('role_id').where('id', '=', userId).executeTakeFirst();
  if (Number(user?.role_id) !== adminId) return;
  const others = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', adminId)
    .where('id', '<>', userId)
    .limit(1)
    .execute();
  if (others.length === 0) throw new ApiError(409, LAST_ADMIN);
}

/** Users: the password is stored hashed, nobody deletes their own user, and an administracao user remains. */
export function userHooks(db: Db): ResourceHooks {
  const tokens = new TokenStore(db, 0);
  return {
    // Two requests demoting or deleting the last two administrators would each see the other one still
    // there: the check and the change of every user's update or delete run one at a time.
    exclusive: (work) => exclusively(db, 'users.last-admin', work),
    async prepareWrite(values, ctx) {
      if (ctx.mode === 'update' && ctx.id !== undefined && values.role_id !== undefined)
        await keepAnAdmin(db, ctx.id, values.role_id);
      const { password, ...rest } = values;
      if (typeof password === 'string' && password !== '') {
        // One's own password changes only with the current one: an open session left on a desk must
        // not be enough to take the account over.
        if (ctx.mode === 'update' && ctx.id !== undefined && ctx.id === ctx.request.user?.id)
          await checkCurrentPassword(
            db,
            ctx.id,
            (ctx.request.body as { current_password?: unknown } | undefined)?.current_password,
          );
        return { ...rest, password_hash: await hashPassword(password) };
      }
      return rest;
    },
    async beforeDelete(id, request) {
      if (request.user?.id === id) throw new ApiError(409, 'Você não pode apagar o seu próprio usuário.');
      await keepAnAdmin(db, id);
      // Its sessions go with it (foreign key): none may be served from memory meanwhile.
      tokens.forgetUser(id);
    },
    async afterUpdate(id, values) {
      // A new password signs the user out of every other session and voids the reset links sent before it.
      if ('password_hash' in values) {
        await tokens.revokeAllOf(id);
        await dynamic(db)
          .updateTable('password_resets')
          .set({ used_at: new Date().toISOString() })
          .where('user_id', '=', id)
          .where('used_at', 'is', null)
          .execute();
      }
    },
  };
}

export const usersArea: Area = {
  routes: (app, { db }) => registerUserNamesRoute(app, db),
  hooks: ({ db }) => ({ users: userHooks(db) }),
};
