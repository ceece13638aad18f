import { sql, type Kysely } from 'kysely';
import type { AppMigration, MigrationContext } from './helpers';

const REQUIRED = '"course_id" integer not null references';
const OPTIONAL = '"course_id" integer references';

/**
 * A grid's course becomes optional (issue 34): the original server registered a grid from its name and
 * observation alone, and its client does so; the course then comes with the grid's rows (server/grids/routes.ts).
 *
 * PostgreSQL drops the constraint. SQLite cannot, so the table is made again as its documented procedure says
 * (https://sqlite.org/lang_altertable.html#otheralter): with foreign keys off (dropping the old table must not
 * cascade to the grid's rows nor be refused by its teams), in one transaction, the rows copied with their ids, the
 * indexes and triggers (search, counters) made again as they were, the id sequence kept (a removed grid's id is
 * never given again), and the foreign keys checked before the commit. Run again after a crash past the commit, it
 * finds the column optional already and does nothing.
 */
export const gridsCourseOptional: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    if (ctx.dialect === 'postgres') {
      await sql`alter table grids alter column course_id drop not null`.execute(db);
      return;
    }
    const table = (
      await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'grids'`.execute(db)
    ).rows[0];
    if (!table.sql.includes(REQUIRED)) return;
    const rebuilt = table.sql
      .replace(REQUIRED, OPTIONAL)
      .replace(/^CREATE TABLE "grids"/, 'CREATE TABLE "grids_rebuilt"');
    if (!rebuilt.startsWith('CREATE TABLE "grids_rebuilt"'))
      throw new Error(`grids: definição inesperada: ${table.sql}`);
    const attached = (
      await sql<{ sql: string }>`select sql from sqlite_master
        where tbl_name = 'grids' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(db)
    ).rows;

    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin immediate`.execute(db);
      try {
        await sql.raw(rebuilt).execute(db);
        await sql`insert into grids_rebuilt select * from grids`.execute(db);
        const sequence = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'grids'`.execute(db))
          .rows[0];
        await sql`drop table grids`.execute(db);
        await sql`alter table grids_rebuilt rename to grids`.execute(db);
        for (const { sql: ddl } of attached) await sql.raw(ddl).execute(db);
        if (sequence)
          await sql`update sqlite_sequence set seq = cast(${sequence.seq} as integer) where name = 'grids'`.execute(db);
        const broken = await sql`pragma foreign_key_check`.execute(db);
        if (broken.rows.length > 0)
          throw new Error(`grids: chaves estrangeiras quebradas: ${JSON.stringify(broken.rows)}`);
        await sql`commit`.execute(db);
      } catch (error) {
        await sql`rollback`.execute(db);
        throw error;
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
