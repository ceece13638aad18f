import type { Picked } from '../src/reports/values';
import { request } from './request';

/** The report forms and the general report's table (server/reports). */
export const reportMethods = {
  /** Every row of a lookup list a report field names (`lookup`: payment-types, service-types, users), by name. */
  getLookupChoices: async (lookup: string) =>
    (
      await request<{ data: { id: number; name: string }[] }>(`/${lookup}`, {
        query: { page: 0, perPage: 99999, sortBy: 'name', sortDesc: 0 },
      })
    ).data.map((r) => ({ id: String(r.id), name: String(r.name) })),
  /** The teams of a student's enrolments, for a report about that student in one of them. */
  getStudentTeams: async (studentId: number): Promise<Picked[]> => {
    const answer = await request<{ registrations?: { team: Picked | null }[] }[]>(`/students/${studentId}`);
    return (answer[0]?.registrations ?? []).flatMap((r) =>
      r.team ? [{ id: Number(r.team.id), name: String(r.team.name) }] : [],
    );
  },
  /** A page of a table report (the general report of students), filtered and sorted on the server. */
  getReportPage: <T>(
    api: string,
    query: { search: string; sortBy: string; sortDesc: number; page: number; perPage: number },
  ) => request<{ data: T[]; total: number }>(api, { query }),
};
