import { sql, type Kysely } from 'kysely';
import { schoolDayOf } from '../../../resources/format';
import type { AppMigration, MigrationContext } from './helpers';

/**
 * Enrolment dates (issue 37): `enrolled_on`, the day the student counts in the team from (roll calls, frequency, the
 * class diary), and `left_on`, the day they stopped counting; both calendar days as `YYYY-MM-DD` text, like every date
 * column. Until now the enrolment day was the school day of `created_at`: that is what each row gets.
 *
 * The day is taken in America/Sao_Paulo by the same function the server used to take it (`schoolDayOf`), on both
 * databases, so both get the same days (SQLite has no time zones, and Brazil's old summer times move a few instants
 * near midnight). Rows are grouped by day: one update per distinct day, not per row.
 *
 * A row written without the day (a seed, a test, a bulk insert of some later code) gets the school day of its
 * `created_at`, as before, by a trigger on each database: never an empty day, never a refused insert on one database
 * only. SQLite adds a NOT NULL column only with a constant default, so there the column keeps `default ''` and an
 * after-insert trigger fills it (`-3 hours`: São Paulo has kept UTC−3 since 2019); PostgreSQL fills it before the
 * insert, from the time zone itself. Run again after a crash, it finds the column and fills only the rows still empty.
 */
export const registrationDates: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const columns =
      ctx.dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'registrations' and table_schema = current_schema()`.execute(db)
          ).rows
        : (await sql<{ name: string }>`pragma table_info(registrations)`.execute(db)).rows;
    if (!columns.some((c) => c.name === 'enrolled_on')) {
      await sql`alter table registrations add column enrolled_on varchar(10) not null default ''`.execute(db);
      await sql`alter table registrations add column left_on varchar(10)`.execute(db);
    }
    const rows = (
      await sql<{ id: number; created_at: string | Date }>`select id, created_at from registrations
        where enrolled_on = ''`.execute(db)
    ).rows;
    const byDay = new Map<string, number[]>();
    for (const r of rows) {
      const day = schoolDayOf(r.created_at instanceof Date ? r.created_at : String(r.created_at));
      const ids = byDay.get(day) ?? [];
      ids.push(Number(r.id));
      byDay.set(day, ids);
    }
    for (const [day, ids] of byDay)
      for (let i = 0; i < ids.length; i += 500)
        await sql`update registrations set enrolled_on = ${day}
          where id in (${sql.join(ids.slice(i, i + 500))})`.execute(db);
    if (ctx.dialect === 'postgres') {
      await sql`alter table registrations alter column enrolled_on drop default`.execute(db);
      await sql.raw(PG_FUNCTION).execute(db);
      await sql`drop trigger if exists registrations_enrolled_on on registrations`.execute(db);
      await sql`create trigger registrations_enrolled_on before insert on registrations
        for each row execute function registrations_enrolled_on()`.execute(db);
    } else {
      await sql`drop trigger if exists registrations_enrolled_on`.execute(db);
      await sql`create trigger registrations_enrolled_on after insert on registrations when new.enrolled_on = ''
        begin update registrations set enrolled_on = date(new.created_at, '-3 hours') where id = new.id; end`.execute(
        db,
      );
    }
  },
};

const PG_FUNCTION = `create or replace function registrations_enrolled_on() returns trigger language plpgsql as $$
begin
  if new.enrolled_on is null or new.enrolled_on = '' then
    new.enrolled_on := to_char(new.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD');
  end if;
  return new;
end $$`;
