import { CurrentPassword } from '../auth/current-password';
import { LoginFailures, type LoginLimits } from '../auth/login-limits';
import { voidResetLinks } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { TokenStore } from '../auth/tokens';
import { dynamic, type Db } from '../db/connection';
import { exclusively } from '../db/lock';
import { ApiError } from '../http/errors';
import type { ResourceHooks } from '../crud/hooks';
import type { Area } from '../area';
import { ADMIN_ROLE } from '../../resources/permissions';
import { registerUserNamesRoute } from './names';

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
export function userHooks(db: Db, limits: LoginLimits): ResourceHooks {
  const tokens = new TokenStore(db, 0);
  const current = new CurrentPassword(db, new LoginFailures(db, limits));
  return {
    // Two requests demoting or deleting the last two administrators would each see the other one still
    // there: the check and the change of every user's update or delete run one at a time.
    exclusive: (work) => exclusively(db, 'users.last-admin', work),
    async prepareWrite(values, ctx) {
      if (ctx.mode === 'update' && ctx.id !== undefined && values.role_id !== undefined)
        await keepAnAdmin(db, ctx.id, values.role_id);
      const { password, ...rest } = values;
      if (typeof password === 'string' && password !== '') {
        // One's own password changes only with the current one, guessed no faster than at the sign-in (the
        // same counters): an open session left on a desk must not be enough to take the account over.
        const me = ctx.request.user;
        if (ctx.mode === 'update' && me && ctx.id === me.id)
          await current.check(
            { userId: me.id, email: me.email, ip: ctx.request.ip },
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
      // A new role (or name) applies at once in this process: its remembered sessions carry the old one. Other
      // instances read it again within REMEMBER_MS.
      tokens.forgetUser(id);
      // A new password signs the user out of every session and voids the reset links sent before it.
      if ('password_hash' in values) {
        await tokens.revokeAllOf(id);
        await voidResetLinks(dynamic(db), id, new Date().toISOString());
      }
    },
  };
}

export const usersArea: Area = {
  routes: (app, { db }) => registerUserNamesRoute(app, db),
  hooks: ({ db, settings }) => ({ users: userHooks(db, settings.loginLimits) }),
};
