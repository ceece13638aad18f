import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/** Exactly one owner: a portal account or a staff user. */
const ONE_OWNER = sql`(account_id is null) <> (user_id is null)`;

/**
 * Web Push for teachers (issue 36): a device opted in from Minhas aulas or Minha conta belongs to a staff user
 * (`user_id`) instead of a portal account (`account_id`), exactly one of the two. The endpoint stays unique, so a
 * device still has one row whoever signed in on it last, family or staff (they share the site's service worker).
 *
 * PostgreSQL alters the table. SQLite cannot drop a NOT NULL, so the table is made again as its documented procedure
 * says (https://sqlite.org/lang_altertable.html#otheralter), as in 0032: foreign keys off (dropping the old table
 * must not cascade to the pushes waiting), one transaction, rows copied with their ids, the index made again, the id
 * sequence kept, the foreign keys checked before the commit. Run again after a crash past the commit, it finds
 * `user_id` there already and only makes the index.
 */
export const pushStaff: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    if (ctx.dialect === 'postgres') {
      await sql`alter table push_subscriptions alter column account_id drop not null`.execute(db);
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await sql`alter table push_subscriptions add constraint push_subscriptions_owner check (${ONE_OWNER})`.execute(
        db,
      );
    } else {
      const columns = (await sql<{ name: string }>`pragma table_info(push_subscriptions)`.execute(db)).rows;
      if (!columns.some((c) => c.name === 'user_id')) await rebuildOnSqlite(db, ctx);
    }
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .ifNotExists()
      .on('push_subscriptions')
      .column('user_id')
      .execute();
  },
};

async function rebuildOnSqlite(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await withTimestamps(
        withId(db.schema.createTable('push_subscriptions_rebuilt'), ctx)
          .addColumn('account_id', 'integer', (c) => c.references('portal_accounts.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
          .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
          .addColumn('auth', 'varchar(40)', (c) => c.notNull())
          .addCheckConstraint('push_subscriptions_owner', ONE_OWNER),
        ctx,
      ).execute();
      await sql`insert into push_subscriptions_rebuilt (id, account_id, endpoint, p256dh, auth, created_at, updated_at)
        select id, account_id, endpoint, p256dh, auth, created_at, updated_at from push_subscriptions`.execute(db);
      const sequence = (
        await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'push_subscriptions'`.execute(db)
      ).rows[0];
      await sql`drop table push_subscriptions`.execute(db);
      await sql`alter table push_subscriptions_rebuilt rename to push_subscriptions`.execute(db);
      await db.schema
        .createIndex('push_subscriptions_account_idx')
        .on('push_subscriptions')
        .column('account_id')
        .execute();
      if (sequence)
        await sql`update sqlite_sequence set seq = cast(${sequence.seq} as integer)
          where name = 'push_subscriptions'`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`push_subscriptions: chaves estrangeiras quebradas: ${JSON.stringify(broken.rows)}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
