import { CPF_MASK } from '../../resources/students';
import { formatDate, gradeOfTenths } from '../../resources/format';
import { schoolPlace } from '../../resources/place';
import { applyMask } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import { groupFullGrid, templateRows } from '../grids/queries';
import { notFound } from '../http/errors';
import { teamAttendance } from '../lessons/standing';
import { teamOutcomes } from '../results/outcomes';
import { loadSettings } from '../school/routes';
import type { HistoryData } from '../../resources/history';

export type { HistoryData };

/** "1ª, 2ª e 3ª": the stages as the school writes them. */
export function feminineOrdinals(stages: number[]): string {
  const items = stages.map((s) => `${s}ª`);
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/**
 * What a school history shows of a student in a team: the team's grid with the student's grades, and each
 * discipline's frequency from the class diary (null where the school recorded no lesson of it).
 */
export async function historyData(db: Db, studentId: number, teamId: number): Promise<HistoryData> {
  const k = dynamic(db);
  const found = await k
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select([
      'r.id as registration_id',
      's.name',
      's.name_mother',
      's.naturalness',
      's.birth_date',
      's.cpf',
      't.id as team_id',
      't.name as team_name',
      't.grid_id',
      'c.name as course',
    ])
    .where('r.student_id', '=', studentId)
    .where('r.team_id', '=', teamId)
    .executeTakeFirst();
  if (!found) throw notFound('Este aluno não está matriculado nesta turma.');
  const grid = groupFullGrid(await templateRows(db, Number(found.grid_id)), found.course ? String(found.course) : null);
  const grades = await k
    .selectFrom('grades as gr')
    .innerJoin('stages as st', 'st.id', 'gr.stage_id')
    .select(['gr.discipline_id', 'st.stage', 'gr.grade'])
    .where('gr.student_id', '=', studentId)
    .where('gr.team_id', '=', teamId)
    .execute();
  const gradeOf = new Map(grades.map((g) => [`${g.discipline_id}:${g.stage}`, Number(g.grade)]));
  const school = await loadSettings(db);
  const [attendance, outcomes] = await Promise.all([teamAttendance(db, teamId), teamOutcomes(db, teamId)]);
  const place = schoolPlace(school.city);
  // What the verdict is judged on besides the passing average the history prints (its form may change it).
  const standingOf = (disciplineId: number, marks: (number | undefined)[], stages: number[]) => {
    const numbers = { grades: marks, stages, gridStages: marks.length };
    const { average, makeup, council } = outcomes.outcome(studentId, disciplineId, numbers, {
      frequency: null,
      minimum: 0,
    });
    return {
      average,
      graded: marks.filter((m) => m !== undefined).length,
      stages: marks.length,
      makeupRule: outcomes.rules.makeup_rule,
      makeup,
      makeupOpen: !outcomes.closed,
      council: council?.decision === 'aprovado',
    };
  };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : '—');
  return {
    school: {
      name: school.school_name,
      city: place.city || null,
      uf: place.uf,
      average: school.average_grade.toFixed(1).replace('.', ','),
    },
    student: {
      name: String(found.name),
      mother: text(found.name_mother),
      naturalness: text(found.naturalness),
      birthDate: found.birth_date ? formatDate(found.birth_date) : '—',
      cpf: found.cpf ? applyMask(String(found.cpf), CPF_MASK) : '—',
    },
    team: { id: Number(found.team_id), name: String(found.team_name), course: grid.course_name },
    registrationId: Number(found.registration_id),
    stages: grid.stagesNumbers,
    ordinals: feminineOrdinals(grid.stagesNumbers),
    minimum: attendance.minimum,
    rows: grid.list.map((entry) => {
      const marks = entry.stages.map((s) => gradeOf.get(`${entry.discipline.id}:${s.stage}`));
      return {
        discipline: entry.discipline.name,
        workload: entry.workload,
        cells: grid.stagesNumbers.map((stage) => {
          const own = entry.stages.find((s) => s.stage === stage);
          const tenths = gradeOf.get(`${entry.discipline.id}:${stage}`);
          return {
            stage,
            workload: own ? own.workload : null,
            grade: tenths === undefined ? null : gradeOfTenths(tenths),
          };
        }),
        frequency: attendance.at(studentId, entry.discipline.id).frequency,
        standing: standingOf(
          entry.discipline.id,
          marks,
          entry.stages.map((s) => s.stage),
        ),
      };
    }),
    totalWorkload: grid.total_workload,
  };
}
