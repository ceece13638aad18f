import type { RolloverAnswer, RolloverLine, SuccessorLine, SuccessorProposal } from '../resources/next-year';
import type { SchoolCalendar, SchoolCalendarInput } from '../src/school-year/calendarTypes';
import type { TeamWorkload } from '../resources/workload';
import { request } from './request';

/** A school year as the server's current-year route answers it. */
export interface CurrentSchoolYear {
  id: number;
  year: number;
  start_date: string;
  end_date: string;
  status: string;
}

const year = (id: number | string) => `/school-years/${encodeURIComponent(String(id))}`;

/**
 * A school year (server/school-year): its calendar, a team's LDB line, next year's teams (its teams' successors)
 * and the rollover of their students.
 */
export const schoolYearMethods = {
  /** The year the screens open on (server/school-year/years.ts currentSchoolYear); null while the school has none. */
  getCurrentSchoolYear: async () =>
    (await request<{ data: CurrentSchoolYear[] }>('/school-years/current')).data[0] ?? null,
  getSchoolCalendar: (yearId: number | string) => request<SchoolCalendar>(`${year(yearId)}/calendar`),
  /** Replaces the stages and days; answers the calendar saved, its count and the server's message. */
  saveSchoolCalendar: (yearId: number | string, input: SchoolCalendarInput) =>
    request<SchoolCalendar & { message?: string }>(`${year(yearId)}/calendar`, { method: 'PUT', body: input }),
  /** A team's LDB line: its hours and its year's school days against the minimums. */
  getTeamWorkload: (teamId: number | string) =>
    request<TeamWorkload>(`/teams/${encodeURIComponent(String(teamId))}/workload`),
  getSuccessors: async (yearId: number | string, toYearId: number) =>
    (await request<{ data: SuccessorProposal[] }>(`${year(yearId)}/successors`, { query: { to_year_id: toYearId } }))
      .data,
  createSuccessors: (yearId: number | string, toYearId: number, teams: SuccessorLine[]) =>
    request<{ data: { id: number; from_team_id: number; name: string }[]; message: string }>(
      `${year(yearId)}/successors`,
      { method: 'POST', body: { to_year_id: toYearId, teams } },
    ),
  /** `dry_run`: what would happen, per student, writing nothing. */
  rollover: (
    yearId: number | string,
    body: { to_year_id: number; teams: RolloverLine[]; apply_plans: boolean; dry_run: boolean },
  ) => request<RolloverAnswer>(`${year(yearId)}/rollover`, { method: 'POST', body }),
};
