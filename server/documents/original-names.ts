import { HISTORY_TYPES } from '../../resources/documents';
import { dynamic, type Db } from '../db/connection';

/**
 * `12_38615492042_CERTIFICATE.pdf`, `000012_38615492042_HISTORIC.pdf`, `000012_CERTIFICATE.pdf`: the name the
 * original client builds for an enrolment's document (its number, padded or not; the CPF's digits, absent
 * when the student has none; the type) to find the stored PDF again, whatever name the file was stored under.
 */
const BUILT_NAME = /^(\d{1,10})(?:_([^_]*))?_([A-Za-z]+)\.pdf$/;

/** The types one name may mean: a history is either word. */
function typesNamed(word: string): string[] {
  const type = word.toUpperCase();
  return (HISTORY_TYPES as readonly string[]).includes(type) ? [...HISTORY_TYPES] : [type];
}

const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

/**
 * The newest document a built name stands for: of that enrolment and type, its student's CPF the one named,
 * filed under the folder asked for or under one named after its type (`history` for a HISTORIC, say), not
 * revoked. Null when the name is not of that shape or names nothing.
 */
export async function documentByBuiltName(db: Db, folder: string, file: string) {
  const parts = BUILT_NAME.exec(file);
  if (!parts) return null;
  const registrationId = Number(parts[1]);
  if (!Number.isSafeInteger(registrationId) || registrationId < 1 || registrationId > 2147483647) return null;
  const types = typesNamed(parts[3]);
  const rows = await dynamic(db)
    .selectFrom('documents as d')
    .innerJoin('students as s', 's.id', 'd.student_id')
    .selectAll('d')
    .select('s.cpf as student_cpf')
    .where('d.registration_id', '=', registrationId)
    .where('d.type', 'in', types)
    // A revoked document is no longer the enrolment's: its client asks to issue another.
    .where('d.revoked_at', 'is', null)
    .orderBy('d.id', 'desc')
    .execute();
  const typeFolder = types.some((t) => t.toLowerCase() === folder.toLowerCase());
  const found = rows.find(
    (row) => digitsOf(row.student_cpf) === digitsOf(parts[2] ?? '') && (typeFolder || row.folder === folder),
  );
  if (!found) return null;
  const { student_cpf: _cpf, ...document } = found;
  return document;
}
