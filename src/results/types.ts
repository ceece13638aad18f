/** The year's results of a team as `GET /teams/{id}/results` answers them (server/results/team-results.ts). */
export interface CouncilDecision {
  decision: string;
  reason: string;
  decided_at: string;
  decided_by: { id: number; name: string } | null;
}

export interface DisciplineResult {
  discipline_id: number;
  name: string;
  grades: (number | null)[];
  average: number | null;
  makeup: number | null;
  makeup_needed: boolean;
  final: number | null;
  frequency: number | null;
  council: CouncilDecision | null;
  verdict: string;
}

export interface StudentResult {
  registration_id: number;
  student: { id: number; name: string };
  disciplines: DisciplineResult[];
  verdict: string;
  dependencias: string[];
}

export interface TeamResultsData {
  team: { id: number; name: string; course: string; year: string; start_date: string; end_date: string };
  stages: number[];
  passing: number;
  minimum: number;
  makeup_rule: string;
  closed: boolean;
  closed_at: string | null;
  closed_by: { id: number; name: string } | null;
  reopen_reason: string | null;
  data: StudentResult[];
}
