import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connection';

export interface MigrationContext {
  dialect: DialectName;
}

export interface AppMigration {
  up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
}

type Table = CreateTableBuilder<string, never>;

/** `id` as an auto-incrementing integer key in each dialect's own idiom. */
export function withId(table: Table, ctx: MigrationContext): Table {
  return ctx.dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Column type of a point in time: ISO text in SQLite, timestamptz in PostgreSQL. */
export function timestampType(ctx: MigrationContext): 'text' | 'timestamptz' {
  return ctx.dialect === 'postgres' ? 'timestamptz' : 'text';
}

/** `created_at` and `updated_at`, filled by the server. */
export function withTimestamps(table: Table, ctx: MigrationContext): Table {
  const type = timestampType(ctx);
  return table
    .addColumn('created_at', type, (c: ColumnDefinitionBuilder) => c.notNull())
    .addColumn('updated_at', type, (c: ColumnDefinitionBuilder) => c.notNull());
}

/**
 * `search_text`: the folded text of a resource's search fields, kept by the server, so that a
 * search is a plain LIKE over one column instead of folding every row at query time.
 */
export function withSearchText(table: Table): Table {
  return table.addColumn('search_text', 'text', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(''));
}
