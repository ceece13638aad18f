import type { LowAttendanceList } from '../src/admin/LowAttendancePage';
import { request } from './request';

/** The dashboard's indicators (server/indicators). */
export const indicatorMethods = {
  /** How many active students are under the school's minimum attendance, and that minimum. */
  getLowAttendanceCount: () => request<{ count: number; minimum: number }>('/indicators/low-attendance'),
  /** Those students, a row per discipline under the minimum. */
  getLowAttendanceList: () => request<LowAttendanceList>('/indicators/low-attendance/students'),
};
