import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './connection';
import { migrations } from './migrations';

class InCodeProvider implements MigrationProvider {
  constructor(private readonly db: Db) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const ctx = { dialect: this.db.dialect };
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [
        name,
        {
          up: (k: Kysely<unknown>) => m.up(k, ctx),
          ...(m.down ? { down: (k: Kysely<unknown>) => m.down!(k, ctx) } : {}),
        },
      ]),
    );
  }
}

/** The migrations this code ships, over the database. */
function migratorOf(db: Db): Migrator {
  // With a schema of its own (the tests run several at once), the migration tables must be looked
  // for in that schema: Kysely's existence check would otherwise find another schema's tables.
  return new Migrator({
    db: db.kysely,
    provider: new InCodeProvider(db),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

function appliedNow({ error, results }: MigrationResultSet): string[] {
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the database to the latest migration; answers the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return appliedNow(await migratorOf(db).migrateToLatest());
}

/** Brings the database up to migration `name` and no further (a backup's version, server/backup). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return appliedNow(await migratorOf(db).migrateTo(name));
}
