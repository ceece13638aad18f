import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { fieldOf, type FieldConfig, type ResourceConfig } from '../../resources/types';
import { foldText } from '../../resources/text';
import type { Db } from '../db/connection';
import type { ListQuery } from '../http/list-query';

// Generic resources reach tables by the name in their config, which the typed schema cannot know.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

export type Row = Record<string, unknown>;

const ROOT = 'r';

/** Alias of the joined table of a reference field. */
const joinAlias = (field: FieldConfig) => `ref_${field.name}`;
/** Column alias carrying the label of a reference field before it is nested. */
const labelAlias = (field: FieldConfig) => `__ref_${field.name}`;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Data access for one resource, driven by its config: the listed columns, the joins that embed
 * referenced rows (`teaching: {id, name}`), search and sort. Nothing here takes a column name from a
 * request without it being in the config first.
 */
export class ResourceRepository {
  private readonly k: AnyDb;

  constructor(
    private readonly db: Db,
    readonly config: ResourceConfig,
    private readonly all: ResourceConfig[],
  ) {
    this.k = db.kysely as unknown as AnyDb;
  }

  private referenced(field: FieldConfig): ResourceConfig {
    const target = this.all.find((r) => r.name === field.reference?.resource);
    if (!target) throw new Error(`${this.config.name}.${field.name} references unknown resource ${field.reference?.resource}`);
    return target;
  }

  private referenceFields(): FieldConfig[] {
    return this.config.fields.filter((f) => f.type === 'reference');
  }

  private base(): AnySelect {
    let q: AnySelect = this.k.selectFrom(`${this.config.table} as ${ROOT}`);
    for (const field of this.referenceFields()) {
      const target = this.referenced(field);
      const alias = joinAlias(field);
      q = q.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `${ROOT}.${field.name}`);
    }
    return q;
  }

  private selectColumns(q: AnySelect): AnySelect {
    const columns = this.config.fields.filter((f) => f.type !== 'password').map((f) => `${ROOT}.${f.name}`);
    q = q.select([...columns, `${ROOT}.updated_at`]);
    for (const field of this.referenceFields()) {
      q = q.select(`${joinAlias(field)}.${field.reference!.labelField} as ${labelAlias(field)}`);
    }
    return q;
  }

  /** The SQL expression a field is searched and sorted by (a reference by its label). */
  private expression(field: FieldConfig) {
    return field.type === 'reference'
      ? sql.ref(`${joinAlias(field)}.${field.reference!.labelField}`)
      : sql.ref(`${ROOT}.${field.name}`);
  }

  private applySearch(q: AnySelect, search: string): AnySelect {
    if (!search) return q;
    const pattern = `%${escapeLike(foldText(search))}%`;
    const isNumber = /^\d{1,9}$/.test(search);
    return q.where((eb) =>
      eb.or(
        this.config.searchFields.flatMap((name) => {
          const field = fieldOf(this.config, name);
          if (field.type === 'integer') return isNumber ? [eb(sql.ref(`${ROOT}.${name}`), '=', Number(search))] : [];
          return [eb(this.db.fold(this.expression(field)), 'like', sql<string>`${pattern} escape '\\'`)];
        }),
      ),
    );
  }

  private nest(row: Row): Row {
    for (const field of this.referenceFields()) {
      const label = row[labelAlias(field)];
      delete row[labelAlias(field)];
      const id = row[field.name];
      row[field.reference!.embedAs] = id === null || id === undefined ? null : { id, [field.reference!.labelField]: label };
    }
    return row;
  }

  async list(query: ListQuery): Promise<{ rows: Row[]; total: number }> {
    const filtered = this.applySearch(this.base(), query.search);
    const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    const total = Number(countRow?.total ?? 0);

    const sort = query.sortBy
      ? { field: query.sortBy, order: query.sortDesc ? 'desc' : 'asc' }
      : { field: this.config.list.defaultSort.field, order: this.config.list.defaultSort.order.toLowerCase() };
    const sortField = fieldOf(this.config, sort.field);
    const textual = !['integer', 'date', 'datetime', 'reference'].includes(sortField.type) || sortField.type === 'reference';
    const sortExpr = textual ? this.db.fold(this.expression(sortField)) : this.expression(sortField);
    const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;

    let q = this.selectColumns(filtered).orderBy(sql`${sortExpr} ${direction}`);
    if (sort.field !== 'id') q = q.orderBy(`${ROOT}.id`, sort.order === 'desc' ? 'desc' : 'asc');
    if (query.page > 0) q = q.limit(query.perPage).offset((query.page - 1) * query.perPage);
    const rows = (await q.execute()) as Row[];
    return { rows: rows.map((r) => this.nest(r)), total };
  }

  async findById(id: number): Promise<Row | undefined> {
    const row = (await this.selectColumns(this.base()).where(`${ROOT}.id`, '=', id).executeTakeFirst()) as Row | undefined;
    return row ? this.nest(row) : undefined;
  }

  async insert(values: Row): Promise<number> {
    const now = new Date().toISOString();
    const row = await this.k
      .insertInto(this.config.table)
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(id: number, values: Row): Promise<void> {
    await this.k
      .updateTable(this.config.table)
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.k.deleteFrom(this.config.table).where('id', '=', id).execute();
  }

  /** Whether another row already holds this value of a unique field. */
  async isTaken(field: FieldConfig, value: unknown, exceptId?: number): Promise<boolean> {
    let q = this.k.selectFrom(this.config.table).select('id').where(field.name, '=', value);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async referenceExists(field: FieldConfig, id: unknown): Promise<boolean> {
    const target = this.referenced(field);
    const row = await this.k.selectFrom(target.table).select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Rows of other resources that point at this record, by resource, for a refused delete. */
  async dependents(id: number): Promise<{ config: ResourceConfig; count: number }[]> {
    const found: { config: ResourceConfig; count: number }[] = [];
    for (const other of this.all) {
      for (const field of other.fields) {
        if (field.type !== 'reference' || field.reference?.resource !== this.config.name) continue;
        const row = await this.k
          .selectFrom(other.table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(field.name, '=', id)
          .executeTakeFirst();
        const count = Number(row?.n ?? 0);
        if (count > 0) found.push({ config: other, count });
      }
    }
    return found;
  }
}
