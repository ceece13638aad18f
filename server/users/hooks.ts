import { hashPassword } from '../auth/passwords';
import { TokenStore } from '../auth/tokens';
import type { Db } from '../db/connection';
import { ApiError } from '../http/errors';
import type { ResourceHooks } from '../crud/hooks';
import type { Area } from '../area';

/** Users: the password is stored hashed, and nobody deletes their own user. */
export function userHooks(db: Db): ResourceHooks {
  const tokens = new TokenStore(db, 0);
  return {
    async prepareWrite(values) {
      const { password, ...rest } = values;
      if (typeof password === 'string' && password !== '') return { ...rest, password_hash: await hashPassword(password) };
      return rest;
    },
    async beforeDelete(id, request) {
      if (request.user?.id === id) throw new ApiError(409, 'Você não pode apagar o seu próprio usuário.');
      // Its sessions go with it (foreign key): none may be served from memory meanwhile.
      tokens.forgetUser(id);
    },
    async afterUpdate(id, values) {
      // A new password signs the user out of every other session.
      if ('password_hash' in values) await tokens.revokeAllOf(id);
    },
  };
}

export const usersArea: Area = { hooks: ({ db }) => ({ users: userHooks(db) }) };
