import { verdictOf, type Standing, type Verdict } from './standing';

/** A school history as the server gathers it and both the PDF and the editor's preview show it. */
export interface HistoryData {
  /** The school's city and state from its settings, and its passing average ('6,0'): the form's defaults. */
  school: { name: string; city: string | null; uf: string; average: string };
  student: { name: string; mother: string; naturalness: string; birthDate: string; cpf: string };
  team: { id: number; name: string; course: string | null };
  registrationId: number;
  stages: number[];
  /** "1ª, 2ª e 3ª". */
  ordinals: string;
  /** The school's minimum attendance for approval, in percent. */
  minimum: number;
  rows: {
    discipline: string;
    workload: number;
    cells: { stage: number; workload: number | null; grade: string | null }[];
    /** Percent with one decimal from the class diary; null when the school recorded no lesson of it. */
    frequency: number | null;
    /**
     * What the result is judged on besides the frequency and the passing average: average in tenths, stages graded
     * of the grid's, and the make-up and council decision (issue 38).
     */
    standing: Pick<Standing, 'average' | 'graded' | 'stages' | 'makeupRule' | 'makeup' | 'makeupOpen' | 'council'>;
  }[];
  totalWorkload: number;
}

/** "7,0" or "6.5" (the history form's passing average) in tenths; 0 when empty, as the form's default. */
export const passingTenths = (average: string): number => Math.round(Number(average.replace(',', '.')) * 10) || 0;

/** A discipline's result on the history, judged against the passing average the history prints. */
export const historyVerdict = (row: HistoryData['rows'][number], minimum: number, average: string): Verdict =>
  verdictOf({ ...row.standing, passing: passingTenths(average), frequency: row.frequency, minimum });
