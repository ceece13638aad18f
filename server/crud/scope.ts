import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceConfig } from '../../resources/types';
import type { Row } from './repository';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The ids of the teams a confined user (a professor: the teams they teach) reaches; undefined for a user
     * who reaches the whole school. Set by the reach guard (teams/reach.ts) before the route runs.
     */
    teams?: number[];
  }
  interface FastifyContextConfig {
    /**
     * Which route params name a record of a team-scoped resource, e.g. `{ id: 'teams' }` or
     * `{ student: 'students' }`: for a confined user, one out of reach is not found (404), as a wrong id is.
     */
    reach?: Record<string, string>;
  }
}

/**
 * The rows of a team-scoped resource (its `teamScope`) that a user confined to `teams` reaches, as a condition
 * on the row's alias: the team itself, or a row linked to one of them through the join table's `team_id`.
 */
export function inReach(config: ResourceConfig, teams: number[], alias: string): RawBuilder<SqlBool> {
  const scope = config.teamScope;
  if (!scope) throw new Error(`${config.name} has no teamScope`);
  // No team at all (a teacher not yet assigned): nothing, rather than an empty `in ()` the SQL refuses.
  if (teams.length === 0) return sql<SqlBool>`1 = 0`;
  const id = sql.ref(`${alias}.id`);
  const list = sql.join(teams);
  if (scope === 'self') return sql<SqlBool>`${id} in (${list})`;
  const owner = sql.ref(`j.${scope.foreignKey}`);
  return sql<SqlBool>`${id} in (select ${owner} from ${sql.table(scope.through)} as j where j.team_id in (${list}))`;
}

/** "Turma não encontrada." / "Aluno não encontrado.": the 404 of a record out of reach, as of a wrong id. */
export function notFoundMessage(config: ResourceConfig): string {
  return `${config.labels.singular} não encontrad${config.labels.gender === 'f' ? 'a' : 'o'}.`;
}

/**
 * The keys of a resource's answers that are personal data: its fields marked `personal`, and the keys its
 * hooks add from them (`ResourceHooks.personal`, a dotted path reaching into lists: `registrations.financials`).
 */
export function personalKeys(config: ResourceConfig, fromHooks: string[] = []): string[] {
  return [...config.fields.filter((f) => f.personal).map((f) => f.name), ...fromHooks];
}

function drop(value: unknown, path: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) drop(item, path);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const [head, ...rest] = path;
  if (rest.length === 0) delete (value as Row)[head];
  else drop((value as Row)[head], rest);
}

/** Leaves the personal keys out of answered rows, in place: absent from the JSON, not blanked. */
export function withoutPersonal<T extends Row>(rows: T[], keys: string[]): T[] {
  const paths = keys.map((k) => k.split('.'));
  for (const row of rows) for (const path of paths) drop(row, path);
  return rows;
}
