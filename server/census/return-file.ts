import { auditAll } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { validationError } from '../http/errors';
import { censusDate, censusName, digitsOf } from './text';

export interface Unmatched {
  record: 'aluno' | 'profissional' | 'turma' | 'matricula';
  name: string;
  birth_date?: string;
  inep_id: string;
}

export interface ReturnResult {
  updated: { alunos: number; profissionais: number; turmas: number; matriculas: number };
  unmatched: Unmatched[];
}

export const NOT_A_CENSUS_FILE =
  'O arquivo não é um arquivo do Censo Escolar: esperam-se registros 00, 20, 30… com campos separados por "|".';

/** A person's key as the writer prints them: name, birth date and mother, folded the same way. */
const personKey = (name: unknown, birth: string, mother: unknown) =>
  `${censusName(String(name ?? ''))}|${birth}|${censusName(String(mother ?? ''))}`;

type Row = Record<string, unknown>;

/** One code the file brings that our row lacks: the column, its value before and after. */
interface Write {
  table: 'teams' | 'students' | 'users' | 'registrations';
  column: 'inep_id' | 'inep_code';
  id: number;
  before: unknown;
  inep: string;
}

/** Each key's one id; a key two of our rows share is ambiguous and matches nobody (null). */
function indexBy(rows: Row[], key: (r: Row) => string): Map<string, number | null> {
  const index = new Map<string, number | null>();
  for (const r of rows) {
    const k = key(r);
    index.set(k, index.has(k) ? null : Number(r.id));
  }
  return index;
}

/**
 * INEP's return file (the stage 1 layout with the INEP ids filled in): the ids of teams (record 20, matched by our
 * team code, else by name), of students and staff (record 30, matched by name, birth date and mother's name, folded
 * as the writer folds them) are written into the records, and each enrolment's INEP code (record 60 field 7, matched
 * as `enrolmentLines` says) onto its registration. Writing an id a record already has changes nothing, so a
 * second import of the same file updates none. Every id written leaves its audit row, by the user who sent the file,
 * as a form's edit does (`{inep_id: [before, after]}`), in the one transaction that writes them all.
 */
export async function importReturnFile(db: Db, file: Buffer, userId?: number): Promise<ReturnResult> {
  // INEP's files are ISO-8859-1 (regras gerais); names are compared folded, so the charset only matters for accents.
  const lines = file
    .toString('latin1')
    .split(/\r?\n/)
    .map((l) => l.split('|'));
  const teamLines = lines.filter((f) => f[0] === '20' && f.length > 5);
  const personLines = lines.filter((f) => f[0] === '30' && f.length > 9);
  const enrolmentLines = lines.filter((f) => f[0] === '60' && f.length > 6);
  if (!lines.some((f) => f[0] === '00') || !(teamLines.length + personLines.length + enrolmentLines.length))
    throw validationError({ file: [NOT_A_CENSUS_FILE] });
  const k = dynamic(db);
  const result: ReturnResult = { updated: { alunos: 0, profissionais: 0, turmas: 0, matriculas: 0 }, unmatched: [] };
  const writes: Write[] = [];

  const teams = (await k.selectFrom('teams').select(['id', 'name', 'inep_id']).execute()) as Row[];
  const teamById = new Map(teams.map((t) => [String(t.id), t]));
  const teamByName = indexBy(teams, (t) => censusName(String(t.name)));
  for (const f of teamLines) {
    const inep = digitsOf(f[3]);
    if (!inep) continue;
    const team = teamById.get(f[2]) ?? teams.find((t) => Number(t.id) === teamByName.get(censusName(f[4])));
    if (!team) {
      result.unmatched.push({ record: 'turma', name: f[4], inep_id: inep });
      continue;
    }
    if (String(team.inep_id ?? '') === inep) continue;
    writes.push({ table: 'teams', column: 'inep_id', id: Number(team.id), before: team.inep_id, inep });
    team.inep_id = inep;
    result.updated.turmas++;
  }

  const people = async (table: 'students' | 'users') =>
    (await k.selectFrom(table).select(['id', 'name', 'birth_date', 'name_mother', 'inep_id']).execute()) as Row[];
  const [students, staff] = await Promise.all([people('students'), people('users')]);
  const keyOf = (r: Row) => personKey(r.name, censusDate(String(r.birth_date ?? '')), r.name_mother);
  const index = { students: indexBy(students, keyOf), users: indexBy(staff, keyOf) };
  const current = new Map<string, unknown>([
    ...students.map((s) => [`students:${s.id}`, s.inep_id] as const),
    ...staff.map((s) => [`users:${s.id}`, s.inep_id] as const),
  ]);
  for (const f of personLines) {
    const inep = digitsOf(f[3]);
    if (!/^\d{12}$/.test(inep)) continue;
    const key = personKey(f[5], f[6], f[8]);
    // Our code says which of our tables the line is about ('A12' a student, 'P5' staff); without it, both are tried.
    const tables: ('students' | 'users')[] = f[2].startsWith('A')
      ? ['students']
      : f[2].startsWith('P')
        ? ['users']
        : ['students', 'users'];
    const table = tables.find((t) => index[t].get(key));
    if (!table) {
      result.unmatched.push({
        record: f[2].startsWith('P') ? 'profissional' : 'aluno',
        name: f[5],
        birth_date: f[6],
        inep_id: inep,
      });
      continue;
    }
    const id = index[table].get(key)!;
    const before = current.get(`${table}:${id}`);
    if (String(before ?? '') === inep) continue;
    writes.push({ table, column: 'inep_id', id, before, inep });
    current.set(`${table}:${id}`, inep);
    result.updated[table === 'students' ? 'alunos' : 'profissionais']++;
  }

  writes.push(...(await enrolmentWrites(db, enrolmentLines, { teams, students, current }, result)));

  await inTransaction(db, async (tx) => {
    for (const w of writes)
      await dynamic(tx)
        .updateTable(w.table)
        .set({ [w.column]: w.inep })
        .where('id', '=', w.id)
        .execute();
    await auditAll(
      tx,
      writes.map((w) => ({
        userId,
        entity: w.table,
        entityId: w.id,
        action: 'update',
        changes: { [w.column]: [w.before ?? null, w.inep] },
      })),
    );
  });
  return result;
}

/**
 * Record 60's enrolment INEP codes (field 7), each onto its registration, matched as our stage 1 wrote the line: the
 * student by our code (field 3, "A{id}") or else their INEP id (4), the team by our code (5, its id) or else its INEP
 * code (6) — the INEP ids as they stand after this same file's records 20 and 30. A student with two enrolments in
 * the team, or a line that names nobody of ours, is listed as unmatched.
 */
async function enrolmentWrites(
  db: Db,
  enrolmentLines: string[][],
  known: { teams: Row[]; students: Row[]; current: Map<string, unknown> },
  result: ReturnResult,
): Promise<Write[]> {
  const coded = enrolmentLines.filter((f) => /^\d{1,12}$/.test(digitsOf(f[6])));
  if (!coded.length) return [];
  const studentById = new Map(known.students.map((s) => [String(s.id), s]));
  const studentByInep = indexBy(
    known.students.filter((s) => digitsOf(String(known.current.get(`students:${s.id}`) ?? ''))),
    (s) => digitsOf(String(known.current.get(`students:${s.id}`))),
  );
  const teamById = new Map(known.teams.map((t) => [String(t.id), t]));
  const teamByInep = indexBy(
    known.teams.filter((t) => digitsOf(String(t.inep_id ?? ''))),
    (t) => digitsOf(String(t.inep_id)),
  );
  const matched = coded.map((f) => {
    const byCode = /^A(\d+)$/.exec(f[2] ?? '');
    const studentId =
      byCode && studentById.has(byCode[1]) ? byCode[1] : String(studentByInep.get(digitsOf(f[3])) ?? '');
    const teamId = teamById.has(f[4]) ? f[4] : String(teamByInep.get(digitsOf(f[5])) ?? '');
    return { f, student: studentById.get(studentId), team: teamById.get(teamId) };
  });
  const teamIds = [...new Set(matched.filter((m) => m.team).map((m) => Number(m.team!.id)))];
  const registrations = teamIds.length
    ? ((await dynamic(db)
        .selectFrom('registrations')
        .select(['id', 'student_id', 'team_id', 'inep_code'])
        .where('team_id', 'in', teamIds)
        .execute()) as Row[])
    : [];
  const byPair = indexBy(registrations, (r) => `${r.student_id}:${r.team_id}`);
  const current = new Map(registrations.map((r) => [Number(r.id), r.inep_code]));
  const writes: Write[] = [];
  for (const { f, student, team } of matched) {
    const inep = digitsOf(f[6]);
    const id = student && team ? byPair.get(`${student.id}:${team.id}`) : undefined;
    if (!id) {
      const who = student ? String(student.name) : f[2] || f[3];
      result.unmatched.push({
        record: 'matricula',
        name: `${who}, turma ${team ? String(team.name) : f[4] || f[5]}`,
        inep_id: inep,
      });
      continue;
    }
    const before = current.get(id);
    if (String(before ?? '') === inep) continue;
    writes.push({ table: 'registrations', column: 'inep_code', id, before, inep });
    current.set(id, inep);
    result.updated.matriculas++;
  }
  return writes;
}
