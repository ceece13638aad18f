import type { StageCompleteness } from '../../resources/publications';
import { dynamic, type Db } from '../db/connection';

/**
 * Each stage of the team's grid, by stage id: how many grades the publication would show and how many are still
 * missing. A student who left (transferred, evaded) is not waited for; one enrolled twice counts once.
 */
export async function stageCompleteness(
  db: Db,
  teamId: number,
  gridId: number,
): Promise<Map<number, StageCompleteness>> {
  const k = dynamic(db);
  const [students, slots, grades] = await Promise.all([
    k
      .selectFrom('registrations as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select('s.id')
      .distinct()
      .where('r.team_id', '=', teamId)
      .where((eb) => eb.or([eb('s.status', '=', 'Ativo'), eb('s.status', 'is', null)]))
      .execute(),
    k
      .selectFrom('grid_templates as gt')
      .innerJoin('disciplines as d', 'd.id', 'gt.discipline_id')
      .select(['gt.stage_id', 'gt.discipline_id', 'd.name'])
      .distinct()
      .where('gt.grid_id', '=', gridId)
      .execute(),
    k.selectFrom('grades').select(['student_id', 'stage_id', 'discipline_id']).where('team_id', '=', teamId).execute(),
  ]);
  const given = new Set(grades.map((g) => `${g.student_id}:${g.stage_id}:${g.discipline_id}`));
  const byStage = new Map<number, StageCompleteness & { lacking: Set<number> }>();
  for (const slot of slots) {
    const stageId = Number(slot.stage_id);
    const stage = byStage.get(stageId) ?? {
      expected_grades: 0,
      missing_grades: 0,
      students_missing: 0,
      disciplines_missing: [],
      lacking: new Set<number>(),
    };
    let missing = 0;
    for (const { id } of students) {
      stage.expected_grades++;
      if (given.has(`${id}:${stageId}:${slot.discipline_id}`)) continue;
      missing++;
      stage.lacking.add(Number(id));
    }
    if (missing) stage.disciplines_missing.push({ name: String(slot.name), missing });
    stage.missing_grades += missing;
    byStage.set(stageId, stage);
  }
  const collator = new Intl.Collator('pt-BR');
  return new Map(
    [...byStage].map(([stageId, { lacking, ...stage }]) => [
      stageId,
      {
        ...stage,
        students_missing: lacking.size,
        disciplines_missing: stage.disciplines_missing.sort((a, b) => collator.compare(a.name, b.name)),
      },
    ]),
  );
}
