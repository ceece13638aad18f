/** The kinds of day a calendar marks, as `GET /school-years/{id}/calendar` answers them. */
export type DayKind = 'feriado' | 'recesso' | 'letivo' | 'evento';

export interface CalendarDay {
  date: string;
  kind: DayKind;
  description: string;
}

export interface StageDates {
  stage_id: number;
  stage?: number;
  start_date: string;
  end_date: string;
}

export interface SchoolCalendar {
  stages: StageDates[];
  days: CalendarDay[];
  school_days: number;
}

export type SchoolCalendarInput = { stages: StageDates[]; days: CalendarDay[] };

/** Each kind's name, the letter that tells it apart without colour, and its colour (dark text reads on each). */
export const DAY_KINDS: Record<DayKind, { label: string; letter: string; colour: string }> = {
  feriado: { label: 'Feriado', letter: 'F', colour: '#ffcdd2' },
  recesso: { label: 'Recesso', letter: 'R', colour: '#ffe0b2' },
  letivo: { label: 'Sábado letivo', letter: 'L', colour: '#c8e6c9' },
  evento: { label: 'Evento', letter: 'E', colour: '#bbdefb' },
};
