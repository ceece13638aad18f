import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

/**
 * Enrolments per team for the dashboard's chart, kept by triggers on `registrations`: the chart reads one
 * row a team instead of grouping 100,000 enrolments. An enrolment enters a team (insert), leaves it
 * (delete) or moves to another (update of `team_id`); every writer goes through the triggers, bulk SQL
 * included. A team's row goes with the team (foreign key, on delete cascade).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * PostgreSQL: statement-level, with transition tables, so a 100,000-row load moves each counter once.
 * The net change per team is applied in one upsert ordered by team, so two transactions moving
 * enrolments between the same teams in opposite directions lock the counters in the same order
 * instead of deadlocking. Transition tables cannot go with a column list (`update of team_id`): the
 * update trigger sees every update, and rows whose team did not change cancel out (+1 −1).
 */
/** The net change per team of `moved` (rows of team_id and ±1), added to the counters. */
const applyMoves = (moved: string) => `insert into team_counts (team_id, n)
      select team_id, sum(d) from (${moved}) moved group by team_id having sum(d) <> 0 order by team_id
      on conflict (team_id) do update set n = team_counts.n + excluded.n;`;

const PG_FUNCTION = sql.raw(`create or replace function team_counts_keep() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      ${applyMoves('select team_id, 1 as d from new_rows')}
    elsif tg_op = 'DELETE' then
      ${applyMoves('select team_id, -1 as d from old_rows')}
    elsif tg_op = 'UPDATE' then
      ${applyMoves('select team_id, 1 as d from new_rows union all select team_id, -1 from old_rows')}
    else
      delete from team_counts;
    end if;
    return null;
  end $$`);

export async function addTeamCounts(k: AnyDb, dialect: DialectName): Promise<void> {
  await sql`create table team_counts (team_id integer primary key references teams (id) on delete cascade, n bigint not null)`.execute(
    k,
  );
  if (dialect === 'postgres') {
    await PG_FUNCTION.execute(k);
    await sql`create trigger registrations_team_ins after insert on registrations referencing new table as new_rows for each statement execute function team_counts_keep()`.execute(
      k,
    );
    await sql`create trigger registrations_team_del after delete on registrations referencing old table as old_rows for each statement execute function team_counts_keep()`.execute(
      k,
    );
    await sql`create trigger registrations_team_upd after update on registrations referencing old table as old_rows new table as new_rows for each statement execute function team_counts_keep()`.execute(
      k,
    );
    await sql`create trigger registrations_team_trunc after truncate on registrations for each statement execute function team_counts_keep()`.execute(
      k,
    );
  } else {
    const enter = (team: string) =>
      sql`insert into team_counts (team_id, n) values (${sql.ref(team)}, 1) on conflict (team_id) do update set n = n + 1;`;
    const leave = (team: string) => sql`update team_counts set n = n - 1 where team_id = ${sql.ref(team)};`;
    await sql`create trigger registrations_team_ins after insert on registrations begin ${enter('new.team_id')} end`.execute(
      k,
    );
    await sql`create trigger registrations_team_del after delete on registrations begin ${leave('old.team_id')} end`.execute(
      k,
    );
    await sql`create trigger registrations_team_upd after update of team_id on registrations when old.team_id is not new.team_id begin
      ${leave('old.team_id')} ${enter('new.team_id')} end`.execute(k);
  }
  await sql`insert into team_counts (team_id, n) select team_id, count(*) from registrations group by team_id`.execute(
    k,
  );
}
