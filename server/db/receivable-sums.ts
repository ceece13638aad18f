import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

/**
 * The charges summed per (team, due date, paid, pay day), kept by triggers on `financials` and on the enrolment's
 * team, for the FINANCEIRO dashboard (server/indicators/receivables.ts): `total` their face value, `received` what
 * the paid ones brought in (their paid parts: value less discounts plus fine and interest; a charge settled before
 * the parts were recorded, its value). Its figures group a few hundred rows
 * instead of a million charges (1,000,000 charges took seconds to group on the bench's SQLite, the goal is
 * 300 ms). A school has few due dates and pay days, so the table stays small. Every writer goes through the
 * triggers, bulk SQL included. Keys carry no NULL, so that an upsert finds its row: team 0 is "no team" and
 * pay_day '' is "no pay day". Rows that reach n = 0 stay (they sum to nothing); readers skip them.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const KEY = 'team_id, due_date, paid, pay_day';
const UPSERT = `on conflict (${KEY}) do update set n = receivable_sums.n + excluded.n,
  total = receivable_sums.total + excluded.total, received = receivable_sums.received + excluded.received`;

/** What a charge row brought in: its paid total when paid (its value when settled before the parts), else 0. */
const RECEIVED = (row: string) =>
  `case when ${row}paid <> 0 then coalesce(${row}paid_total_cents, ${row}value_cents) else 0 end`;

/**
 * `rows` (charges with their team: team_id, due_date, paid, pay_day, value_cents, paid_total_cents) added with `sign`
 * (+1 / −1).
 */
const grouped = (rows: string, sign: string) => `select coalesce(team_id, 0) as team_id, due_date, paid,
  coalesce(pay_day, '') as pay_day, ${sign} * count(*) as n, ${sign} * sum(value_cents) as total,
  ${sign} * sum(${RECEIVED('')}) as received from ${rows}
  group by coalesce(team_id, 0), due_date, paid, coalesce(pay_day, '')`;

const withTeam = (rows: string) =>
  `(select r.team_id, c.due_date, c.paid, c.pay_day, c.value_cents, c.paid_total_cents from ${rows} c
    join registrations r on r.id = c.registration_id) t`;

/** The net change of `moved` (rows of the key, n, total and received) added to the sums, in key order. */
const applyMoves = (moved: string) => `insert into receivable_sums (${KEY}, n, total, received)
      select ${KEY}, sum(n), sum(total), sum(received) from (${moved}) moved group by ${KEY}
      having sum(n) <> 0 or sum(total) <> 0 or sum(received) <> 0 order by ${KEY}
      ${UPSERT};`;

/**
 * PostgreSQL: statement-level triggers with transition tables (as team_counts), so a bulk load moves each sum
 * once; the net change is applied in key order, so two transactions lock the rows in the same order.
 */
const PG_CHARGES = sql.raw(`create or replace function receivable_sums_keep() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${applyMoves(grouped(withTeam('new_rows'), '1'))}
    elsif tg_op = 'DELETE' then
      ${applyMoves(grouped(withTeam('old_rows'), '-1'))}
    elsif tg_op = 'UPDATE' then
      ${applyMoves(`${grouped(withTeam('new_rows'), '1')} union all ${grouped(withTeam('old_rows'), '-1')}`)}
    else
      delete from receivable_sums;
    end if;
    return null;
  end $$`);

/** An enrolment moved to another team: its charges' sums move with it. */
const MOVED = `(select X.team_id, f.due_date, f.paid, f.pay_day, f.value_cents, f.paid_total_cents from financials f
  join new_rows n on n.id = f.registration_id join old_rows o on o.id = n.id
  where o.team_id is distinct from n.team_id) t`;
const PG_TEAMS = sql.raw(`create or replace function receivable_sums_move() returns trigger language plpgsql as $$
  begin
    ${applyMoves(`${grouped(MOVED.replace('X.', 'n.'), '1')} union all ${grouped(MOVED.replace('X.', 'o.'), '-1')}`)}
    return null;
  end $$`);

export async function addReceivableSums(k: AnyDb, dialect: DialectName): Promise<void> {
  await sql`create table receivable_sums (team_id integer not null, due_date varchar(10) not null,
    paid integer not null, pay_day varchar(10) not null, n bigint not null, total bigint not null,
    received bigint not null default 0, primary key (team_id, due_date, paid, pay_day))`.execute(k);
  if (dialect === 'postgres') {
    await PG_CHARGES.execute(k);
    for (const [name, event, refs] of [
      ['ins', 'insert', 'referencing new table as new_rows'],
      ['del', 'delete', 'referencing old table as old_rows'],
      ['upd', 'update', 'referencing old table as old_rows new table as new_rows'],
    ])
      await sql
        .raw(
          `create trigger financials_sums_${name} after ${event} on financials ${refs} for each statement
           execute function receivable_sums_keep()`,
        )
        .execute(k);
    await sql`create trigger financials_sums_trunc after truncate on financials for each statement
      execute function receivable_sums_keep()`.execute(k);
    await PG_TEAMS.execute(k);
    await sql`create trigger registrations_sums_upd after update on registrations
      referencing old table as old_rows new table as new_rows for each statement
      execute function receivable_sums_move()`.execute(k);
  } else {
    const team = (row: string) => `coalesce((select team_id from registrations where id = ${row}.registration_id), 0)`;
    const add = (row: string, sign: string) =>
      `insert into receivable_sums (${KEY}, n, total, received) values (${team(row)}, ${row}.due_date, ${row}.paid,
        coalesce(${row}.pay_day, ''), ${sign}1, ${sign}${row}.value_cents, ${sign}(${RECEIVED(`${row}.`)})) ${UPSERT};`;
    await sql
      .raw(`create trigger financials_sums_ins after insert on financials begin ${add('new', '')} end`)
      .execute(k);
    await sql
      .raw(`create trigger financials_sums_del after delete on financials begin ${add('old', '-')} end`)
      .execute(k);
    await sql
      .raw(
        `create trigger financials_sums_upd after update of registration_id, value_cents, due_date, paid, pay_day,
         paid_total_cents on financials begin ${add('old', '-')} ${add('new', '')} end`,
      )
      .execute(k);
    const move = (teamRow: string, sign: string) =>
      `insert into receivable_sums (${KEY}, n, total, received) select coalesce(${teamRow}.team_id, 0), due_date,
        paid, coalesce(pay_day, ''), ${sign}count(*), ${sign}sum(value_cents), ${sign}sum(${RECEIVED('')})
        from financials where registration_id = new.id group by due_date, paid, coalesce(pay_day, '') ${UPSERT};`;
    await sql
      .raw(
        `create trigger registrations_sums_upd after update of team_id on registrations
         when old.team_id is not new.team_id begin ${move('old', '-')} ${move('new', '')} end`,
      )
      .execute(k);
  }
  await sql
    .raw(`insert into receivable_sums (${KEY}, n, total, received) ${grouped(withTeam('financials'), '1')}`)
    .execute(k);
}

/** The sums, their triggers and functions removed: `addReceivableSums` then makes them again as they are now. */
export async function dropReceivableSums(k: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    for (const name of ['ins', 'del', 'upd', 'trunc'])
      await sql.raw(`drop trigger if exists financials_sums_${name} on financials`).execute(k);
    await sql`drop trigger if exists registrations_sums_upd on registrations`.execute(k);
    await sql`drop function if exists receivable_sums_keep()`.execute(k);
    await sql`drop function if exists receivable_sums_move()`.execute(k);
  } else {
    for (const name of ['financials_sums_ins', 'financials_sums_del', 'financials_sums_upd', 'registrations_sums_upd'])
      await sql.raw(`drop trigger if exists ${name}`).execute(k);
  }
  await sql`drop table if exists receivable_sums`.execute(k);
}
