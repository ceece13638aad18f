/**
 * A team's LDB line (LDB art. 24, I: at least 200 school days and 800 hours a year; a course may set other minimums,
 * e.g. a technical course's hours): `GET /teams/{id}/workload`, the team screen and the class diary say it in the
 * same words. Shared by the server and the screens.
 */
export interface TeamWorkload {
  team_id: number;
  school_year: { id: number; year: number; school_days: number | null } | null;
  /** The team's course's minimums, or the LDB's where the course sets none. */
  minimums: { days: number; hours: number };
  planned_hours: number;
  given_hours: number;
  meets: { days: boolean; hours: boolean };
  disciplines: { discipline_id: number; name: string; planned_hours: number; given_hours: number }[];
}

/** LDB art. 24, I. */
export const LDB_MINIMUMS = { days: 200, hours: 800 } as const;

const n = (value: number) => value.toLocaleString('pt-BR');

/** "LDB: 198 dias letivos em 2026 (mínimo 200) · 800 h planejadas na grade (mínimo 800) · 312 h-aula dadas". */
export function workloadText(
  workload: Pick<TeamWorkload, 'school_year' | 'minimums' | 'planned_hours' | 'given_hours'>,
) {
  const { school_year: year, minimums } = workload;
  const days =
    year && year.school_days !== null
      ? `${n(year.school_days)} dias letivos em ${year.year} (mínimo ${n(minimums.days)})`
      : 'sem ano letivo';
  return (
    `LDB: ${days} · ${n(workload.planned_hours)} h planejadas na grade (mínimo ${n(minimums.hours)}) · ` +
    `${n(workload.given_hours)} h-aula dadas`
  );
}
