import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { resources } from '../../../resources';
import { syncSearchIndexes } from '../../../server/crud/search-index';
import { openDb, type Db } from '../../../server/db/connection';
import { migrateToLatest } from '../../../server/db/migrator';
import { seedDemoSchool } from '../../../server/seed/demo';

/**
 * Prepared schools that each test server's database is copied from: migrating and seeding for every server
 * would cost most of the API run (a server per test in many files, on both databases). The plain school is
 * made once per run (tests/api/global-setup.ts); a test's own `prepare` gets its own template, once per file.
 */

export const ADMIN = { email: 'admin.teste@escolamodelo.edu.br', password: 'senha-de-teste-1' };

/** Runs after migrations, before the server starts (e.g. a test table). */
export type Prepare = (db: Db) => Promise<void>;

/** Migrations, the demo school (without students), the test's own preparation and the search indexes. */
async function prepareSchool(db: Db, prepare: Prepare | undefined): Promise<void> {
  await migrateToLatest(db);
  await seedDemoSchool(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, withStudents: false });
  await prepare?.(db);
  // As the server's first start leaves them, so that each server's own sync only checks.
  await syncSearchIndexes(db, resources);
}

/** A copy of the plain school made into a file's own: its `prepare`, then the indexes as a first start leaves them. */
async function prepareCopy(db: Db, prepare: Prepare | undefined): Promise<void> {
  await prepare?.(db);
  await syncSearchIndexes(db, resources);
}

/**
 * A prepared SQLite school: the file to copy (in a directory of its own). With `from`, the plain school of the run
 * (already migrated, seeded and indexed) is copied and only `prepare` and the index sync run on it: the same school
 * as migrating and seeding again, without a file's own template costing the migrations and the seed's password hashes.
 */
export async function makeSqliteTemplate(prepare?: Prepare, from?: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-template-'));
  const file = path.join(dir, 'secretaria.db');
  if (from) fs.copyFileSync(from, file);
  const db = openDb({ dataDir: dir });
  await (from ? prepareCopy(db, prepare) : prepareSchool(db, prepare));
  // Closing the only connection folds the WAL back into the file that is then copied.
  await db.destroy();
  return file;
}

export function removeSqliteTemplate(file: string): void {
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** `url` pointed at another database of the same cluster (the same one without `database`). */
export function urlOfDatabase(url: string, database?: string): string {
  if (!database) return url;
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

/**
 * TEST_DATABASE_URL's own database gets the copies and drops of every server's database: through connections kept
 * for a moment, not a new one each (a backend's start costs PostgreSQL ~3 ms of CPU, and the client as much; two per
 * server). Idle ones close after a second and never keep a worker alive.
 */
let admin: pg.Pool | undefined;
function adminPool(): pg.Pool {
  if (!admin) {
    admin = new pg.Pool({
      connectionString: process.env.TEST_DATABASE_URL!,
      max: 2,
      idleTimeoutMillis: 1_000,
      allowExitOnIdle: true,
    });
    // An idle connection ended by the server is dropped from the pool; the next statement opens another.
    admin.on('error', () => undefined);
  }
  return admin;
}

/** One statement on a database of TEST_DATABASE_URL's cluster (its own database unless `database` says another). */
export async function runOn(statement: string, database?: string): Promise<void> {
  if (!database) {
    await adminPool().query(statement);
    return;
  }
  const client = new pg.Client({ connectionString: urlOfDatabase(process.env.TEST_DATABASE_URL!, database) });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's templates are databases of their own, copied with CREATE DATABASE … TEMPLATE (STRATEGY
 * FILE_COPY: about 250 ms under load, where migrating and seeding took 750 ms and the copy of WAL_LOG 375 ms).
 * The schema is renamed in each copy, so that every server's schema, and its connections' application_name,
 * is its own. TEST_DATABASE_URL's role must be allowed to create databases.
 */
const TEMPLATE_SCHEMA = 'escola';

/** A prepared PostgreSQL school: the name of its database; from the plain school's database `from` as above. */
export async function makePgTemplate(prepare?: Prepare, from?: string): Promise<string> {
  const name = `tmpl_${randomBytes(6).toString('hex')}`;
  if (from) {
    await runOn(`create database ${name} template ${from} strategy file_copy`);
  } else {
    await runOn(`create database ${name}`);
    await runOn(`create schema ${TEMPLATE_SCHEMA}`, name);
  }
  const db = openDb({
    databaseUrl: urlOfDatabase(process.env.TEST_DATABASE_URL!, name),
    dataDir: '',
    pgSchema: TEMPLATE_SCHEMA,
    poolSize: 2,
  });
  try {
    await (from ? prepareCopy(db, prepare) : prepareSchool(db, prepare));
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await db.destroy();
  }
  return name;
}

export async function removePgTemplate(name: string): Promise<void> {
  await runOn(`drop database if exists ${name} with (force)`);
}

/** The statement that gives a copy's schema the copy's name (run on a connection to the copy). */
export const renameOfCopy = (name: string) => `alter schema ${TEMPLATE_SCHEMA} rename to ${name}`;

/**
 * A database of its own for one server, copied from a template: its name (also its schema's), and how to drop it.
 * `renameLater`: the caller renames the schema itself (`renameOfCopy`) on its own first connection to the copy,
 * instead of one opened here for that statement alone.
 */
export async function copyPgTemplate(
  template: string,
  options: { renameLater?: boolean } = {},
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await runOn(`create database ${name} template ${template} strategy file_copy`);
  if (!options.renameLater) await runOn(renameOfCopy(name), name);
  // With force: a connection a test left open (its own client, a proxy) must not keep the database alive.
  return { name, drop: () => runOn(`drop database if exists ${name} with (force)`) };
}
