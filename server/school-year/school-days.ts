import { addDays, type CalendarDay } from './holidays';

/** 0 Sunday … 6 Saturday, of a `YYYY-MM-DD` day. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whether a day has no school: a holiday or a recess. */
export const isDayOff = (kind: string | undefined): boolean => kind === 'feriado' || kind === 'recesso';

/**
 * Whether there is school on a day: Monday to Friday unless it is a holiday or recess, a Saturday only when the
 * calendar makes it a school day (`letivo`), never a Sunday.
 */
export function isSchoolDay(date: string, kind: string | undefined): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0) return false;
  if (weekday === 6) return kind === 'letivo';
  return !isDayOff(kind);
}

/**
 * The school days of a year (LDB art. 24, I: at least 200): Monday to Friday from `start` to `end`, less its holidays
 * and recesses, plus its school Saturdays.
 */
export function schoolDays(start: string, end: string, days: Pick<CalendarDay, 'date' | 'kind'>[]): number {
  const kinds = new Map(days.map((d) => [d.date, d.kind]));
  let count = 0;
  for (let date = start; date <= end; date = addDays(date, 1)) if (isSchoolDay(date, kinds.get(date))) count++;
  return count;
}
