import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resources } from '../resources';
import { schoolCensusFields, schoolSettingsFields } from '../resources/school-settings';
import { openDb } from './db/connection';
import { migrateToLatest } from './db/migrator';
import {
  fieldTable,
  migrationSource,
  missingFields,
  MigrationError,
  nextMigration,
  writeMigration,
  type FieldTable,
} from './db/new-migration';

/**
 * `npm run migration:new -- <nome> [--resource <entidade>]`: writes the next-numbered migration in
 * server/db/migrations and registers it. With `--resource`, or without it when some config field has no
 * column, the migration adds the missing columns itself, from each field's type.
 */

const DIR = path.join(import.meta.dirname, 'db', 'migrations');

/** Every config whose fields the server checks against the schema at start (server/db/schema-check.ts). */
const TABLES: FieldTable[] = [
  ...resources.map(fieldTable),
  { name: 'school_settings', table: 'school_settings', fields: [...schoolSettingsFields, ...schoolCensusFields] },
];

/** The columns the registered migrations build, read from a throwaway SQLite (both databases get the same). */
async function schemaColumns(): Promise<Map<string, Set<string>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-schema-'));
  const db = openDb({ dataDir: dir });
  try {
    await migrateToLatest(db).catch((error: unknown) => {
      // An empty migration written by this command, or a broken one: the schema cannot be known until it runs.
      throw new MigrationError(
        `As migrações registradas não rodam num banco vazio, então não sei que colunas já existem: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    const tables = await db.kysely.introspection.getTables();
    return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function targetOf(wanted: string): FieldTable {
  const config = resources.find((r) => r.name === wanted || r.table === wanted || r.adminPath === wanted);
  const target = config ? fieldTable(config) : TABLES.find((t) => t.name === wanted);
  if (!target)
    throw new MigrationError(
      `Entidade desconhecida: "${wanted}". Use uma de: ${TABLES.map((t) => t.name).join(', ')}.`,
    );
  return target;
}

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { resource: { type: 'string' } } });
  const [name, ...extra] = positionals;
  if (extra.length > 0)
    throw new MigrationError(`Um nome só, com _ no lugar de espaços (recebi: ${positionals.join(' ')}).`);
  const full = nextMigration(DIR, name);
  const columns = await schemaColumns();
  const targets = values.resource ? [targetOf(values.resource)] : TABLES;
  const additions = targets
    .map((target) => ({ target, fields: missingFields(target, columns) }))
    .filter((a) => a.fields.length > 0);
  if (values.resource && additions.length === 0) {
    process.stdout.write(
      `Nada a escrever: todo campo de ${targets[0].name} já tem coluna nas migrações. Acrescente o campo em resources/ antes.\n`,
    );
    return;
  }
  writeMigration(DIR, full, migrationSource(name, additions, TABLES));
  const file = path.join('server', 'db', 'migrations', `${full}.ts`);
  process.stdout.write(`Migração criada: ${file}, registrada em server/db/migrations/index.ts.\n`);
  if (additions.length === 0) {
    process.stdout.write('Nenhum campo sem coluna: escreva a mudança nesse arquivo (até lá ela se recusa a rodar).\n');
  } else {
    for (const { target, fields } of additions)
      process.stdout.write(`  colunas novas em ${target.table}: ${fields.map((f) => f.name).join(', ')}\n`);
    process.stdout.write('Confira o arquivo; npm start (ou npm run migrate) aplica a migração.\n');
  }
}

run().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof MigrationError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
