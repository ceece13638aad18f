/** What `/api/school-years/{id}/successors` and `/rollover` answer: server/school-year writes it, screens read it. */
export interface Named {
  id: number;
  name: string;
}

export interface SuccessorProposal {
  from_team: Named & { grid_id: number; closed: boolean };
  name: string;
  grid: Named;
  polo: Named;
  start_date: string;
  end_date: string;
  payment_plan: Named | null;
  /** The team of the target year already created from this one. */
  existing: Named | null;
}

export interface SuccessorLine {
  from_team_id: number;
  name: string;
  grid_id: number;
  polo_id: number;
  start_date: string;
  end_date: string;
  payment_plan_id: number | null;
}

export interface RolloverLine {
  from_team_id: number;
  promoted_team_id: number | null;
  retained_team_id: number | null;
}

export type Outcome = 'promovido' | 'retido' | 'concluinte' | 'saiu';

export const OUTCOMES: { value: Outcome; label: string; colour: 'success' | 'warning' | 'info' | 'default' }[] = [
  { value: 'promovido', label: 'Promovido', colour: 'success' },
  { value: 'retido', label: 'Retido', colour: 'warning' },
  { value: 'concluinte', label: 'Concluinte', colour: 'info' },
  { value: 'saiu', label: 'Saiu', colour: 'default' },
];

export interface StudentMove {
  registration_id: number;
  student: Named;
  from_team: Named;
  outcome: Outcome;
  to_team: Named | null;
  already_enrolled: boolean;
}

export interface RolloverAnswer {
  data: StudentMove[];
  /**
   * Per outcome; `enrolled` by this run (0 on a dry run), `to_enrol` what confirming would enrol, `already_enrolled`
   * those already in a team of the target year, `charges` created from the new teams' plans.
   */
  totals: Record<Outcome, number> & { enrolled: number; to_enrol: number; already_enrolled: number; charges: number };
  message?: string;
}
