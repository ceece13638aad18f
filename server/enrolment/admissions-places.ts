import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { exclusively } from '../db/lock';

/** The 'matricula' campaign open today (São Paulo's day), with the year families enrol into. */
export interface OpenCampaign {
  id: number;
  year: number;
  opens_on: string;
  closes_on: string;
}

/** One team a campaign offers new families, with its places. */
export interface OfferedTeam {
  id: number;
  name: string;
  capacity: number | null;
}

/** The open campaigns for new families, newest first (two open at once offer the teams of both). */
export async function openCampaigns(db: Db, today = schoolDayOf()): Promise<OpenCampaign[]> {
  const rows = await dynamic(db)
    .selectFrom('enrolment_campaigns as c')
    .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
    .select(['c.id', 'y.year', 'c.opens_on', 'c.closes_on'])
    .where('c.kind', '=', 'matricula')
    .where('c.opens_on', '<=', today)
    .where('c.closes_on', '>=', today)
    .orderBy('c.opens_on', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), year: Number(r.year), opens_on: r.opens_on, closes_on: r.closes_on }));
}

/** The target teams of a campaign, by name. */
export async function offeredTeams(db: Db, campaignId: number): Promise<OfferedTeam[]> {
  const rows = await dynamic(db)
    .selectFrom('enrolment_campaign_teams as ct')
    .innerJoin('teams as t', 't.id', 'ct.to_team_id')
    .select(['t.id', 't.name', 't.capacity'])
    .where('ct.campaign_id', '=', campaignId)
    .orderBy('t.name')
    .execute();
  const seen = new Set<number>();
  return rows
    .map((r) => ({ id: Number(r.id), name: String(r.name), capacity: r.capacity === null ? null : Number(r.capacity) }))
    .filter((t) => !seen.has(t.id) && seen.add(t.id));
}

/**
 * Places taken in a team: its open enrolments (no exit day) and the admissions holding a place — 'pendente' (the
 * office has not decided) and 'aceita' whose re-enrolment request has not yet become an enrolment (once it has, the
 * enrolment counts instead, never both). The waiting list holds no place.
 */
export async function placesTaken(db: Db, teamId: number): Promise<number> {
  const k = dynamic(db);
  const enrolled = await k
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('team_id', '=', teamId)
    .where('left_on', 'is', null)
    .executeTakeFirstOrThrow();
  const held = await k
    .selectFrom('admissions as a')
    .leftJoin('enrolment_requests as r', 'r.id', 'a.request_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('a.team_id', '=', teamId)
    .where((eb) =>
      eb.or([
        eb('a.status', '=', 'pendente'),
        eb.and([eb('a.status', '=', 'aceita'), eb('r.registration_id', 'is', null)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(enrolled.n) + Number(held.n);
}

/** Whether a team has a place free (no capacity: always). */
export async function hasPlace(db: Db, team: { id: number; capacity: number | null }): Promise<boolean> {
  return team.capacity === null || (await placesTaken(db, team.id)) < team.capacity;
}

/** How many wait for a team in a campaign. */
export async function waitingCount(db: Db, campaignId: number, teamId: number): Promise<number> {
  const row = await dynamic(db)
    .selectFrom('admissions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('team_id', '=', teamId)
    .where('status', '=', 'espera')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admission's place on its waiting list: those of its team and campaign that arrived before it, plus one. */
export async function positionOf(db: Db, a: { id: number; campaign_id: number; team_id: number }): Promise<number> {
  const row = await dynamic(db)
    .selectFrom('admissions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('campaign_id', '=', a.campaign_id)
    .where('team_id', '=', a.team_id)
    .where('status', '=', 'espera')
    .where('id', '<=', a.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Runs a count of a team's places and the write it allows alone among the others on that team, in this process and
 * across instances (db/lock.ts): two families for the last place get one place and one waiting-list position.
 */
export const onTeamPlaces = <T>(db: Db, teamId: number, work: () => Promise<T>): Promise<T> =>
  exclusively(db, `admissions:team:${teamId}`, work);
