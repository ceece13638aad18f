import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { columnOf, fieldOf, storedFields, type FieldConfig, type ResourceConfig } from '../../resources/types';
import { foldText } from '../../resources/text';
import { groupBy, inChunks } from '../db/chunks';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { inTransaction } from '../db/transaction';
import type { ListQuery } from '../http/list-query';
import type { TableDependent } from './hooks';
import { cachedCount, COUNTER_COLUMNS, counterSelections, type Counters } from './count-cache';
import { searchPlan, type SearchPlan } from './search';
import { MoneyFields } from './money-fields';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

export type Row = Record<string, unknown>;

const ROOT = 'r';

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Alias of the joined table of a reference field. */
const joinAlias = (field: FieldConfig) => `ref_${field.name}`;
/** Column alias carrying the label of a reference field before it is nested. */
const labelAlias = (field: FieldConfig) => `__ref_${field.name}`;

/**
 * Data access for one resource, driven by its config: the listed columns, the joins that embed
 * referenced rows (`teaching: {id, name}`), search and sort. Nothing here takes a column name from a
 * request without it being in the config first.
 */
export class ResourceRepository {
  // Generic resources reach tables by the name in their config, which the typed schema cannot know.
  private readonly k: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The listed columns and their joins, built once: Kysely's builders are immutable, and building them was a
   * few per cent of a list's CPU. */
  private listedCache?: AnySelect;
  /** The same, reached from the FTS table (fromFts). */
  private ftsListedCache?: AnySelect;
  /** Integer fields, answered as numbers whatever their column holds (`nest`). */
  private readonly integerFields: string[];
  private readonly money: MoneyFields;

  /** `embeddedByHooks`: `many` fields the resource's hooks fill (ResourceHooks.embeds), not read here. */
  constructor(
    private readonly db: Db,
    readonly config: ResourceConfig,
    private readonly all: ResourceConfig[],
    private readonly embeddedByHooks: string[] = [],
  ) {
    this.k = dynamic(db);
    this.integerFields = config.fields.filter((f) => f.type === 'integer' && !f.count && !f.many).map((f) => f.name);
    this.money = new MoneyFields(config);
  }

  /** The same resource's data access through `tx` (a transaction: db/transaction.ts). */
  within(tx: Db): ResourceRepository {
    return new ResourceRepository(tx, this.config, this.all, this.embeddedByHooks);
  }

  private listed(): AnySelect {
    return (this.listedCache ??= this.selectColumns(this.base()));
  }

  private referenced(field: FieldConfig): ResourceConfig {
    const target = this.all.find((r) => r.name === field.reference?.resource);
    if (!target)
      throw new Error(`${this.config.name}.${field.name} references unknown resource ${field.reference?.resource}`);
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
    const columns = storedFields(this.config).map((f) => `${ROOT}.${columnOf(f)}`);
    q = q.select([...columns, `${ROOT}.updated_at`]);
    for (const field of this.config.fields.filter((f) => f.count)) {
      q = q.select(this.countExpression(field).as(field.name));
    }
    for (const field of this.referenceFields()) {
      q = q.select(`${joinAlias(field)}.${field.reference!.labelField} as ${labelAlias(field)}`);
    }
    return q;
  }

  /**
   * `(select count(*) from registrations where team_id = r.id)`: one correlated count per listed row;
   * with `through`, rows reached over a join table (a student's charges through their enrolments).
   */
  private countExpression(field: FieldConfig) {
    const { table, foreignKey, through } = field.count!;
    const owner = through
      ? sql`in (select ${sql.ref(`${through.table}.id`)} from ${sql.table(through.table)} where ${sql.ref(`${through.table}.${through.foreignKey}`)} = ${sql.ref(`${ROOT}.id`)})`
      : sql`= ${sql.ref(`${ROOT}.id`)}`;
    return sql<number>`(select count(*) from ${sql.table(table)} where ${sql.ref(`${table}.${foreignKey}`)} ${owner})`;
  }

  /** The SQL expression a field is sorted by (a reference by its label, a count by its value). */
  private expression(field: FieldConfig) {
    if (field.count) return this.countExpression(field);
    return field.type === 'reference'
      ? sql.ref(`${joinAlias(field)}.${field.reference!.labelField}`)
      : sql.ref(`${ROOT}.${columnOf(field)}`);
  }

  /** The folded text a row is found by: its text search fields and the labels of its references. */
  private searchTextOf(row: Row): string {
    const parts: string[] = [];
    for (const name of this.config.searchFields) {
      const field = fieldOf(this.config, name);
      if (field.type === 'integer') continue;
      const value =
        field.type === 'reference'
          ? (row[field.reference!.embedAs] as Row | null)?.[field.reference!.labelField]
          : row[name];
      if (value !== null && value !== undefined && value !== '') parts.push(String(value));
    }
    return foldText(parts.join(' \u2022 '));
  }

  /** Rebuilds `search_text` of the given rows (all rows when no ids), in batches. */
  async reindex(ids?: number[]): Promise<void> {
    let after = 0;
    for (;;) {
      let q = this.listed().orderBy(`${ROOT}.id`).limit(500);
      q = ids ? q.where(`${ROOT}.id`, 'in', ids.length ? ids : [-1]) : q.where(`${ROOT}.id`, '>', after);
      const rows = ((await q.execute()) as Row[]).map((r) => this.nest(r));
      await inTransaction(this.db, async (tx) => {
        for (const row of rows) {
          await dynamic(tx)
            .updateTable(this.config.table)
            .set({ search_text: this.searchTextOf(row) })
            .where('id', '=', row.id)
            .execute();
        }
      });
      if (ids || rows.length < 500) return;
      after = Number(rows[rows.length - 1].id);
    }
  }

  /** After a rename, rows of other resources that show this record's label must be found by the new one. */
  private async reindexDependents(id: number): Promise<void> {
    for (const other of this.all) {
      const refs = other.searchFields
        .map((n) => fieldOf(other, n))
        .filter((f) => f.type === 'reference' && f.reference?.resource === this.config.name);
      if (refs.length === 0) continue;
      const repo = new ResourceRepository(this.db, other, this.all);
      for (const field of refs) {
        const rows = await this.k.selectFrom(other.table).select('id').where(field.name, '=', id).execute();
        await repo.reindex(rows.map((r) => Number(r.id)));
      }
    }
  }

  private nest(row: Row): Row {
    // An integer field answers a number even where its column holds text (disciplines' workload).
    for (const field of this.integerFields) if (typeof row[field] === 'string') row[field] = Number(row[field]);
    this.money.answer(row);
    for (const field of this.referenceFields()) {
      const label = row[labelAlias(field)];
      delete row[labelAlias(field)];
      const id = row[field.name];
      row[field.reference!.embedAs] =
        id === null || id === undefined ? null : { id, [field.reference!.labelField]: label };
    }
    return row;
  }

  /**
   * `confine`: a condition on the rows (alias `r`) the caller may reach (crud/scope.ts `inReach`): a teacher's
   * list holds only the rows of their teams, and its total counts only them.
   */
  async list(query: ListQuery, confine?: RawBuilder<SqlBool>): Promise<{ rows: Row[]; total: number }> {
    const plan = await searchPlan(this.db, this.config, query.search, ROOT);

    const sort = query.sortBy
      ? { field: query.sortBy, order: query.sortDesc ? 'desc' : 'asc' }
      : { field: this.config.list.defaultSort.field, order: this.config.list.defaultSort.order.toLowerCase() };
    const sortField = fieldOf(this.config, sort.field);
    const textual = !['integer', 'date', 'datetime', 'digits'].includes(sortField.type);
    const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;

    let q: AnySelect;
    if (plan?.fts && sort.field === 'id') {
      // By id, the FTS index answers its rows in rowid order already: a page reads only up to its last
      // row instead of every row found, then sorted.
      q = this.fromFts(plan.fts).orderBy(sql`${sql.ref(`${plan.fts.table}.rowid`)} ${direction}`);
    } else {
      // Text as a Brazilian reads it, the same on both databases (db/name-order.ts): "LÍVIA" before "LUCAS".
      const order = textual
        ? byName(this.db, this.expression(sortField), sort.order === 'desc' ? 'desc' : 'asc')
        : sql`${this.expression(sortField)} ${direction}`;
      q = (plan ? this.listed().where(plan.condition) : this.listed()).orderBy(order);
      if (sort.field !== 'id') q = q.orderBy(`${ROOT}.id`, sort.order === 'desc' ? 'desc' : 'asc');
    }
    if (confine) q = q.where(confine);
    if (query.page > 0) q = q.limit(query.perPage).offset((query.page - 1) * query.perPage);
    // The table's counters come with the page (one round trip fewer): the total of an unfiltered list, and
    // whether a remembered search total still holds. A page past the end has no row to bring them.
    const rows = (await q.select(counterSelections(this.config.table)).execute()) as Row[];
    const known: Counters | undefined = rows.length
      ? {
          rows: nullableNumber(rows[0][COUNTER_COLUMNS.rows]),
          changed: nullableNumber(rows[0][COUNTER_COLUMNS.changed]),
        }
      : undefined;
    for (const row of rows) {
      delete row[COUNTER_COLUMNS.rows];
      delete row[COUNTER_COLUMNS.changed];
    }
    const total = confine ? await this.countConfined(plan, confine) : await this.count(plan, known);
    await this.embedMany(rows);
    return { rows: rows.map((r) => this.nest(r)), total };
  }

  /** The list's rows reached from the FTS table: its MATCH, then the words it left to check. */
  private fromFts(fts: NonNullable<SearchPlan['fts']>): AnySelect {
    if (!this.ftsListedCache) {
      let q: AnySelect = this.k
        .selectFrom(fts.table)
        .innerJoin(`${this.config.table} as ${ROOT}`, `${ROOT}.id`, `${fts.table}.rowid`);
      for (const field of this.referenceFields()) {
        const alias = joinAlias(field);
        q = q.leftJoin(`${this.referenced(field).table} as ${alias}`, `${alias}.id`, `${ROOT}.${field.name}`);
      }
      this.ftsListedCache = this.selectColumns(q);
    }
    const q = this.ftsListedCache.where(sql<boolean>`${sql.table(fts.table)} match ${fts.match}`);
    return fts.rest ? q.where(fts.rest) : q;
  }

  /**
   * The exact number of rows a list has: the table's counter when unfiltered (see search-ddl.ts); the FTS
   * index alone when it finds exactly the rows; else a count over the table alone — the search reads only
   * its own columns, so no join is counted. A search's count is remembered, and only the rows inserted
   * since are checked again (count-cache.ts).
   */
  private async count(plan: SearchPlan | undefined, known?: Counters): Promise<number> {
    if (!plan) {
      if (known?.rows !== null && known?.rows !== undefined) return known.rows;
      const counted = await this.k
        .selectFrom('row_counts')
        .select('n')
        .where('table_name', '=', this.config.table)
        .executeTakeFirst();
      if (counted) return Number(counted.n);
    }
    if (plan?.fts && !plan.fts.rest) {
      const fts = plan.fts;
      const query = this.k
        .selectFrom(fts.table)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where(sql<boolean>`${sql.table(fts.table)} match ${fts.match}`);
      return cachedCount(this.db, { table: this.config.table, query, scan: plan.scan, known });
    }
    const q = this.k.selectFrom(`${this.config.table} as ${ROOT}`).select((eb) => eb.fn.countAll<number>().as('total'));
    if (!plan) return Number((await q.executeTakeFirst())?.total ?? 0);
    return cachedCount(this.db, { table: this.config.table, query: q.where(plan.condition), scan: plan.scan, known });
  }

  /**
   * The rows a confined user's list has: counted each time, over the table alone (a teacher's few teams; the
   * table's counters and remembered totals are the whole school's).
   */
  private async countConfined(plan: SearchPlan | undefined, confine: RawBuilder<SqlBool>): Promise<number> {
    let q = this.k
      .selectFrom(`${this.config.table} as ${ROOT}`)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(confine);
    if (plan) q = q.where(plan.condition);
    return Number((await q.executeTakeFirst())?.total ?? 0);
  }

  /** Lists like a student's teams, for all given rows in one query per field (no N+1). */
  private async embedMany(rows: Row[]): Promise<void> {
    for (const field of this.config.fields.filter((f) => f.many && !this.embeddedByHooks.includes(f.name))) {
      const { through, foreignKey, target, targetKey, labelField } = field.many!;
      const found = await inChunks(
        rows.map((r) => Number(r.id)),
        (ids) =>
          this.k
            .selectFrom(`${through} as j`)
            .innerJoin(`${target} as t`, 't.id', `j.${targetKey}`)
            .select([`j.${foreignKey} as owner`, 't.id as id', `t.${labelField} as label`])
            .where(`j.${foreignKey}`, 'in', ids)
            .orderBy('t.id')
            .execute(),
      );
      const byOwner = groupBy(found, (f) => Number(f.owner));
      for (const row of rows)
        row[field.name] = (byOwner.get(Number(row.id)) ?? []).map((f) => ({ id: Number(f.id), [labelField]: f.label }));
    }
  }

  /** `confine`: as in {@link list}; a row out of reach is not found. */
  async findById(id: number, confine?: RawBuilder<SqlBool>): Promise<Row | undefined> {
    let q = this.listed().where(`${ROOT}.id`, '=', id);
    if (confine) q = q.where(confine);
    const row = (await q.executeTakeFirst()) as Row | undefined;
    if (!row) return undefined;
    await this.embedMany([row]);
    return this.nest(row);
  }

  /** Rows as findById answers each, in one query (a spreadsheet import's slice, for its audit entries). */
  async findByIds(ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    const rows = (await this.listed().where(`${ROOT}.id`, 'in', ids).execute()) as Row[];
    await this.embedMany(rows);
    return rows.map((r) => this.nest(r));
  }

  async insert(values: Row): Promise<number> {
    return (await this.insertMany([values]))[0];
  }

  /**
   * Several rows, their ids in the order given: one statement per set of filled columns (a column left out takes its
   * default on both databases, which a NULL in a shared statement would not). Ids grow in the order of the VALUES.
   */
  async insertMany(list: Row[]): Promise<number[]> {
    const now = new Date().toISOString();
    const rows: Row[] = [];
    // The search text goes in with the row: an UPDATE after it would count as a change to existing rows,
    // and every remembered search total of the table would be counted again (count-cache.ts).
    for (const values of list)
      rows.push({ ...this.money.columns(values), search_text: await this.searchTextOfValues(values) });
    const shapes = new Map<string, number[]>();
    rows.forEach((row, at) => {
      const shape = Object.keys(row)
        .filter((key) => row[key] !== undefined)
        .sort()
        .join();
      shapes.set(shape, [...(shapes.get(shape) ?? []), at]);
    });
    const ids: number[] = [];
    // At most 200 rows a statement: well under both databases' bounds on parameters, whatever the columns.
    for (const group of shapes.values())
      for (let i = 0; i < group.length; i += 200) {
        const slice = group.slice(i, i + 200);
        const inserted = await this.k
          .insertInto(this.config.table)
          .values(slice.map((at) => ({ ...rows[at], created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        const sorted = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
        slice.forEach((at, n) => (ids[at] = sorted[n]));
      }
    return ids;
  }

  /** The search text of a row about to be inserted: its values, and the labels of the rows it refers to. */
  private async searchTextOfValues(values: Row): Promise<string> {
    const row: Row = { ...values };
    for (const name of this.config.searchFields) {
      const field = fieldOf(this.config, name);
      if (field.type !== 'reference' || values[name] === null || values[name] === undefined) continue;
      const { embedAs, labelField } = field.reference!;
      const target = await this.k
        .selectFrom(this.referenced(field).table)
        .select(labelField)
        .where('id', '=', values[name])
        .executeTakeFirst();
      row[embedAs] = target ? { id: values[name], [labelField]: target[labelField] } : null;
    }
    return this.searchTextOf(row);
  }

  async update(id: number, values: Row): Promise<void> {
    await this.k
      .updateTable(this.config.table)
      .set({ ...this.money.columns(values), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await this.reindex([id]);
    await this.reindexDependents(id);
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

  /** Rows that point at this record (other resources, then plain tables), for a refused delete. */
  async dependents(
    id: number,
    tables: TableDependent[] = [],
  ): Promise<{ singular: string; plural: string; count: number }[]> {
    const targets: { table: string; foreignKey: string; singular: string; plural: string }[] = [];
    for (const other of this.all) {
      for (const field of other.fields) {
        if (field.type === 'reference' && field.reference?.resource === this.config.name) {
          targets.push({
            table: other.table,
            foreignKey: field.name,
            singular: other.labels.singular,
            plural: other.labels.plural,
          });
        }
      }
    }
    targets.push(...tables);
    const found: { singular: string; plural: string; count: number }[] = [];
    for (const target of targets) {
      const row = await this.k
        .selectFrom(target.table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(target.foreignKey, '=', id)
        .executeTakeFirst();
      const count = Number(row?.n ?? 0);
      if (count > 0) found.push({ singular: target.singular, plural: target.plural, count });
    }
    return found;
  }
}
