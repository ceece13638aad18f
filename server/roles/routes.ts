import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { roles as rolesConfig } from '../../resources/roles';
import { ADMIN_ROLE, PERMISSION_KEYS, PERMISSIONS } from '../../resources/permissions';
import type { Area, AreaContext } from '../area';
import type { ResourceHooks } from '../crud/hooks';
import { ResourceRepository, type Row } from '../crud/repository';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { ApiError, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { forgetRole } from '../auth/tokens';

const MANAGE = { config: { access: 'users.manage' } };

const NAME_TAKEN = 'Já existe um perfil com este nome ou esta chave.';
const permissionsSchema = z
  .array(z.string({ error: 'Permissão inválida.' }), { error: 'Informe a lista de permissões.' })
  .max(PERMISSION_KEYS.length * 2, 'Permissões demais.')
  .refine((keys) => keys.every((k) => PERMISSION_KEYS.includes(k)), {
    error: (issue) => {
      const unknown = (issue.input as string[]).find((k) => !PERMISSION_KEYS.includes(k)) ?? '';
      return `Permissão desconhecida: ${unknown.slice(0, 60)}.`;
    },
  });
const nameSchema = z
  .string({ error: 'Campo obrigatório.' })
  .trim()
  .min(1, 'Campo obrigatório.')
  .max(80, 'Nome deve ter no máximo 80 caracteres.');
const keySchema = z
  .string({ error: 'Chave inválida.' })
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'A chave usa de 2 a 40 letras minúsculas sem acento, números ou _.');

const createSchema = z.object({ name: nameSchema, key: keySchema.optional(), permissions: permissionsSchema });
const updateSchema = z.object({
  name: nameSchema.optional(),
  key: keySchema.optional(),
  permissions: permissionsSchema.optional(),
});

/** "Coordenação Pedagógica" → "coordenacao_pedagogica": a key a custom role gets when none is given. */
function keyOf(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return /^[a-z]/.test(folded) && folded.length >= 2 ? folded : `perfil_${folded}`.slice(0, 40);
}

async function permissionsOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db.kysely
    .selectFrom('role_permissions')
    .select(['role_id', 'permission'])
    .where('role_id', 'in', ids)
    .orderBy('permission')
    .execute();
  for (const row of rows) map.get(Number(row.role_id))?.push(row.permission);
  return map;
}

/** Every answer about a role: `{id, key, name, permissions: [key], builtin}` (builtin a boolean). */
function rolesHooks(db: Db): ResourceHooks {
  const decorate = async (rows: Row[]) => {
    const map = await permissionsOf(
      db,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => ({ ...r, builtin: Boolean(Number(r.builtin)), permissions: map.get(Number(r.id)) ?? [] }));
  };
  return { decorateList: decorate, decorateRecord: async (row) => (await decorate([row]))[0] };
}

async function roleOr404(db: Db, rawId: string) {
  const role = await db.kysely.selectFrom('roles').selectAll().where('id', '=', idParam(rawId)).executeTakeFirst();
  if (!role) throw notFound();
  return role;
}

function registerRoleRoutes(app: FastifyInstance, { db, resources }: AreaContext): void {
  const repo = new ResourceRepository(db, rolesConfig, resources);
  const answer = async (id: number) => {
    const row = await db.kysely.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const permissions = (await permissionsOf(db, [id])).get(id) ?? [];
    return { id, key: row.key, name: row.name, permissions, builtin: Boolean(Number(row.builtin)) };
  };
  const writePermissions = async (id: number, keys: string[]) => {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      const unique = [...new Set(keys)];
      if (unique.length > 0)
        await trx
          .insertInto('role_permissions')
          .values(unique.map((permission) => ({ role_id: id, permission })))
          .execute();
    });
  };
  const refuseTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw validationError({ name: [NAME_TAKEN] });
    throw error;
  };

  app.get('/permissions', MANAGE, async () => PERMISSIONS);

  app.post('/roles', MANAGE, async (request, reply) => {
    const input = parseOr422(createSchema, request.body);
    const now = new Date().toISOString();
    const inserted = await db.kysely
      .insertInto('roles')
      .values({ key: input.key ?? keyOf(input.name), name: input.name, builtin: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(refuseTaken);
    const id = Number(inserted.id);
    await writePermissions(id, input.permissions);
    await repo.reindex([id]);
    return reply.status(201).send({ data: await answer(id), message: 'Perfil criado com sucesso!' });
  });

  app.put<{ Params: { id: string } }>('/roles/:id', MANAGE, async (request) => {
    const role = await roleOr404(db, request.params.id);
    const input = parseOr422(updateSchema, request.body ?? {});
    const id = Number(role.id);
    if (role.builtin && input.key !== undefined && input.key !== role.key)
      throw validationError({ key: ['A chave de um perfil padrão não pode ser alterada.'] });
    // Administração keeps the way to manage users and roles: without it nobody could give it back.
    if (role.key === ADMIN_ROLE && input.permissions && !input.permissions.includes('users.manage'))
      throw new ApiError(409, 'O perfil Administração precisa manter a permissão de gerenciar usuários e perfis.');
    const changes = { name: input.name, key: role.builtin ? undefined : input.key };
    if (changes.name !== undefined || changes.key !== undefined) {
      await db.kysely
        .updateTable('roles')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute()
        .catch(refuseTaken);
      await repo.reindex([id]);
    }
    if (input.permissions) await writePermissions(id, input.permissions);
    forgetRole(db, id);
    return { data: await answer(id), message: 'Perfil atualizado com sucesso!' };
  });

  app.delete<{ Params: { id: string } }>('/roles/:id', MANAGE, async (request) => {
    const role = await roleOr404(db, request.params.id);
    if (role.builtin) throw new ApiError(409, 'Um perfil padrão não pode ser apagado; altere as suas permissões.');
    const used = await db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role_id', '=', Number(role.id))
      .executeTakeFirstOrThrow();
    const n = Number(used.n);
    if (n > 0)
      throw new ApiError(
        409,
        `Este perfil está em uso por ${n} ${n === 1 ? 'usuário' : 'usuários'}: dê outro perfil a ${n === 1 ? 'ele' : 'eles'} antes de apagá-lo.`,
      );
    await db.kysely.deleteFrom('roles').where('id', '=', Number(role.id)).execute();
    forgetRole(db, Number(role.id));
    return { message: 'Perfil apagado com sucesso!' };
  });
}

export const rolesArea: Area = {
  routes: registerRoleRoutes,
  hooks: ({ db }) => ({ roles: rolesHooks(db) }),
};
