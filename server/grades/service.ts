import { GRADE_NOT_A_NUMBER, gradeError, gradeOfTenths } from '../../resources/format';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { byName } from '../db/name-order';
import { isUniqueViolation } from '../db/errors';
import { ApiError, conflict, validationError } from '../http/errors';
import { ErrorList } from '../http/error-list';
import { disciplinesTaughtBy } from '../teams/teachers-queries';
import { refuseIfClosed } from '../results/closing';
import { cellsOf, fieldOf, tenthsOf, type GradeCell } from './cells';

export const GRADES_SAVED = 'Notas salvas com sucesso!';
export const NOT_YOUR_DISCIPLINE = 'Você não tem permissão para lançar notas desta disciplina.';
/** Rows per statement: well under both databases' limits on bound parameters. */
const CHUNK = 500;
/** Teams in one save: the screens send one team's sheet; a few more for other clients, never thousands. */
const MAX_TEAMS = 5;

interface TeamFacts {
  name: string;
  /** Enrolled students by id, with their names for the messages. */
  students: Map<number, string>;
  /** `stage:discipline` pairs of the team's grid, with the words of the cell. */
  slots: Map<string, { stage: number; discipline: string }>;
}

async function teamFacts(db: Db, teamId: number): Promise<TeamFacts | null> {
  const k = dynamic(db);
  const team = await k.selectFrom('teams').select(['name', 'grid_id']).where('id', '=', teamId).executeTakeFirst();
  if (!team) return null;
  const students = await k
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['s.id', 's.name'])
    .where('r.team_id', '=', teamId)
    .execute();
  const slots = await k
    .selectFrom('grid_templates as t')
    .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
    .innerJoin('stages as st', 'st.id', 't.stage_id')
    .select(['t.stage_id', 't.discipline_id', 'st.stage', 'd.name'])
    .where('t.grid_id', '=', team.grid_id)
    .execute();
  return {
    name: String(team.name),
    students: new Map(students.map((s) => [Number(s.id), String(s.name)])),
    slots: new Map(
      slots.map((s) => [
        `${Number(s.stage_id)}:${Number(s.discipline_id)}`,
        { stage: Number(s.stage), discipline: String(s.name) },
      ]),
    ),
  };
}

/**
 * A teacher grades only the disciplines they teach in each team: any other cell refuses the whole sheet (403),
 * whether its team exists or not, so the answer tells nothing of teams out of their reach.
 */
async function refuseUntaught(db: Db, teacherId: number, cells: GradeCell[]): Promise<void> {
  for (const teamId of new Set(cells.map((c) => c.team_id))) {
    const taught = await disciplinesTaughtBy(db, teacherId, teamId);
    if (cells.some((c) => c.team_id === teamId && !taught.includes(c.discipline_id)))
      throw new ApiError(403, NOT_YOUR_DISCIPLINE);
  }
}

/** How many cells each team of a save has, counted before anything is looked up. */
function cellsPerTeam(cells: GradeCell[]): Map<number, number> {
  const perTeam = new Map<number, number>();
  for (const c of cells) perTeam.set(c.team_id, (perTeam.get(c.team_id) ?? 0) + 1);
  if (perTeam.size > MAX_TEAMS)
    throw validationError({
      grade: [
        `Envie as notas de uma turma de cada vez (no máximo ${MAX_TEAMS}): vieram notas de ${perTeam.size} turmas.`,
      ],
    });
  return perTeam;
}

/**
 * Each cell checked against its team: an enrolled student, a stage and discipline of the team's grid, a grade.
 * A save is one team's sheet: the number of its teams and of each team's cells (its students × the stages and
 * disciplines of its grid) are checked before any cell, and the queries are a few per team, none per cell.
 */
async function checkedCells(
  db: Db,
  body: unknown,
  teacherId?: number,
): Promise<{ cell: GradeCell; tenths: number | null }[]> {
  const errors = new ErrorList();
  const cells = cellsOf(body, errors);
  if (!cells.length && errors.empty) throw validationError({ grade: ['Nenhuma nota foi enviada.'] });
  const perTeam = cellsPerTeam(cells);
  if (teacherId !== undefined) await refuseUntaught(db, teacherId, cells);
  const teams = new Map<number, TeamFacts | null>();
  for (const [teamId, count] of perTeam) {
    const team = await teamFacts(db, teamId);
    const size = team ? team.students.size * team.slots.size : 0;
    if (team && count > size)
      throw validationError({
        grade: [
          `A planilha da turma ${team.name} tem ${size.toLocaleString('pt-BR')} notas (alunos × disciplinas e etapas da grade): vieram ${count.toLocaleString('pt-BR')}.`,
        ],
      });
    teams.set(teamId, team);
  }
  const checked: { cell: GradeCell; tenths: number | null }[] = [];
  for (const cell of cells) {
    const team = teams.get(cell.team_id);
    const fail = (message: string) => errors.add(cell.field, message);
    if (!team) {
      fail('A turma desta nota não existe.');
      continue;
    }
    const student = team.students.get(cell.student_id);
    const slot = team.slots.get(`${cell.stage_id}:${cell.discipline_id}`);
    // Unnamed: a student not in the team may be outside the caller's reach (a teacher's), name included.
    if (!student) fail(`Este aluno não está matriculado na turma ${team.name}.`);
    if (!slot) fail(`Esta etapa e disciplina não fazem parte da grade da turma ${team.name}.`);
    const tenths = tenthsOf(cell.raw);
    if (tenths === undefined) {
      // The school's rule and its words are the grade cell's (resources/format.ts): the sheet refuses the
      // same values, for the same reason, before they are sent.
      const where =
        student && slot
          ? `${student.toLocaleUpperCase('pt-BR')}, ${slot.discipline}, ${slot.stage}ª etapa`
          : 'esta célula';
      fail(`Nota inválida (${where}). ${gradeError(cell.raw) ?? GRADE_NOT_A_NUMBER}`);
    }
    if (student && slot && tenths !== undefined) checked.push({ cell, tenths });
  }
  if (!errors.empty) throw errors.toError();
  return checked;
}

/**
 * Saves a grade sheet in one transaction: every cell is checked first (nothing is written when one is
 * wrong), then each grade is inserted, updated or, when its cell was emptied, deleted. Who saved it is
 * recorded on the grade and in the audit log (one entry per team with the cells that changed). `teacherId`:
 * the sheet of a teacher (a professor), who may grade only the disciplines they teach.
 */
export async function saveGrades(
  db: Db,
  body: unknown,
  userId: number | undefined,
  teacherId?: number,
): Promise<{ saved: number; deleted: number }> {
  const cells = await checkedCells(db, body, teacherId);
  const teamIds = [...new Set(cells.map((c) => c.cell.team_id))];
  const now = new Date().toISOString();
  let saved = 0;
  let deleted = 0;
  try {
    // Joins the caller's transaction (a spreadsheet import's chunk) when there is one.
    await inTransaction(db, async (tx) => {
      await refuseIfClosed(tx, teamIds);
      const trx = dynamic(tx);
      const stored = await trx
        .selectFrom('grades')
        .select(['id', 'student_id', 'stage_id', 'discipline_id', 'team_id', 'grade'])
        .where('team_id', 'in', teamIds)
        .execute();
      const byField = new Map(
        stored.map((g) => [
          fieldOf({
            student_id: Number(g.student_id),
            stage_id: Number(g.stage_id),
            discipline_id: Number(g.discipline_id),
            team_id: Number(g.team_id),
          }),
          g,
        ]),
      );
      const changes = new Map<number, Record<string, [number | null, number | null]>>();
      const upserts: Record<string, unknown>[] = [];
      const deletions: number[] = [];
      for (const { cell, tenths } of cells) {
        const before = byField.get(cell.field);
        const was = before ? Number(before.grade) : null;
        if (was === tenths) continue;
        if (tenths === null) deletions.push(Number(before!.id));
        else {
          const { student_id, stage_id, discipline_id, team_id } = cell;
          upserts.push({
            student_id,
            stage_id,
            discipline_id,
            team_id,
            grade: tenths,
            saved_by: userId ?? null,
            saved_at: now,
            created_at: now,
            updated_at: now,
          });
        }
        const team = changes.get(cell.team_id) ?? {};
        team[cell.field] = [was === null ? null : was / 10, tenths === null ? null : tenths / 10];
        changes.set(cell.team_id, team);
      }
      // A few statements for the whole sheet, not one per cell: a class of 60 × 4 saves at once.
      for (let i = 0; i < deletions.length; i += CHUNK)
        await trx
          .deleteFrom('grades')
          .where('id', 'in', deletions.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < upserts.length; i += CHUNK) {
        await trx
          .insertInto('grades')
          .values(upserts.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(['student_id', 'stage_id', 'discipline_id', 'team_id']).doUpdateSet((eb) => ({
              grade: eb.ref('excluded.grade'),
              saved_by: eb.ref('excluded.saved_by'),
              saved_at: eb.ref('excluded.saved_at'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      saved = upserts.length;
      deleted = deletions.length;
      // The log is written in the same transaction: a save that rolls back leaves no trace of itself.
      for (const [teamId, cellChanges] of changes) {
        await audit(tx, { userId, entity: 'grades', entityId: teamId, action: 'update', changes: cellChanges });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        'Estas notas foram alteradas por outra pessoa ao mesmo tempo. Recarregue a página e tente de novo.',
      );
    throw error;
  }
  return { saved, deleted };
}

/** A stored grade as the contract answers it. */
export function gradeRow(r: {
  id: unknown;
  student_id: unknown;
  stage_id: unknown;
  discipline_id: unknown;
  team_id: unknown;
  grade: unknown;
}) {
  return {
    id: Number(r.id),
    student_id: Number(r.student_id),
    stage_id: Number(r.stage_id),
    discipline_id: Number(r.discipline_id),
    team_id: Number(r.team_id),
    // Stored in tenths so that 7.5 is exact. Answered as the original server writes it, text with one
    // decimal ("7.5", "10.0"): a client that masks the value as ##.# reads 10 as "1.0".
    grade: gradeOfTenths(Number(r.grade)),
  };
}

/**
 * A student's grades in every team, with the words of discipline, stage and team; `teams`: only in these (a
 * teacher's, who reaches no other team).
 */
export async function gradesOfStudent(db: Db, studentId: number, teams?: number[]) {
  let q = dynamic(db)
    .selectFrom('grades as g')
    .innerJoin('disciplines as d', 'd.id', 'g.discipline_id')
    .innerJoin('stages as s', 's.id', 'g.stage_id')
    .innerJoin('teams as t', 't.id', 'g.team_id')
    .select([
      'g.id',
      'g.student_id',
      'g.stage_id',
      'g.discipline_id',
      'g.team_id',
      'g.grade',
      'd.name as discipline_name',
      's.stage as stage_number',
      't.name as team_name',
    ])
    .where('g.student_id', '=', studentId);
  if (teams) q = q.where('g.team_id', 'in', teams.length ? teams : [-1]);
  const rows = await q.orderBy(byName(db, 't.name')).orderBy(byName(db, 'd.name')).orderBy('s.stage').execute();
  return rows.map((r) => ({
    ...gradeRow(r),
    discipline: { id: Number(r.discipline_id), name: String(r.discipline_name) },
    stage: { id: Number(r.stage_id), stage: Number(r.stage_number) },
    team: { id: Number(r.team_id), name: String(r.team_name) },
  }));
}
