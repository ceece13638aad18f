/**
 * The national holidays of a year (Lei 662/1949, 6.802/1980, 14.759/2023) and the days off that follow Easter,
 * computed, never typed: a calendar years from now is as right as this one. Carnaval and Corpus Christi are pontos
 * facultativos that schools keep as days off, so they come as `recesso`; Good Friday is a holiday.
 */

export type DayKind = 'feriado' | 'recesso' | 'letivo' | 'evento';

export interface CalendarDay {
  /** `YYYY-MM-DD`. */
  date: string;
  kind: DayKind;
  description: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year, by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(new Date(Date.UTC(year, month - 1, day)));
}

/** The day `days` after (or before) a `YYYY-MM-DD` day. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

const FIXED: [string, string][] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra'],
  ['12-25', 'Natal'],
];

/** The year's national holidays and Easter's days off, in date order. */
export function nationalHolidays(year: number): CalendarDay[] {
  const sunday = easter(year);
  const days: CalendarDay[] = [
    ...FIXED.map(([md, description]): CalendarDay => ({ date: `${year}-${md}`, kind: 'feriado', description })),
    { date: addDays(sunday, -48), kind: 'recesso', description: 'Carnaval' },
    { date: addDays(sunday, -47), kind: 'recesso', description: 'Carnaval' },
    { date: addDays(sunday, -2), kind: 'feriado', description: 'Sexta-feira Santa' },
    { date: addDays(sunday, 60), kind: 'recesso', description: 'Corpus Christi' },
  ];
  return days.sort((x, y) => x.date.localeCompare(y.date));
}
