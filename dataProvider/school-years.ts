import type { RolloverAnswer, RolloverLine, SuccessorLine, SuccessorProposal } from '../resources/next-year';
import { request } from './request';

const year = (id: number | string) => `/school-years/${encodeURIComponent(String(id))}`;

/** Next year from a school year (server/school-year): its teams' successors and the rollover of their students. */
export const schoolYearMethods = {
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
