import type { FastifyRequest } from 'fastify';
import type { Row } from './repository';

export interface WriteContext {
  mode: 'create' | 'update';
  id?: number;
  request: FastifyRequest;
}

/** Server-only behaviour of a resource that a config (plain data) cannot express. */
export interface ResourceHooks {
  /** Turns validated values into columns (e.g. a password into its hash). */
  prepareWrite?(values: Row, ctx: WriteContext): Promise<Row>;
  /** Throws an ApiError to refuse a delete (e.g. of one's own user). */
  beforeDelete?(id: number, request: FastifyRequest): Promise<void>;
  /** Adds related data to the record answer of `GET /{resource}/{id}` (a student's enrolments, books…). */
  decorateRecord?(row: Row): Promise<Row>;
  /** Runs after `GET /{resource}/{id}` found the record, before it is answered (a student's access log). */
  afterRecordRead?(id: number, request: FastifyRequest): Promise<void>;
  /** Adds related data to every row of a list page, in one query for the page (a student's registrations). */
  decorateList?(rows: Row[]): Promise<Row[]>;
  /** Runs after a successful update (e.g. sign a user out everywhere after a password change). */
  afterUpdate?(id: number, values: Row): Promise<void>;
  /**
   * `many` fields of the config that decorateList and decorateRecord fill themselves, from rows they read
   * anyway (a student's teams from their registrations): the generic query does not read them again.
   */
  embeds?: string[];
  /**
   * Keys the decorations add that are personal data (a student's age, the charges of their registrations:
   * `registrations.financials`): left out, with the config's `personal` fields, for a role without
   * `students.personal` (crud/scope.ts).
   */
  personal?: string[];
  /**
   * Keys the decorations add that are dates the original server answered as dd/mm/aaaa (a student's charges:
   * `registrations.financials.due_date`), answered so with the config's `answeredAs` fields (crud/dates.ts).
   */
  dates?: string[];
  /**
   * Runs an update or a delete of the resource, from its checks to its write, alone among the others
   * (server/db/lock.ts): a check that reads other rows (the last administrator) then still holds at the write.
   */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
}

/** Tables that are not resources but point at one, for the 409 message of a refused delete. */
export interface TableDependent {
  table: string;
  foreignKey: string;
  singular: string;
  plural: string;
}

/** Several areas' hooks of one resource as one: writes pass through each in order, every check runs. */
export function composeHooks(all: ResourceHooks[]): ResourceHooks {
  const chain =
    <T>(steps: ((value: T) => Promise<T>)[]) =>
    async (value: T) => {
      for (const step of steps) value = await step(value);
      return value;
    };
  const defined = <K extends keyof ResourceHooks>(key: K) =>
    all.map((h) => h[key]).filter((f): f is NonNullable<ResourceHooks[K]> => f !== undefined);
  const prepare = defined('prepareWrite');
  const beforeDelete = defined('beforeDelete');
  const afterUpdate = defined('afterUpdate');
  const afterRecordRead = defined('afterRecordRead');
  const exclusive = defined('exclusive');
  return {
    prepareWrite: prepare.length
      ? async (values, ctx) => chain(prepare.map((f) => (v: Row) => f(v, ctx)))(values)
      : undefined,
    beforeDelete: beforeDelete.length
      ? async (id, request) => {
          for (const f of beforeDelete) await f(id, request);
        }
      : undefined,
    decorateRecord: defined('decorateRecord').length ? chain(defined('decorateRecord')) : undefined,
    afterRecordRead: afterRecordRead.length
      ? async (id, request) => {
          for (const f of afterRecordRead) await f(id, request);
        }
      : undefined,
    decorateList: defined('decorateList').length ? chain(defined('decorateList')) : undefined,
    afterUpdate: afterUpdate.length
      ? async (id, values) => {
          for (const f of afterUpdate) await f(id, values);
        }
      : undefined,
    embeds: [...new Set(all.flatMap((h) => h.embeds ?? []))],
    personal: [...new Set(all.flatMap((h) => h.personal ?? []))],
    dates: [...new Set(all.flatMap((h) => h.dates ?? []))],
    exclusive: exclusive.length
      ? <T>(work: () => Promise<T>) => exclusive.reduce<() => Promise<T>>((inner, f) => () => f(inner), work)()
      : undefined,
  };
}
