/** Calendar arithmetic of instalments on `YYYY-MM-DD` text: no time zone can move a due date (server and screens). */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * The date `months` calendar months after `date`, keeping its day where the month has it and taking the
 * month's last day where it does not: 31 Jan → 28/29 Feb → 31 Mar (always counted from the first date,
 * so one short month does not pull every later instalment back). `day`: the day to keep instead of the date's
 * own, for a first date that was itself clamped (a plan due on the 31st from February: 28 Feb → 31 Mar).
 */
export function addMonthsKeepingDay(date: string, months: number, day?: number): string {
  const m = DATE.exec(date);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  const index = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(day ?? Number(m[3]), daysIn(year, month)));
}

export interface PlannedInstalment {
  quota: number;
  due_date: string;
}

/** N instalments from the first due date, a month apart, numbered from the next free quota (`day`: as above). */
export function planInstalments(
  firstDue: string,
  count: number,
  firstQuota: number,
  day?: number,
): PlannedInstalment[] {
  return Array.from({ length: count }, (_, i) => ({
    quota: firstQuota + i,
    due_date: addMonthsKeepingDay(firstDue, i, day),
  }));
}

/** A plan's first due date: `day` of `month` ('YYYY-MM'), or the month's last day where it has no such day. */
export const dueDateIn = (month: string, day: number): string => addMonthsKeepingDay(`${month}-01`, 0, day);

/**
 * Where a payment plan's instalments start: on its due day of its first month (clamped), or on `firstDue` when the
 * office moves the first one, the next ones then keeping that date's day. `day`: for {@link planInstalments}.
 */
export function planStart(
  plan: { first_month: string; due_day: number },
  firstDue?: string | null,
): { first: string; day: number } {
  return firstDue
    ? { first: firstDue, day: Number(firstDue.slice(8, 10)) }
    : { first: dueDateIn(plan.first_month, plan.due_day), day: plan.due_day };
}
