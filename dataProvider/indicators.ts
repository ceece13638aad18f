import type { Receivables } from '../resources/receivables';
import type { LowAttendanceList } from '../src/admin/LowAttendancePage';
import { request } from './request';

/** The dashboard's charts: each a list of rows from server/indicators. */
const SERIES = {
  studentsPerMonth: '/indicators/number-students-per-month',
  registrationsPerMonth: '/indicators/number-registrations-per-month',
  studentsPerTeam: '/indicators/number-students-per-teams',
} as const;
export type IndicatorSeries = keyof typeof SERIES;

/** The dashboard's indicators (server/indicators). */
export const indicatorMethods = {
  /** How many active students are under the school's minimum attendance, and that minimum. */
  getLowAttendanceCount: () => request<{ count: number; minimum: number }>('/indicators/low-attendance'),
  /** Those students, a row per discipline under the minimum. */
  getLowAttendanceList: () => request<LowAttendanceList>('/indicators/low-attendance/students'),
  /** The month's tuition, its default rate and aging, by team (the FINANCEIRO panel). */
  getReceivables: () => request<Receivables>('/indicators/receivables'),
  /** One chart's rows (students or enrolments per month, students per team — of one school year when given). */
  getIndicatorSeries: (series: IndicatorSeries, query: { school_year_id?: number } = {}) =>
    request<Record<string, unknown>[]>(SERIES[series], { query }),
};
