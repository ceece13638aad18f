import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection';
import { envelope, type ListQuery } from '../http/list-query';

/** One way two records look like the same person: a key computed in SQL, and the words the screen shows. */
interface Rule {
  code: string;
  reason: string;
  /** The key's expression over the table's row (alias-free columns), and when a row has one at all. */
  key: (db: Db) => RawBuilder<unknown>;
  has: RawBuilder<unknown>;
}

/** A kind of record that can be duplicated: its table, its rules and the summary each side of a pair shows. */
export interface DuplicateKind {
  table: 'students' | 'guardians';
  rules: Rule[];
  summaries(db: Db, ids: number[]): Promise<Map<number, Record<string, unknown>>>;
}

const col = (name: string) => sql.ref(name);
/** Extra spaces inside a name ("Maria  da Silva") count as one: four halvings collapse runs of up to 16. */
const collapse = (expr: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`replace(replace(replace(replace(${expr}, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')`;
/** Case, accents and extra spaces ignored: the folding of `search_text`, in the database. */
export const folded = (db: Db, column: string) => collapse(sql`trim(${db.fold(col(column))})`);
/** The digits of a CPF or a phone typed with its mask or spaces. */
export const digits = (column: string) =>
  sql`replace(replace(replace(replace(replace(replace(${col(column)}, '.', ''), '-', ''), ' ', ''), '/', ''), '(', ''), ')', '')`;
const filled = (column: string) => sql`${col(column)} is not null and trim(${col(column)}) <> ''`;
const both = (a: string, b: string) => sql`${filled(a)} and ${filled(b)}`;

/** A spreadsheet that took a CPF for a number dropped its leading zeros: compared without them. */
export const sameCpf: Rule = {
  code: 'cpf',
  reason: 'Mesmo CPF',
  key: () => sql`ltrim(${digits('cpf')}, '0')`,
  has: filled('cpf'),
};

/**
 * The pairs of likely duplicates of a kind, each once (lower id first) with every reason it meets, the newest
 * record's pairs first (what was just typed or imported); paged like other lists. Each rule groups the table by
 * its key (one pass over it, `having count(*) > 1`), and only the rows of the groups found are paired: 10,000
 * students are grouped, never compared two by two.
 */
export async function duplicatePairs(db: Db, kind: DuplicateKind, query: ListQuery) {
  const table = sql.table(kind.table);
  const groups = kind.rules.map((rule, i) => {
    const key = rule.key(db);
    const d = sql.raw(`d${i}`);
    const m = sql.raw(`m${i}`);
    return {
      ctes: sql`${d} as (select ${key} as kk from ${table} where ${rule.has} group by 1 having count(*) > 1),
        ${m} as (select id, ${key} as kk from ${table} where ${rule.has} and ${key} in (select kk from ${d}))`,
      pairs: sql`select a.id as a, b.id as b, ${sql.lit(rule.code)} as r from ${m} a join ${m} b on a.kk = b.kk and a.id < b.id`,
    };
  });
  const withPairs = sql`with ${sql.join(
    groups.map((g) => g.ctes),
    sql`, `,
  )}, pairs as (${sql.join(
    groups.map((g) => g.pairs),
    sql` union all `,
  )})`;
  const flags = kind.rules.map(
    (rule) => sql`max(case when r = ${sql.lit(rule.code)} then 1 else 0 end) as ${sql.ref(`has_${rule.code}`)}`,
  );
  const page = query.page === 0 ? sql`` : sql`limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`;
  const [{ rows }, counted] = await Promise.all([
    sql<Record<string, unknown>>`${withPairs} select a, b, ${sql.join(flags, sql`, `)} from pairs
      group by a, b order by b desc, a desc ${page}`.execute(db.kysely),
    sql<{ n: number }>`${withPairs} select count(*) as n from (select a, b from pairs group by a, b) t`.execute(
      db.kysely,
    ),
  ]);
  const ids = [...new Set(rows.flatMap((r) => [Number(r.a), Number(r.b)]))];
  const summaries = ids.length > 0 ? await kind.summaries(db, ids) : new Map();
  const data = rows.map((r) => ({
    id: `${Number(r.a)}-${Number(r.b)}`,
    reasons: kind.rules.filter((rule) => Number(r[`has_${rule.code}`]) === 1).map((rule) => rule.reason),
    first: summaries.get(Number(r.a)),
    second: summaries.get(Number(r.b)),
  }));
  return envelope(data, Number(counted.rows[0]?.n ?? 0), query);
}

/** Students: the same CPF, the same name and birth date, the same name and mother. */
export const studentDuplicates: DuplicateKind = {
  table: 'students',
  rules: [
    sameCpf,
    {
      code: 'birth',
      reason: 'Mesmo nome e data de nascimento',
      key: (db) => sql`${folded(db, 'name')} || '|' || ${col('birth_date')}`,
      has: both('name', 'birth_date'),
    },
    {
      code: 'mother',
      reason: 'Mesmo nome e mãe',
      key: (db) => sql`${folded(db, 'name')} || '|' || ${folded(db, 'name_mother')}`,
      has: both('name', 'name_mother'),
    },
  ],
  async summaries(db, ids) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select s.id, s.name, s.cpf, s.birth_date, s.name_mother, s.status,
        (select count(*) from registrations r where r.student_id = s.id) as registrations,
        (select count(*) from financials f join registrations r on r.id = f.registration_id
          where r.student_id = s.id) as charges
      from students s where s.id in (${sql.join(ids)})`.execute(db.kysely);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { ...r, id: Number(r.id), registrations: Number(r.registrations), charges: Number(r.charges) },
      ]),
    );
  },
};

/** Guardians: the same CPF, the same name and phone, the same name and e-mail. */
export const guardianDuplicates: DuplicateKind = {
  table: 'guardians',
  rules: [
    sameCpf,
    {
      code: 'phone',
      reason: 'Mesmo nome e telefone',
      key: (db) => sql`${folded(db, 'name')} || '|' || ${digits('phone')}`,
      has: both('name', 'phone'),
    },
    {
      code: 'email',
      reason: 'Mesmo nome e e-mail',
      key: (db) => sql`${folded(db, 'name')} || '|' || lower(trim(${col('email')}))`,
      has: both('name', 'email'),
    },
  ],
  async summaries(db, ids) {
    const { rows } = await sql<Record<string, unknown>>`select g.id, g.name, g.cpf, g.phone, g.email,
        (select count(*) from student_guardians sg where sg.guardian_id = g.id) as students,
        (select count(*) from portal_accounts pa where pa.guardian_id = g.id) as portal
      from guardians g where g.id in (${sql.join(ids)})`.execute(db.kysely);
    return new Map(
      rows.map((r) => [
        Number(r.id),
        { ...r, id: Number(r.id), students: Number(r.students), portal_account: Number(r.portal) > 0 },
      ]),
    );
  },
};
