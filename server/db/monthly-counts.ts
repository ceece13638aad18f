import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

/**
 * Rows per month of creation (in the school's time zone, UTC−3, no daylight saving since 2019) for the
 * dashboard's charts, kept by triggers: the charts read two dozen rows instead of grouping 100,000.
 * `created_at` is written once, at insert, so inserts and deletes are all that move a month.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const MONTHLY_TABLES = ['students', 'registrations'];

/** The month of `created_at` as `YYYY-MM`, in each dialect's words; `row` is the row alias. */
function monthOf(dialect: DialectName, row: string) {
  return dialect === 'postgres'
    ? sql`to_char((${sql.ref(`${row}.created_at`)} at time zone 'UTC') - interval '3 hours', 'YYYY-MM')`
    : sql`substr(datetime(${sql.ref(`${row}.created_at`)}, '-3 hours'), 1, 7)`;
}

export async function addMonthlyCounts(k: AnyDb, dialect: DialectName): Promise<void> {
  await sql`create table monthly_counts (table_name text not null, month text not null, n bigint not null, primary key (table_name, month))`.execute(
    k,
  );
  if (dialect === 'postgres') {
    await sql`create or replace function monthly_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into monthly_counts (table_name, month, n)
          select tg_table_name, ${monthOf(dialect, 'new_rows')}, count(*) from new_rows group by 2
          on conflict (table_name, month) do update set n = monthly_counts.n + excluded.n;
        elsif tg_op = 'DELETE' then
          update monthly_counts m set n = m.n - d.n
          from (select ${monthOf(dialect, 'old_rows')} as month, count(*) as n from old_rows group by 1) d
          where m.table_name = tg_table_name and m.month = d.month;
        else
          delete from monthly_counts where table_name = tg_table_name;
        end if;
        return null;
      end $$`.execute(k);
  }
  for (const table of MONTHLY_TABLES) {
    const t = sql.table(table);
    const name = (suffix: string) => sql.ref(`${table}_month_${suffix}`);
    if (dialect === 'postgres') {
      await sql`create trigger ${name('ins')} after insert on ${t} referencing new table as new_rows for each statement execute function monthly_counts_keep()`.execute(
        k,
      );
      await sql`create trigger ${name('del')} after delete on ${t} referencing old table as old_rows for each statement execute function monthly_counts_keep()`.execute(
        k,
      );
      await sql`create trigger ${name('trunc')} after truncate on ${t} for each statement execute function monthly_counts_keep()`.execute(
        k,
      );
    } else {
      await sql`create trigger ${name('ins')} after insert on ${t} begin
        insert into monthly_counts (table_name, month, n) values (${sql.lit(table)}, ${monthOf(dialect, 'new')}, 1)
        on conflict (table_name, month) do update set n = n + 1; end`.execute(k);
      await sql`create trigger ${name('del')} after delete on ${t} begin
        update monthly_counts set n = n - 1 where table_name = ${sql.lit(table)} and month = ${monthOf(dialect, 'old')}; end`.execute(
        k,
      );
    }
    await sql`insert into monthly_counts (table_name, month, n) select ${table}, ${monthOf(dialect, 'r')}, count(*) from ${t} r group by 2`.execute(
      k,
    );
  }
}
