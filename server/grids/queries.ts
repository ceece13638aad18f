import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';

// Tables outside the typed schema (created by migration 0002).
export interface TemplateRow {
  id: number;
  grid_id: number;
  course_id: number;
  discipline_id: number;
  stage_id: number;
  workload: number;
  discipline: { id: number; name: string };
  stage: { id: number; stage: number };
}

/** The rows of a grid, by stage then discipline name. */
export async function templateRows(db: Db, gridId: number, disciplineId?: number): Promise<TemplateRow[]> {
  let q = dynamic(db)
    .selectFrom('grid_templates as t')
    .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
    .innerJoin('stages as s', 's.id', 't.stage_id')
    .select([
      't.id',
      't.grid_id',
      't.course_id',
      't.discipline_id',
      't.stage_id',
      't.workload',
      'd.name as discipline_name',
      's.stage as stage_number',
    ])
    .where('t.grid_id', '=', gridId)
    .orderBy('s.stage')
    .orderBy(byName(db, 'd.name'))
    .orderBy('t.id');
  if (disciplineId !== undefined) q = q.where('t.discipline_id', '=', disciplineId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    grid_id: Number(r.grid_id),
    course_id: Number(r.course_id),
    discipline_id: Number(r.discipline_id),
    stage_id: Number(r.stage_id),
    workload: Number(r.workload),
    discipline: { id: Number(r.discipline_id), name: String(r.discipline_name) },
    stage: { id: Number(r.stage_id), stage: Number(r.stage_number) },
  }));
}

export interface FullGrid {
  list: {
    discipline: { id: number; name: string };
    workload: number;
    stages: { id: number; stage: number; workload: number }[];
  }[];
  course_name: string | null;
  total_stage: number;
  total_workload: number;
  stagesNumbers: number[];
}

/** A team's grid grouped by discipline (by name), then stage (by number). */
export function groupFullGrid(rows: TemplateRow[], courseName: string | null): FullGrid {
  const byDiscipline = new Map<number, FullGrid['list'][number]>();
  for (const row of rows) {
    const entry = byDiscipline.get(row.discipline_id) ?? { discipline: row.discipline, workload: 0, stages: [] };
    entry.stages.push({ id: row.stage_id, stage: row.stage.stage, workload: row.workload });
    entry.workload += row.workload;
    byDiscipline.set(row.discipline_id, entry);
  }
  const list = [...byDiscipline.values()].sort((a, b) => a.discipline.name.localeCompare(b.discipline.name, 'pt-BR'));
  for (const entry of list) entry.stages.sort((a, b) => a.stage - b.stage);
  const stagesNumbers = [...new Set(rows.map((r) => r.stage.stage))].sort((a, b) => a - b);
  return {
    list,
    course_name: courseName,
    total_stage: stagesNumbers.length,
    total_workload: rows.reduce((sum, r) => sum + r.workload, 0),
    stagesNumbers,
  };
}
