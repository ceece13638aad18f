import { groupFullGrid, type TemplateRow } from './queries';

/** One stage of a discipline in a team's grid, as `GET /grids/{team}/get-full-grid` answers it. */
export interface FullGridSlot {
  /** The grid row (grid template). */
  id: number;
  grid_id: number;
  course_id: number;
  stage_id: number;
  /** `stage_1`, `stage_2`…: the original server's word for the column. */
  stage_name: string;
  /** The stage's number (1, 2…), beside its id, so that a screen can title the column. */
  stage: number;
  discipline_id: number;
  discipline_name: string;
  workload: number;
}

/**
 * The answer of `GET /grids/{team}/get-full-grid`: the original server's shape, which outside front ends
 * read. `list` is an object keyed by discipline name (alphabetical); each holds one entry per number of
 * `stagesNumbers`, in that order, so that columns line up. A stage the discipline does not have is `{}`
 * (no workload: the original's empty cell). An empty grid answers `list: {}`.
 */
export interface ContractFullGrid {
  grid_name: string | null;
  course_name: string | null;
  total_stage: number;
  total_workload: number;
  list: Record<string, (FullGridSlot | Record<string, never>)[]>;
  stagesNumbers: number[];
}

export function contractFullGrid(
  rows: TemplateRow[],
  names: { course: string | null; grid: string | null },
): ContractFullGrid {
  const grouped = groupFullGrid(rows, names.course);
  const byKey = new Map(rows.map((r) => [`${r.discipline_id}:${r.stage_id}`, r]));
  const list: ContractFullGrid['list'] = {};
  for (const entry of grouped.list) {
    // Two disciplines of one grid with the same name must not share a key (one would hide the other).
    const key =
      entry.discipline.name in list ? `${entry.discipline.name} (${entry.discipline.id})` : entry.discipline.name;
    const stageIds = new Map(entry.stages.map((s) => [s.stage, s.id]));
    list[key] = grouped.stagesNumbers.map((n): FullGridSlot | Record<string, never> => {
      const stageId = stageIds.get(n);
      const row = stageId === undefined ? undefined : byKey.get(`${entry.discipline.id}:${stageId}`);
      if (!row) return {};
      return {
        id: row.id,
        grid_id: row.grid_id,
        course_id: row.course_id,
        stage_id: row.stage_id,
        stage_name: `stage_${row.stage.stage}`,
        stage: row.stage.stage,
        discipline_id: row.discipline_id,
        discipline_name: row.discipline.name,
        workload: row.workload,
      };
    });
  }
  return {
    grid_name: names.grid,
    course_name: grouped.course_name,
    total_stage: grouped.total_stage,
    total_workload: grouped.total_workload,
    list,
    stagesNumbers: grouped.stagesNumbers,
  };
}
