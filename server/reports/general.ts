import { sql, type SqlBool } from 'kysely';
import type { GeneralReportRow } from '../../reports/types';
import type { ResourceConfig } from '../../resources/types';
import { searchCondition, searchOnFields } from '../crud/search';
import { dynamic, type Db } from '../db/connection';
import { inTeams } from './reach';

/**
 * The general report of students (spec: General student report): one row per enrolment with the
 * student, the team, its polo and the polo's responsible, and the team's grid.
 */
export type GeneralRow = GeneralReportRow;

/** Columns in the table's order: the data-table convention sorts by their index. */
export const GENERAL_COLUMNS = ['student_id', 'name', 'team', 'polo', 'responsible', 'grid'] as const;
export type GeneralColumn = (typeof GENERAL_COLUMNS)[number];

/** The only orders the report accepts, each to its SQL expression (never a name from the request). */
const SORT_EXPRESSIONS: Record<GeneralColumn, { ref: string; textual: boolean }> = {
  student_id: { ref: 's.id', textual: false },
  name: { ref: 's.name', textual: true },
  team: { ref: 't.name', textual: true },
  polo: { ref: 'p.name', textual: true },
  responsible: { ref: 'p.responsible', textual: true },
  grid: { ref: 'g.name', textual: true },
};

export const isGeneralColumn = (name: string): name is GeneralColumn =>
  (GENERAL_COLUMNS as readonly string[]).includes(name);

export interface GeneralQuery {
  search: string;
  sortBy: GeneralColumn;
  desc: boolean;
  /** Rows to skip and to answer; `limit` undefined answers every row. */
  offset: number;
  limit?: number;
}

/** Who reads the report (issue 34): the enrolments they reach and whether their search may use personal fields. */
export interface GeneralViewer {
  /** A confined caller's teams (a professor's); undefined: the whole school. */
  teams?: number[];
  /** Holds `students.personal`: the search finds students by CPF and e-mail too. */
  personal: boolean;
}

/** The report's source: enrolments with what the table shows, searched with the app's search rule. */
async function filtered(db: Db, resources: ResourceConfig[], search: string, viewer: GeneralViewer) {
  const config = (name: string) => {
    const found = resources.find((r) => r.name === name);
    if (!found) throw new Error(`general report: resource ${name} is not configured`);
    return found;
  };
  let q = dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('polos as p', 'p.id', 't.polo_id')
    .innerJoin('grids as g', 'g.id', 't.grid_id');
  if (viewer.teams) q = q.where(inTeams(sql.ref('r.team_id'), viewer.teams));
  const students = config('students');
  // A search by a field the caller may not see would tell its value (the row found by a CPF): those are left out.
  const open = students.searchFields.filter((name) => !students.fields.find((f) => f.name === name)?.personal);
  const studentCondition = async (word: string) =>
    viewer.personal ? searchCondition(db, students, word, 's') : searchOnFields(db, students, word, open, 's');
  // Every word typed is found in the student (name, CPF, e-mail…), the team (name, polo, grid) or the polo
  // (its responsible), each table through the app's one search rule and index: 'maria médio' finds Maria
  // of the team Médio 2026 although no single table holds both words.
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const perWord = await Promise.all(
    words.map(async (word) => {
      const found = (
        await Promise.all([
          studentCondition(word),
          searchCondition(db, config('teams'), word, 't'),
          searchCondition(db, config('polos'), word, 'p'),
        ])
      ).filter((c) => c !== undefined);
      return found.length ? sql<SqlBool>`(${sql.join(found, sql` or `)})` : undefined;
    }),
  );
  const conditions = perWord.filter((c) => c !== undefined);
  return conditions.length ? q.where(sql<SqlBool>`(${sql.join(conditions, sql` and `)})`) : q;
}

export async function countGeneral(
  db: Db,
  resources: ResourceConfig[],
  search: string,
  viewer: GeneralViewer,
): Promise<number> {
  const row = await (
    await filtered(db, resources, search, viewer)
  )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The report's rows for a query, sorted (ties broken by enrolment) and paged, as a query not yet run. */
export async function generalRowsQuery(
  db: Db,
  resources: ResourceConfig[],
  query: GeneralQuery,
  viewer: GeneralViewer,
) {
  const sort = SORT_EXPRESSIONS[query.sortBy];
  const expr = sort.textual ? db.fold(sql.ref(sort.ref)) : sql.ref(sort.ref);
  const direction = query.desc ? sql`desc` : sql`asc`;
  let q = (await filtered(db, resources, query.search, viewer))
    .select([
      'r.id as id',
      's.id as student_id',
      's.name as name',
      't.name as team',
      'p.name as polo',
      'p.responsible as responsible',
      'g.name as grid',
    ])
    // Ties broken by the enrolment, so that pages never repeat or skip a row.
    .orderBy(sql`${expr} ${direction}`)
    .orderBy('r.id', query.desc ? 'desc' : 'asc');
  if (query.limit !== undefined) q = q.limit(query.limit).offset(query.offset);
  else if (query.offset > 0) q = q.limit(Number.MAX_SAFE_INTEGER).offset(query.offset);
  return q;
}

export function toGeneralRow(r: Record<string, unknown>): GeneralRow {
  return {
    id: Number(r.id),
    student_id: Number(r.student_id),
    name: String(r.name),
    team: String(r.team),
    polo: String(r.polo),
    responsible: r.responsible === null || r.responsible === undefined ? null : String(r.responsible),
    grid: String(r.grid),
  };
}

export async function listGeneral(
  db: Db,
  resources: ResourceConfig[],
  query: GeneralQuery,
  viewer: GeneralViewer,
): Promise<GeneralRow[]> {
  const rows = await (await generalRowsQuery(db, resources, query, viewer)).execute();
  return rows.map(toGeneralRow);
}
