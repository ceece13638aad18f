import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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

/** Brings the database to the latest migration; answers the names applied now. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // With a schema of its own (the tests run several at once), the migration tables must be looked
  // for in that schema: Kysely's existence check would otherwise find another schema's tables.
  const migrator = new Migrator({
    db: db.kysely,
    provider: new InCodeProvider(db),
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
