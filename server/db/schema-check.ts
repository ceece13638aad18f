import { schoolCensusFields, schoolSettingsFields } from '../../resources/school-settings';
import { columnOf, storedFields, type FieldConfig, type ResourceConfig } from '../../resources/types';
import { sql } from 'kysely';
import type { Db } from './connection';

/** Field configs of forms that are not resources, checked all the same. */
const NON_RESOURCE_FIELDS = [{ table: 'school_settings', fields: [...schoolSettingsFields, ...schoolCensusFields] }];

/**
 * Config fields with no column in their table — the mistake of adding a field to a resource
 * config without its migration. Password fields are stored hashed under another name.
 */
export async function missingColumns(
  db: Db,
  configs: ResourceConfig[],
  others: { table: string; fields: FieldConfig[] }[] = NON_RESOURCE_FIELDS,
): Promise<string[]> {
  // PostgreSQL lists the tables of every schema: look only at ours (the search_path's first, which
  // a DATABASE_URL may set with `?options=-c search_path=…`).
  const ours =
    db.dialect === 'postgres'
      ? (db.schema ?? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0].s)
      : undefined;
  const tables = (await db.kysely.introspection.getTables()).filter((t) => !ours || t.schema === ours);
  const columns = new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const missing: string[] = [];
  for (const config of configs) {
    const have = columns.get(config.table);
    for (const field of storedFields(config)) {
      if (!have?.has(columnOf(field))) missing.push(`${config.table}.${columnOf(field)}`);
    }
    for (const column of ['search_text', 'updated_at']) {
      if (!have?.has(column)) missing.push(`${config.table}.${column}`);
    }
  }
  for (const { table, fields } of others) {
    for (const field of fields) if (!columns.get(table)?.has(field.name)) missing.push(`${table}.${field.name}`);
  }
  return missing;
}
