import { dynamic, type Db } from '../db/connection';
import { censusData } from './data';
import type { Layout } from './layouts/2026';
import { lineOf, problemsOf, type Problem, type Subject } from './record';
import type { PersonRow, TeamRow } from './rows';
import { situationData } from './situation';

export type Stage = 1 | 2;

const personSubject = (p: PersonRow): Subject => ({ record: p.kind, id: p.id, name: p.name });
const teamSubject = (t: TeamRow): Subject => ({ record: 'turma', id: t.id, name: t.name });

/** A problem once per record, form field and person, whichever of their lines found it. */
function unique(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.record}:${p.id}:${p.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Stage 1's lines in the file's order (00, 10, 20…, 30…, 40…, 50…, 60…, 99), with who each line is about. */
async function stage1(db: Db, layout: Layout, year: number) {
  const data = await censusData(db, year);
  const school: Subject = { record: 'escola', id: 1, name: data.school.school_name ?? '' };
  const lines: { line: string; problems: () => Problem[] }[] = [];
  const push = <R>(record: Parameters<typeof lineOf<R>>[0], row: R, subject: Subject) =>
    lines.push({ line: lineOf(record, row), problems: () => problemsOf(record, row, subject) });
  push(layout.record00, data.school, school);
  push(layout.record10, data.school, school);
  for (const team of data.teams) push(layout.record20, team, teamSubject(team));
  for (const person of data.people) push(layout.record30, person, personSubject(person));
  for (const manager of data.managers) push(layout.record40, manager, personSubject(manager.person));
  for (const teaching of data.teachings) push(layout.record50, teaching, personSubject(teaching.person));
  for (const enrolment of data.enrolments) push(layout.record60, enrolment, personSubject(enrolment.student));
  push(layout.record99, null, school);
  const extra: Problem[] = [];
  if (!data.school.year_start)
    extra.push({
      ...school,
      field: 'year',
      message: `Escola: ano letivo de ${year} não cadastrado.`,
      link: '/admin/anos-letivos',
    });
  return { lines, extra };
}

async function stage2(db: Db, layout: Layout, year: number) {
  const { manager, enrolments } = await situationData(db, year);
  const school: Subject = { record: 'escola', id: 1, name: manager.school.school_name ?? '' };
  const lines: { line: string; problems: () => Problem[] }[] = [];
  const managerSubject = manager.manager ? personSubject(manager.manager.person) : school;
  lines.push({
    line: lineOf(layout.record89, manager),
    problems: () => problemsOf(layout.record89, manager, managerSubject),
  });
  for (const e of enrolments) {
    const record = e.admitted_after ? layout.record91 : layout.record90;
    lines.push({
      line: lineOf(record, e),
      problems: () =>
        problemsOf(record, e, (about) => (about === 'turma' ? teamSubject(e.team) : personSubject(e.student))),
    });
  }
  return { lines, extra: [] as Problem[] };
}

const build = (db: Db, layout: Layout, year: number, stage: Stage) =>
  stage === 1 ? stage1(db, layout, year) : stage2(db, layout, year);

/** Every problem the Educacenso system would refuse in this stage's file. */
export async function checkCensus(db: Db, layout: Layout, year: number, stage: Stage): Promise<Problem[]> {
  const { lines, extra } = await build(db, layout, year, stage);
  return unique([...extra, ...lines.flatMap((l) => l.problems())]);
}

/**
 * The stage's file, in the layout's encoding and line ending; with its problems when there are any (the route
 * refuses the file then).
 */
export async function exportCensus(
  db: Db,
  layout: Layout,
  year: number,
  stage: Stage,
): Promise<{ problems: Problem[]; file: Buffer }> {
  const { lines, extra } = await build(db, layout, year, stage);
  const problems = unique([...extra, ...lines.flatMap((l) => l.problems())]);
  const text = lines.map((l) => l.line).join(layout.newline) + layout.newline;
  return { problems, file: Buffer.from(text, layout.encoding) };
}

/** How many enrolments the census year's teams have (what the check and the file are sized by). */
export async function enrolmentCount(db: Db, year: number): Promise<number> {
  const row = await dynamic(db)
    .selectFrom('registrations')
    .innerJoin('teams', 'teams.id', 'registrations.team_id')
    .innerJoin('school_years', 'school_years.id', 'teams.school_year_id')
    .where('school_years.year', '=', year)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
