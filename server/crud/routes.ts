import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  fieldOf,
  fixedRowMessage,
  originalDateFields,
  writableFields,
  type ResourceConfig,
} from '../../resources/types';
import type { Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { ApiError, conflict, idParam as parseId, notFound, validationError, type FieldErrors } from '../http/errors';
import { envelope, parseListQuery, type ListQuery } from '../http/list-query';
import { ResourceRepository, type Row } from './repository';
import { parseBody, writeSchemasOf } from './validation';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import type { ResourceHooks, TableDependent } from './hooks';
import { audit, diff } from '../audit/log';
import type { Storage } from '../storage/storage';
import { ResourceFiles } from './files';
import { JSON_OR_FORM } from '../http/bodies';
import { PERSONAL_DATA, SIGNED_IN } from '../../resources/permissions';
import { inReach, personalKeys, withoutPersonal } from './scope';
import { searchOnFields } from './search';
import { answerDates, withoutBlankDates } from './dates';
import { allOf, listFilters } from './filters';

export const MESSAGES = {
  created: 'Registro criado com sucesso!',
  updated: 'Registro atualizado com sucesso!',
  deleted: 'Registro apagado com sucesso!',
};

/** "a", "a e b", "a, b e c". */
function joinPt(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/** "este ensino" / "esta turma". */
function thisRecord(config: ResourceConfig): string {
  return `${config.labels.gender === 'f' ? 'esta' : 'este'} ${config.labels.singular.toLowerCase()}`;
}

async function checkRules(repo: ResourceRepository, values: Row, stored?: Row): Promise<void> {
  const errors: FieldErrors = {};
  const exceptId = stored ? Number(stored.id) : undefined;
  for (const field of writableFields(repo.config)) {
    const value = values[field.name];
    if (field.notBefore) {
      const other = fieldOf(repo.config, field.notBefore);
      const start = values[other.name] !== undefined ? values[other.name] : stored?.[other.name];
      const end = value !== undefined ? value : stored?.[field.name];
      if (typeof start === 'string' && typeof end === 'string' && end < start) {
        errors[field.name] = [`O campo ${field.label} não pode ser anterior ao campo ${other.label}.`];
        continue;
      }
    }
    if (value === null || value === undefined) continue;
    if (field.unique && (await repo.isTaken(field, value, exceptId))) {
      errors[field.name] = [field.uniqueMessage ?? `Já existe um registro com este ${field.label.toLowerCase()}.`];
    } else if (field.type === 'reference' && !(await repo.referenceExists(field, value))) {
      errors[field.name] = [`O(A) ${field.label} selecionado(a) não existe.`];
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * The id of an edit path. The original client builds its edit paths with a stray closing brace (`PUT /stages/5}`,
 * spec 01 §7), which builders should read as the record's path: one `}` at the end is dropped, nothing more.
 */
export function editId(raw: string): number {
  return parseId(raw.endsWith('}') ? raw.slice(0, -1) : raw);
}

/** Two requests racing past `checkRules` meet the unique index: still a 422, never a 500. */
async function guardUnique<T>(config: ResourceConfig, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = config.fields.find((f) => f.unique);
    throw validationError({ [field?.name ?? 'id']: [field?.uniqueMessage ?? 'Registro duplicado.'] });
  }
}

/**
 * The contract's five calls for one resource, derived from its config:
 * list, record (a list whose first item is the record), create, update, delete.
 */
export function registerResourceRoutes(
  app: FastifyInstance,
  db: Db,
  config: ResourceConfig,
  all: ResourceConfig[],
  storage: Storage,
  hooks: ResourceHooks = {},
  tableDependents: TableDependent[] = [],
) {
  const repo = new ResourceRepository(db, config, all, hooks.embeds);
  const files = new ResourceFiles(db, config, storage);
  const schemas = writeSchemasOf(config);
  const base = config.apiPath;
  // The guard (auth/routes.ts) checks these against the caller's role.
  const read = { config: { access: config.access?.read ?? SIGNED_IN } };
  const write = config.access?.write ?? SIGNED_IN;
  const personal = personalKeys(config, hooks.personal);
  /** The dates answered dd/mm/aaaa to clients that do not ask for ISO (crud/dates.ts). */
  const dates = [...originalDateFields(config), ...(hooks.dates ?? [])];
  /** The dates an update may send empty, meaning "as stored" (crud/dates.ts). */
  const dateFields = writableFields(config)
    .filter((f) => f.type === 'date')
    .map((f) => f.name);
  /** The rows a confined user (a teacher, `request.teams`) reaches; undefined: every row. */
  const confineOf = (request: FastifyRequest) =>
    config.teamScope && request.teams ? inReach(config, request.teams, 'r') : undefined;
  const seesPersonal = (request: FastifyRequest) => request.user?.permissions.includes(PERSONAL_DATA) ?? false;
  /**
   * Rows as answered to this user: without the personal keys unless their role holds `students.personal`, the
   * original contract's dates as it wrote them unless the client asked for ISO.
   */
  const shown = <T extends Row>(request: FastifyRequest, rows: T[]): T[] =>
    answerDates(request, personal.length && !seesPersonal(request) ? withoutPersonal(rows, personal) : rows, dates);

  /**
   * A list for this user: confined to their reach and to the list's field filters (`filtered`), and searched without
   * the personal fields they may not see.
   */
  const list = async (request: FastifyRequest, query: ListQuery, filtered?: RawBuilder<SqlBool>) => {
    const confine = allOf([confineOf(request), filtered]);
    if (!query.search || !personal.length || seesPersonal(request)) return repo.list(query, confine);
    const open = config.searchFields.filter((name) => !personal.includes(name));
    const found = searchOnFields(db, config, query.search, open);
    const both = confine && found ? sql<SqlBool>`(${confine} and ${found})` : (confine ?? found);
    return repo.list({ ...query, search: '' }, both);
  };

  app.get(base, read, async (request) => {
    const parsed = parseListQuery(request.query);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    // A personal field the user may not see is not sortable for them either: the order would tell its values.
    const hidden = (name: string) => personal.includes(name) && !seesPersonal(request);
    if (query.sortBy && (!config.sortableFields.includes(query.sortBy) || hidden(query.sortBy))) {
      throw validationError({ sortBy: [`Não é possível ordenar por "${query.sortBy.slice(0, 40)}".`] });
    }
    const filters = listFilters(config, request.query, hidden);
    if (!filters.ok) throw validationError(filters.errors);
    const { rows, total } = await list(request, query, allOf(filters.conditions));
    return envelope(shown(request, hooks.decorateList ? await hooks.decorateList(rows) : rows), total, query);
  });

  app.get<{ Params: { id: string } }>(`${base}/:id`, read, async (request) => {
    const row = await repo.findById(parseId(request.params.id), confineOf(request));
    if (!row) throw notFound(); // out of reach: as a wrong id
    await hooks.afterRecordRead?.(Number(row.id), request);
    const answered = shown(request, [hooks.decorateRecord ? await hooks.decorateRecord(row) : row]);
    return config.recordAnswer === 'object' ? answered[0] : answered;
  });

  if (config.readOnly) return;

  // Only a resource with files takes a multipart form (http/bodies.ts); JSON otherwise.
  const writes = { config: { access: write, bodies: files.fields.length > 0 ? JSON_OR_FORM : undefined } };
  app.post(base, writes, async (request, reply) => {
    const parsed = parseBody(schemas.create, request.body);
    if (!parsed.ok) throw validationError(parsed.errors);
    await checkRules(repo, parsed.value);
    const { values: withFiles, added } = await files.store(request.body, parsed.value);
    const values = hooks.prepareWrite ? await hooks.prepareWrite(withFiles, { mode: 'create', request }) : withFiles;
    const data = await files.orUndo(added, () =>
      guardUnique(config, () =>
        // The row and its audit entry commit together: no change without its record, no record of none.
        inTransaction(db, async (tx) => {
          const writer = repo.within(tx);
          const id = await writer.insert(values);
          const created = await writer.findById(id);
          if (config.audit)
            await audit(tx, {
              userId: request.user?.id,
              entity: config.name,
              entityId: id,
              action: 'create',
              changes: diff(undefined, created),
            });
          return created;
        }),
      ),
    );
    reply.status(201);
    return { data: data && shown(request, [data])[0], message: MESSAGES.created };
  });

  const refuseFixed = (id: number) => {
    const fixed = fixedRowMessage(config, id);
    if (fixed) throw conflict(fixed);
  };

  const alone = <T>(work: () => Promise<T>) => (hooks.exclusive ? hooks.exclusive(work) : work());

  const updateNow = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = editId(request.params.id);
    const stored = await repo.findById(id, confineOf(request));
    if (!stored) throw notFound(); // out of reach: as a wrong id
    refuseFixed(id);
    const parsed = parseBody(schemas.update, withoutBlankDates(request.body, dateFields));
    if (!parsed.ok) throw validationError(parsed.errors);
    const validated = Object.fromEntries(Object.entries(parsed.value).filter(([, v]) => v !== undefined));
    await checkRules(repo, validated, stored);
    const { values: withFiles, added } = await files.store(request.body, validated);
    const values = hooks.prepareWrite
      ? await hooks.prepareWrite(withFiles, { mode: 'update', id, request })
      : withFiles;
    const replaced = added.length > 0 ? await files.keysOf(id) : {};
    const changing = Object.keys(values).length > 0;
    const data = await files.orUndo(added, () =>
      guardUnique(config, () =>
        inTransaction(db, async (tx) => {
          const writer = repo.within(tx);
          if (changing) await writer.update(id, values);
          const updated = await writer.findById(id);
          if (config.audit)
            await audit(tx, {
              userId: request.user?.id,
              entity: config.name,
              entityId: id,
              action: 'update',
              changes: diff(stored, updated),
            });
          return updated;
        }),
      ),
    );
    if (changing) {
      // Replaced files go once the change is committed: a write that failed keeps pointing at them.
      await files.remove(
        Object.entries(replaced)
          .filter(([name, key]) => values[name] !== key)
          .map(([, key]) => key),
      );
      await hooks.afterUpdate?.(id, values);
    }
    return { data: data && shown(request, [data])[0], message: MESSAGES.updated };
  };
  const update = (request: FastifyRequest<{ Params: { id: string } }>) => alone(() => updateNow(request));
  app.put<{ Params: { id: string } }>(`${base}/:id`, writes, update);
  // Forms that send files (multipart) update with POST and `_method=PUT`, as the contract says.
  app.post<{ Params: { id: string } }>(`${base}/:id`, writes, async (request) => {
    const method = (request.body as { _method?: unknown } | undefined)?._method;
    if (typeof method !== 'string' || method.toUpperCase() !== 'PUT') throw notFound('Rota não encontrada.');
    return update(request);
  });

  const remove = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = parseId(request.params.id);
    const stored = await repo.findById(id, confineOf(request));
    if (!stored) throw notFound(); // out of reach: as a wrong id
    refuseFixed(id);
    await hooks.beforeDelete?.(id, request);
    const dependents = await repo.dependents(id, tableDependents);
    if (dependents.length > 0) {
      const what = dependents.map((d) => `${d.count} ${(d.count === 1 ? d.singular : d.plural).toLowerCase()}`);
      throw conflict(`Não é possível apagar ${thisRecord(config)}: está em uso por ${joinPt(what)}.`);
    }
    const held = await files.keysOf(id);
    try {
      await inTransaction(db, async (tx) => {
        await repo.within(tx).delete(id);
        if (config.audit)
          await audit(tx, {
            userId: request.user?.id,
            entity: config.name,
            entityId: id,
            action: 'delete',
            changes: stored,
          });
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw conflict(`Não é possível apagar ${thisRecord(config)}: está em uso por outros registros.`);
      }
      throw error;
    }
    await files.remove(Object.values(held));
    return { message: MESSAGES.deleted };
  };
  app.delete<{ Params: { id: string } }>(`${base}/:id`, { config: { access: write } }, (request) =>
    alone(() => remove(request)),
  );
}

/** Fails fast at start when a config names a field it does not define. */
export function assertConfigConsistent(config: ResourceConfig): void {
  const names = [
    ...config.list.columns,
    ...config.searchFields,
    ...config.sortableFields,
    ...config.formFields,
    config.list.defaultSort.field,
  ];
  for (const name of names) fieldOf(config, name);
  for (const filter of config.list.filters ?? []) fieldOf(config, filter.field);
  if (!config.sortableFields.includes(config.list.defaultSort.field)) {
    throw new ApiError(500, `${config.name}: default sort ${config.list.defaultSort.field} is not sortable`);
  }
}
