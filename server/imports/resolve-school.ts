import { gradeError, GRADE_NOT_A_NUMBER, parseGrade, schoolDayOf } from '../../resources/format';
import { dateMessages } from '../../resources/registrations';
import { foldText } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import type { ImportKind } from './kinds';
import type { ParsedRow, ParsedSheet } from './parse';

/** The event loop's turn between slices (service.ts's breathe; not imported from there, which imports this). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The rows of enrolments, charges and grades tied to what is stored (issue 37): the student (by CPF, else by name and
 * birth date), the enrolment, the stage, the grid's discipline, checked with the rules of their screens. Each is
 * looked up for a slice of rows at once (`in (…)` lists), never one query per row: 120,000 charges are 240 queries.
 * What is not found is the row's problem, by line and column, in the preview as in the run.
 */

/** Rows per look-up: well under both databases' limits on bound parameters. */
const SLICE = 500;

const slices = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));
const unique = <T>(items: T[]): T[] => [...new Set(items)];
const pairKey = (studentId: unknown, teamId: unknown) => `${Number(studentId)}:${Number(teamId)}`;

type Problem = (row: ParsedRow, column: string, message: string) => void;

interface FoundStudent {
  id: number;
  name: unknown;
  cpf: unknown;
  birth_date: unknown;
}

/**
 * Each row's student id (`record.student_id`). The student's own columns are replaced by the student found, as
 * stored, so that the preview names who each row is about (a name typed without accents shows as registered).
 */
async function resolveStudents(db: Db, rows: ParsedRow[], problem: Problem): Promise<void> {
  const k = dynamic(db);
  const columns = ['id', 'name', 'cpf', 'birth_date'] as const;
  for (const slice of slices(rows)) {
    const cpfs = unique(slice.map((r) => r.values.record.student_cpf).filter((v): v is string => Boolean(v)));
    const days = unique(slice.map((r) => r.values.record.student_birth_date).filter((v): v is string => Boolean(v)));
    const byCpf = new Map<string, FoundStudent>();
    if (cpfs.length)
      for (const s of await k.selectFrom('students').select(columns).where('cpf', 'in', cpfs).execute())
        byCpf.set(String(s.cpf), { ...s, id: Number(s.id) });
    const byNameAndDay = new Map<string, FoundStudent[]>();
    if (days.length)
      for (const s of await k.selectFrom('students').select(columns).where('birth_date', 'in', days).execute()) {
        const key = `${foldText(String(s.name).trim())}|${s.birth_date}`;
        byNameAndDay.set(key, [...(byNameAndDay.get(key) ?? []), { ...s, id: Number(s.id) }]);
      }
    for (const row of slice) {
      const { student_cpf: cpf, student_name: name, student_birth_date: day, ...rest } = row.values.record;
      row.values.record = rest;
      const found = (student: FoundStudent) =>
        Object.assign(rest, {
          student_id: student.id,
          student_name: student.name,
          student_cpf: student.cpf,
          student_birth_date: student.birth_date,
        });
      if (cpf) {
        const student = byCpf.get(String(cpf));
        if (student === undefined) problem(row, 'CPF do aluno', `Nenhum aluno com o CPF ${String(cpf)}.`);
        else found(student);
        continue;
      }
      if (!name || !day) {
        problem(row, 'Aluno', 'Informe o CPF do aluno, ou o nome e a data de nascimento dele.');
        continue;
      }
      const named = byNameAndDay.get(`${foldText(String(name).trim())}|${String(day)}`) ?? [];
      if (named.length === 1) found(named[0]);
      else
        problem(
          row,
          'Aluno',
          named.length === 0
            ? `Aluno "${String(name).slice(0, 80)}" com esta data de nascimento não encontrado.`
            : `Há mais de um aluno "${String(name).slice(0, 80)}" com esta data de nascimento: informe o CPF.`,
        );
    }
    await breathe();
  }
}

/** The enrolment of each row's student in its team (`record.registration_id`), or the row's problem. */
async function resolveEnrolments(db: Db, rows: ParsedRow[], problem: Problem): Promise<void> {
  for (const slice of slices(rows)) {
    const students = unique(slice.map((r) => Number(r.values.record.student_id)));
    const found = new Map<string, number>();
    if (students.length)
      for (const r of await dynamic(db)
        .selectFrom('registrations')
        .select(['id', 'student_id', 'team_id'])
        .where('student_id', 'in', students)
        .execute())
        found.set(pairKey(r.student_id, r.team_id), Number(r.id));
    for (const row of slice) {
      const id = found.get(pairKey(row.values.record.student_id, row.values.record.team_id));
      if (id === undefined) problem(row, 'Turma', 'O aluno não está matriculado nesta turma.');
      else row.values.record.registration_id = id;
    }
    await breathe();
  }
}

/** A grade's stage by number, its discipline in the team's grid, and the grade itself by the grade sheet's rule. */
async function resolveGrades(db: Db, rows: ParsedRow[], problem: Problem): Promise<void> {
  const k = dynamic(db);
  const stages = new Map(
    (await k.selectFrom('stages').select(['id', 'stage']).execute()).map((s) => [Number(s.stage), Number(s.id)]),
  );
  const teams = unique(rows.map((r) => Number(r.values.record.team_id)));
  const slots = new Set<string>();
  for (const slice of slices(teams))
    for (const s of await k
      .selectFrom('teams as t')
      .innerJoin('grid_templates as g', 'g.grid_id', 't.grid_id')
      .select(['t.id', 'g.stage_id', 'g.discipline_id'])
      .where('t.id', 'in', slice)
      .execute())
      slots.add(`${Number(s.id)}:${Number(s.stage_id)}:${Number(s.discipline_id)}`);
  for (const row of rows) {
    const values = row.values.record;
    const stageId = stages.get(Number(values.stage));
    if (stageId === undefined) problem(row, 'Etapa', `Etapa ${String(values.stage)} não encontrada.`);
    else if (!slots.has(`${Number(values.team_id)}:${stageId}:${Number(values.discipline_id)}`))
      problem(row, 'Disciplina', 'Esta etapa e disciplina não fazem parte da grade da turma.');
    values.stage_id = stageId;
    const tenths = parseGrade(values.grade);
    if (tenths === null) problem(row, 'Nota', `Nota inválida. ${gradeError(values.grade) ?? GRADE_NOT_A_NUMBER}`);
    else values.tenths = tenths;
  }
}

/** The rows' stored counterparts, after the names were found: the rows still valid go on to the next step. */
export async function resolveSchoolRows(db: Db, kind: ImportKind, sheet: ParsedSheet): Promise<void> {
  if (kind !== 'enrolments' && kind !== 'charges' && kind !== 'grades') return;
  const problem: Problem = (row, column, message) => {
    row.valid = false;
    sheet.problems.push({ line: row.line, column, message });
  };
  const valid = () => sheet.rows.filter((r) => r.valid);
  await resolveStudents(db, valid(), problem);
  if (kind === 'enrolments') {
    const today = schoolDayOf();
    for (const row of valid()) {
      const day = row.values.record.enrolled_on;
      if (typeof day === 'string' && day > today)
        problem(row, 'Data da matrícula', dateMessages.future('Data da matrícula'));
    }
    return;
  }
  await resolveEnrolments(db, valid(), problem);
  if (kind === 'grades') await resolveGrades(db, valid(), problem);
}
