import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema in the database, and its migrator asks it
 * whether the migration tables exist. Where several servers share a database, each in its own schema (the
 * tests run files side by side; an installation may host several schools), it saw another schema's migration
 * tables as its own, and failed when another schema was dropped while it read the catalogue. This one reads
 * only the schemas of the connection's search path, with plain column comparisons on the catalogue.
 */
class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas() {
    return this.#schemas.getSchemas();
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string | null;
      type: string | null;
      not_null: boolean | null;
      has_default: boolean | null;
      identity: string | null;
    }>`
      select n.nspname as schema, c.relname as "table", c.relkind as kind, a.attname as "column", t.typname as type,
             a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity as identity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type t on t.oid = a.atttypid
      where n.nspname = any (current_schemas(false)) and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by n.nspname, c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      const key = `${r.schema}.${r.table}`;
      let table = tables.get(key);
      if (!table)
        tables.set(
          key,
          (table = { schema: r.schema, name: r.table, isView: r.kind === 'v' || r.kind === 'm', columns: [] }),
        );
      if (r.column === null) continue;
      table.columns.push({
        name: r.column,
        dataType: r.type ?? '',
        isNullable: !r.not_null,
        hasDefaultValue: Boolean(r.has_default) || Boolean(r.identity),
        isAutoIncrementing: Boolean(r.identity) || (Boolean(r.has_default) && (r.type === 'int4' || r.type === 'int8')),
      });
    }
    return [...tables.values()];
  }

  async getMetadata() {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as Kysely speaks it, with the introspector above. */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
