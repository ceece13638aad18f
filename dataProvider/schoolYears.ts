import type { SchoolCalendar, SchoolCalendarInput } from '../src/school-year/calendarTypes';
import type { TeamWorkload } from '../src/school-year/WorkloadLine';
import { request } from './request';

const calendar = (yearId: number | string) => `/school-years/${encodeURIComponent(String(yearId))}/calendar`;

/** A school year's calendar and a team's LDB line (server/school-year). */
export const schoolYearMethods = {
  getSchoolCalendar: (yearId: number | string) => request<SchoolCalendar>(calendar(yearId)),
  /** Replaces the stages and days; answers the calendar saved, its count and the server's message. */
  saveSchoolCalendar: (yearId: number | string, input: SchoolCalendarInput) =>
    request<SchoolCalendar & { message?: string }>(calendar(yearId), { method: 'PUT', body: input }),
  /** A team's LDB line: its hours and its year's school days against the minimums. */
  getTeamWorkload: (teamId: number | string) =>
    request<TeamWorkload>(`/teams/${encodeURIComponent(String(teamId))}/workload`),
};
