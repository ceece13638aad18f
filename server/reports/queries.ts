import { formatDate } from '../../resources/format';
import { students as studentsConfig } from '../../resources/students';
import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';

export interface ReportTeam {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  polo: string;
  grid_id: number;
  grid: string;
  course: string;
  teaching: string;
}

/** The team of a report with what headers print about it; 404 'Turma não encontrada.' otherwise. */
export async function teamOrFail(db: Db, id: number): Promise<ReportTeam> {
  const row = await dynamic(db)
    .selectFrom('teams as t')
    .leftJoin('polos as p', 'p.id', 't.polo_id')
    .leftJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .leftJoin('teachings as e', 'e.id', 'c.teaching_id')
    .select([
      't.id',
      't.name',
      't.start_date',
      't.end_date',
      't.grid_id',
      'p.name as polo',
      'g.name as grid',
      'c.name as course',
      'e.name as teaching',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Turma não encontrada.');
  return {
    id: Number(row.id),
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    polo: row.polo ?? '',
    grid_id: Number(row.grid_id),
    grid: row.grid ?? '',
    course: row.course ?? '',
    teaching: row.teaching ?? '',
  };
}

/** The students' fields that are personal data (resources/students.ts): only for `students.personal`. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set(
  studentsConfig.fields.filter((f) => f.personal).map((f) => f.name),
);

/**
 * A student row as a report may print it (issue 34): without the personal fields unless `personal` (the caller
 * holds `students.personal`, `params._personal` 1). Dropped where the rows are read, so that a builder that
 * forgets to ask cannot print them.
 */
function shown<T extends Record<string, unknown>>(row: T, personal: boolean): T {
  if (personal) return row;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !PERSONAL_FIELDS.has(key))) as T;
}

/** The student of a report (with the personal fields when `personal`); 404 'Aluno não encontrado.' otherwise. */
export async function studentOrFail(
  db: Db,
  id: number,
  personal: boolean,
): Promise<Record<string, unknown> & { id: number; name: string }> {
  const row = await dynamic(db).selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Aluno não encontrado.');
  return shown({ ...row, id: Number(row.id), name: String(row.name) }, personal);
}

/** The enrolment of a student in a team; 404 when the student is not enrolled there. */
export async function registrationOrFail(
  db: Db,
  studentId: number,
  teamId: number,
): Promise<{ id: number; created_at: string }> {
  const row = await dynamic(db)
    .selectFrom('registrations')
    .select(['id', 'created_at'])
    .where('student_id', '=', studentId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw notFound('Este aluno não está matriculado nesta turma.');
  return { id: Number(row.id), created_at: row.created_at };
}

export interface TeamStudent {
  registration_id: number;
  /** The enrolment day the office gave (`enrolled_on`, `AAAA-MM-DD`, issue 37). */
  enrolled_on: string;
  /** Every column of the student (id, name, cpf, birth_date…; the personal ones only when asked for). */
  student: Record<string, unknown> & { id: number; name: string };
}

/**
 * The students enrolled in a team (with their personal fields when `personal`), alphabetical as class lists are
 * (accents and case do not change the order: 'Ágata' comes before 'Bruno' on both databases).
 */
export async function studentsOfTeam(db: Db, teamId: number, personal: boolean): Promise<TeamStudent[]> {
  const rows = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .selectAll('s')
    .select(['r.id as registration_id', 'r.enrolled_on'])
    .where('r.team_id', '=', teamId)
    .execute();
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return rows
    .map(({ registration_id, enrolled_on, ...s }) => ({
      registration_id: Number(registration_id),
      enrolled_on: String(enrolled_on),
      student: shown({ ...s, id: Number(s.id), name: String(s.name) }, personal),
    }))
    .sort((a, b) => collator.compare(a.student.name, b.student.name) || a.student.id - b.student.id);
}

/** What a class list's header says about its team: name, course, polo and period. */
export function teamHeaderLines(team: ReportTeam): string[] {
  return [
    `Turma: ${team.name}`,
    `Curso: ${team.course}`,
    `Polo: ${team.polo}`,
    `Período: ${formatDate(team.start_date)} a ${formatDate(team.end_date)}`,
  ];
}
