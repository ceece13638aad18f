import type { ResourceConfig } from '../../../resources/types';
import { audit } from '../../audit/log';
import { ResourceRepository } from '../../crud/repository';
import { dynamic, type Db } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { mappedId, remember } from './ids';

export interface EntityCount {
  created: number;
  updated: number;
  unchanged: number;
}
export type Counts = Record<string, EntityCount>;

/** A row that would be created by a dry run: no id of ours yet. */
export const NOT_YET = -1;

type Values = Record<string, unknown>;

/** Values compared as the two databases give them back (numbers as text, absent as null). */
const same = (a: unknown, b: unknown) =>
  (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));

export interface Upsert {
  /** The entity's name in `legacy_ids` and in the counts. */
  entity: string;
  table: string;
  oldId: number | string;
  values: Values;
  /** Our row this one is, when nothing maps it yet (a teaching of the same name, a student of the same CPF). */
  match?: Values;
  /** Written on creation only (a user's unusable password, a photo). */
  onCreate?: Values;
  /** Audited under this name (the students' changes are, like on screen); unset: not audited. */
  auditAs?: string;
}

/**
 * Writes the old rows into ours through the mapping table: an old row already mapped is updated when it changed
 * (audited like a change on screen), one matching a row of ours by its natural key is adopted, any other created.
 * A dry run reads the same way and writes nothing.
 */
export class LegacyWriter {
  readonly counts: Counts = {};
  private readonly repos = new Map<string, ResourceRepository>();

  constructor(
    readonly db: Db,
    readonly source: string,
    readonly userId: number | undefined,
    readonly dryRun: boolean,
    private readonly resources: ResourceConfig[],
  ) {}

  count(entity: string, outcome: keyof EntityCount): void {
    (this.counts[entity] ??= { created: 0, updated: 0, unchanged: 0 })[outcome]++;
  }

  private repo(db: Db, table: string): ResourceRepository | undefined {
    const config = this.resources.find((r) => r.table === table);
    if (!config) return undefined;
    if (!this.repos.has(table)) this.repos.set(table, new ResourceRepository(this.db, config, this.resources));
    return this.repos.get(table)!.within(db);
  }

  /** Our id of an old one (NOT_YET in a dry run, null when the old row was never read). */
  async idOf(entity: string, oldId: number | null | undefined, db: Db = this.db): Promise<number | null> {
    if (oldId === null || oldId === undefined) return null;
    return (await mappedId(db, this.source, entity, oldId)) ?? (this.dryRun ? NOT_YET : null);
  }

  /** One old row into ours, inside `db` (a transaction of the caller's, or the writer's own). */
  async upsert(u: Upsert, db: Db = this.db): Promise<number> {
    const k = dynamic(db);
    let id = await mappedId(db, this.source, u.entity, u.oldId);
    if (id !== null && !(await k.selectFrom(u.table).select('id').where('id', '=', id).executeTakeFirst())) id = null;
    if (id === null && u.match) {
      let q = k.selectFrom(u.table).select('id');
      for (const [column, value] of Object.entries(u.match)) q = q.where(column, value === null ? 'is' : '=', value);
      const found = await q.executeTakeFirst();
      if (found) id = Number(found.id);
    }
    if (id === null) {
      this.count(u.entity, 'created');
      if (this.dryRun) return NOT_YET;
      return this.within(db, async (tx) => {
        const values = { ...u.values, ...u.onCreate };
        const repo = this.repo(tx, u.table);
        const now = new Date().toISOString();
        const newId = repo
          ? await repo.insert(values)
          : Number(
              (
                await dynamic(tx)
                  .insertInto(u.table)
                  .values({ created_at: now, updated_at: now, ...values })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            );
        if (u.auditAs)
          await audit(tx, {
            userId: this.userId,
            entity: u.auditAs,
            entityId: newId,
            action: 'create',
            changes: u.values,
          });
        await remember(tx, this.source, u.entity, u.oldId, newId);
        return newId;
      });
    }
    const stored = (await k.selectFrom(u.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Values;
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [column, value] of Object.entries(u.values))
      if (!same(stored[column], value)) changes[column] = [stored[column] ?? null, value];
    const changed = Object.keys(changes).length > 0;
    this.count(u.entity, changed ? 'updated' : 'unchanged');
    if (this.dryRun) return id;
    const known = id;
    await this.within(db, async (tx) => {
      if (changed) {
        const repo = this.repo(tx, u.table);
        if (repo) await repo.update(known, u.values);
        else
          await dynamic(tx)
            .updateTable(u.table)
            .set({ ...u.values, updated_at: new Date().toISOString() })
            .where('id', '=', known)
            .execute();
        if (u.auditAs)
          await audit(tx, { userId: this.userId, entity: u.auditAs, entityId: known, action: 'update', changes });
      }
      await remember(tx, this.source, u.entity, u.oldId, known);
    });
    return id;
  }

  /** `work` in a transaction of its own, or in the caller's (inTransaction joins it). */
  private within<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
    return inTransaction(db, work);
  }
}
