import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { notFound } from '../http/errors';
import { nationalHolidays, type CalendarDay } from './holidays';
import { schoolDays } from './school-days';

export interface StageDates {
  stage_id: number;
  /** The stage's number (1ª etapa…), for the screens. */
  stage?: number;
  start_date: string;
  end_date: string;
}

export interface SchoolYear {
  id: number;
  year: number;
  start_date: string;
  end_date: string;
}

export interface Calendar {
  stages: StageDates[];
  days: CalendarDay[];
  school_days: number;
}

/** The days a year's calendar may name: its calendar year, and into the next one when the school year runs on. */
export function calendarSpan(year: SchoolYear): { first: string; last: string } {
  const december = `${year.year}-12-31`;
  return { first: `${year.year}-01-01`, last: year.end_date > december ? year.end_date : december };
}

export async function schoolYearOr404(db: Db, id: number): Promise<SchoolYear> {
  const row = await dynamic(db)
    .selectFrom('school_years')
    .select(['id', 'year', 'start_date', 'end_date'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Ano letivo não encontrado.');
  return { id: Number(row.id), year: Number(row.year), start_date: row.start_date, end_date: row.end_date };
}

/**
 * Writes the year's national holidays the first time its calendar is read, once: the flag is claimed in the same
 * transaction as the rows, so two first reads at once write them once, and a holiday the office removed later does
 * not come back.
 */
async function fillHolidays(db: Db, year: SchoolYear): Promise<void> {
  await inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    const claimed = await k
      .updateTable('school_years')
      .set({ calendar_filled: 1 })
      .where('id', '=', year.id)
      .where('calendar_filled', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const days = holidaysOf(year);
    await k
      .insertInto('school_calendar_days')
      .values(days.map((d) => ({ school_year_id: year.id, ...d })))
      .onConflict((oc) => oc.columns(['school_year_id', 'date']).doNothing())
      .execute();
  });
}

/** The national holidays of a school year's span (the calendar year and the next, for a year that crosses it). */
function holidaysOf(year: SchoolYear): CalendarDay[] {
  const { first, last } = calendarSpan(year);
  return [year.year, year.year + 1].flatMap(nationalHolidays).filter((d) => d.date >= first && d.date <= last);
}

/**
 * The calendar of a school year, its national holidays written in on the first read. `readOnly` (a report drawn in a
 * worker, on a read-only connection): a year never read yet gets them computed, not written.
 */
export async function calendarOf(db: Db, year: SchoolYear, options: { readOnly?: boolean } = {}): Promise<Calendar> {
  const k = dynamic(db);
  let computed: CalendarDay[] = [];
  if (!options.readOnly) await fillHolidays(db, year);
  else {
    const row = await k
      .selectFrom('school_years')
      .select('calendar_filled')
      .where('id', '=', year.id)
      .executeTakeFirst();
    if (Number(row?.calendar_filled ?? 1) === 0) computed = holidaysOf(year);
  }
  const stages = await k
    .selectFrom('school_year_stages as y')
    .innerJoin('stages as s', 's.id', 'y.stage_id')
    .select(['y.stage_id', 's.stage', 'y.start_date', 'y.end_date'])
    .where('y.school_year_id', '=', year.id)
    .orderBy('y.start_date')
    .execute();
  const days = await k
    .selectFrom('school_calendar_days')
    .select(['date', 'kind', 'description'])
    .where('school_year_id', '=', year.id)
    .orderBy('date')
    .execute();
  const stored = days as CalendarDay[];
  const all = computed.length
    ? [...stored, ...computed.filter((c) => !stored.some((d) => d.date === c.date))].sort((a, b) =>
        a.date.localeCompare(b.date),
      )
    : stored;
  return {
    stages: stages.map((s) => ({
      stage_id: Number(s.stage_id),
      stage: Number(s.stage),
      start_date: s.start_date,
      end_date: s.end_date,
    })),
    days: all,
    school_days: schoolDays(year.start_date, year.end_date, all),
  };
}

/**
 * Replaces a year's stages and days. The year's row is written first: on PostgreSQL it stays locked until the commit,
 * so two saves at once run one after the other (the second replaces the first) instead of colliding on the rows.
 */
export async function replaceCalendar(
  db: Db,
  year: SchoolYear,
  input: { stages: StageDates[]; days: CalendarDay[] },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    await k
      .updateTable('school_years')
      .set({ calendar_filled: 1, calendar_saved: 1 })
      .where('id', '=', year.id)
      .execute();
    await k.deleteFrom('school_year_stages').where('school_year_id', '=', year.id).execute();
    await k.deleteFrom('school_calendar_days').where('school_year_id', '=', year.id).execute();
    if (input.stages.length)
      await k
        .insertInto('school_year_stages')
        .values(
          input.stages.map((s) => ({
            school_year_id: year.id,
            stage_id: s.stage_id,
            start_date: s.start_date,
            end_date: s.end_date,
          })),
        )
        .execute();
    for (let i = 0; i < input.days.length; i += 200)
      await k
        .insertInto('school_calendar_days')
        .values(input.days.slice(i, i + 200).map((d) => ({ school_year_id: year.id, ...d })))
        .execute();
  });
}
