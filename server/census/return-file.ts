import { auditAll } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { validationError } from '../http/errors';
import { censusDate, censusName, digitsOf } from './text';

export interface Unmatched {
  record: 'aluno' | 'profissional' | 'turma';
  name: string;
  birth_date?: string;
  inep_id: string;
}

export interface ReturnResult {
  updated: { alunos: number; profissionais: number; turmas: number };
  unmatched: Unmatched[];
}

export const NOT_A_CENSUS_FILE =
  'O arquivo não é um arquivo do Censo Escolar: esperam-se registros 00, 20, 30… com campos separados por "|".';

/** A person's key as the writer prints them: name, birth date and mother, folded the same way. */
const personKey = (name: unknown, birth: string, mother: unknown) =>
  `${censusName(String(name ?? ''))}|${birth}|${censusName(String(mother ?? ''))}`;

type Row = Record<string, unknown>;

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
 * as the writer folds them) are written into the records. Writing an id a record already has changes nothing, so a
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
  if (!lines.some((f) => f[0] === '00') || !(teamLines.length + personLines.length))
    throw validationError({ file: [NOT_A_CENSUS_FILE] });
  const k = dynamic(db);
  const result: ReturnResult = { updated: { alunos: 0, profissionais: 0, turmas: 0 }, unmatched: [] };
  const writes: { table: 'teams' | 'students' | 'users'; id: number; before: unknown; inep: string }[] = [];

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
    writes.push({ table: 'teams', id: Number(team.id), before: team.inep_id, inep });
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
    writes.push({ table, id, before, inep });
    current.set(`${table}:${id}`, inep);
    result.updated[table === 'students' ? 'alunos' : 'profissionais']++;
  }

  await inTransaction(db, async (tx) => {
    for (const w of writes)
      await dynamic(tx).updateTable(w.table).set({ inep_id: w.inep }).where('id', '=', w.id).execute();
    await auditAll(
      tx,
      writes.map((w) => ({
        userId,
        entity: w.table,
        entityId: w.id,
        action: 'update',
        changes: { inep_id: [w.before ?? null, w.inep] },
      })),
    );
  });
  return result;
}
