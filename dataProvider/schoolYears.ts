import type { SchoolCalendar, SchoolCalendarInput } from '../src/school-year/calendarTypes';
import { request } from './request';

const calendar = (yearId: number | string) => `/school-years/${encodeURIComponent(String(yearId))}/calendar`;

/** A school year's calendar (server/school-year): its stages' dates, its days off and school Saturdays, its count. */
export const schoolYearMethods = {
  getSchoolCalendar: (yearId: number | string) => request<SchoolCalendar>(calendar(yearId)),
  /** Replaces the stages and days; answers the calendar saved, its count and the server's message. */
  saveSchoolCalendar: (yearId: number | string, input: SchoolCalendarInput) =>
    request<SchoolCalendar & { message?: string }>(calendar(yearId), { method: 'PUT', body: input }),
};
