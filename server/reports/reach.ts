import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { undeclaredReach, type FileReport, type ReportReads } from '../../reports/types';
import type { ResourceConfig } from '../../resources/types';
import { inReach, notFoundMessage } from '../crud/scope';
import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';
import type { ReportParams } from './builder';

/** `column in (teams)`; for a teacher with no team yet, no row at all (SQL refuses an empty `in ()`). */
export function inTeams(column: RawBuilder<unknown>, teams: number[]): RawBuilder<SqlBool> {
  return teams.length ? sql<SqlBool>`${column} in (${sql.join(teams)})` : sql<SqlBool>`1 = 0`;
}

/**
 * A report's declaration checked when its route is registered: a field naming a team or a student that its
 * `reach` forgets would let a teacher name any team, so the server refuses to start instead.
 */
export function assertReachDeclared(report: FileReport): void {
  const missing = undeclaredReach(report);
  if (missing.length)
    throw new Error(`report ${report.key}: declare in its reach the fields naming a team or a student: ${missing}`);
}

/** The `{ param: resource }` of a report's path placeholders, for the route's `config.reach` (the reach guard). */
export function pathReach(report: FileReport): Record<string, string> | undefined {
  const inPath = [...report.api.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const entries = Object.entries(report.reach).filter(([name]) => inPath.includes(name));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * Every team and student a report's parameters name, checked against a confined caller's teams (`teams`: a
 * professor's; undefined, the whole school) before the builder runs: one outside answers 404 with the message of
 * a wrong id ("Turma não encontrada."), as `/students/{id}` does. Path and query fields alike: the reach guard
 * reads only path parameters, and lists (`team[]`) name several.
 */
export async function checkReach(
  db: Db,
  resources: ResourceConfig[],
  report: ReportReads,
  params: ReportParams,
  teams: number[] | undefined,
): Promise<void> {
  if (!teams) return;
  for (const [name, resource] of Object.entries(report.reach)) {
    const value = params[name];
    const ids = [...new Set(typeof value === 'number' ? [value] : Array.isArray(value) ? value : [])];
    if (!ids.length) continue;
    const config = resources.find((r) => r.name === resource);
    if (!config) throw new Error(`report reach names ${resource}, which is not a resource`);
    const found = await dynamic(db)
      .selectFrom(`${config.table} as r`)
      .select('r.id')
      .where('r.id', 'in', ids)
      .where(inReach(config, teams, 'r'))
      .execute();
    if (found.length < ids.length) throw notFound(notFoundMessage(config));
  }
}
