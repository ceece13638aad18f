import { z } from 'zod';
import { resources } from '../../resources';
import type { Named, SuccessorProposal } from '../../resources/next-year';
import { messages } from '../../resources/format';
import { ResourceRepository } from '../crud/repository';
import { dateSchema } from '../crud/values';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { fieldErrorsOf, validationError, type FieldErrors } from '../http/errors';
import { idSchema, optionalIdSchema } from '../http/ids';
import { schoolYearOr404, targetYearOr422, type SchoolYear } from './school-year-of';

/** The name with the new year: the old year in it replaced (or any 4-digit year), else the new year appended. */
export function successorName(name: string, from: number, to: number): string {
  const own = new RegExp(`(?<!\\d)${from}(?!\\d)`);
  if (own.test(name)) return name.replace(own, String(to));
  const any = /(?<!\d)(19|20|21)\d{2}(?!\d)/;
  if (any.test(name)) return name.replace(any, String(to));
  return `${name.trim()} ${to}`;
}

const named = (id: unknown, name: unknown): Named | null =>
  id === null || id === undefined ? null : { id: Number(id), name: String(name) };

/** The teams of a year with what their successor needs: grid (and its next one), polo, plan, successor made. */
export async function teamsOfYear(db: Db, yearId: number) {
  return dynamic(db)
    .selectFrom('teams as t')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('grids as ng', 'ng.id', 'g.next_grid_id')
    .innerJoin('polos as p', 'p.id', 't.polo_id')
    .leftJoin('payment_plans as pp', 'pp.id', 't.payment_plan_id')
    .leftJoin('teams as s', 's.previous_team_id', 't.id')
    .select([
      't.id',
      't.name',
      't.closed_at',
      'g.id as grid_id',
      'g.name as grid_name',
      'ng.id as next_grid_id',
      'ng.name as next_grid_name',
      'p.id as polo_id',
      'p.name as polo_name',
      'pp.id as plan_id',
      'pp.name as plan_name',
      's.id as successor_id',
      's.name as successor_name',
    ])
    .where('t.school_year_id', '=', yearId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

/** `GET /school-years/{id}/successors?to_year_id=N`: each team's proposed successor in the target year. */
export async function proposeSuccessors(db: Db, yearId: number, toYearId: unknown) {
  const from = await schoolYearOr404(db, yearId);
  const to = await targetYearOr422(db, from, toYearId);
  const rows = await teamsOfYear(db, from.id);
  const data: SuccessorProposal[] = rows.map((t) => ({
    from_team: { id: Number(t.id), name: String(t.name), grid_id: Number(t.grid_id), closed: t.closed_at != null },
    name: successorName(String(t.name), from.year, to.year),
    grid: named(t.next_grid_id, t.next_grid_name) ?? { id: Number(t.grid_id), name: String(t.grid_name) },
    polo: { id: Number(t.polo_id), name: String(t.polo_name) },
    start_date: to.start_date,
    end_date: to.end_date,
    payment_plan: named(t.plan_id, t.plan_name),
    existing: named(t.successor_id, t.successor_name),
  }));
  return { data, from_year: from, to_year: to };
}

const line = z.object({
  from_team_id: idSchema('Selecione a turma de origem.'),
  name: z
    .string({ error: messages.required('Nome') })
    .trim()
    .min(1, messages.required('Nome'))
    .max(150, 'O nome da turma deve ter no máximo 150 caracteres.'),
  grid_id: idSchema('Selecione a grade.'),
  polo_id: idSchema('Selecione o polo.'),
  start_date: dateSchema(messages.date('Início'), messages.dateRange('Início')),
  end_date: dateSchema(messages.date('Término'), messages.dateRange('Término')),
  payment_plan_id: optionalIdSchema('Selecione o plano de pagamento.'),
});
type Line = z.infer<typeof line>;

const ALREADY = 'Esta turma já tem sucessora no ano seguinte.';

async function existingIds(db: Db, table: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await dynamic(db)
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Each line checked against the database: its team of origin, grid, polo and plan, and no successor made twice. */
async function checkLines(db: Db, from: SchoolYear, lines: Line[], errors: FieldErrors): Promise<void> {
  const teams = new Map((await teamsOfYear(db, from.id)).map((t) => [Number(t.id), t]));
  const grids = await existingIds(
    db,
    'grids',
    lines.map((l) => l.grid_id),
  );
  const polos = await existingIds(
    db,
    'polos',
    lines.map((l) => l.polo_id),
  );
  const plans = await existingIds(
    db,
    'payment_plans',
    lines.flatMap((l) => (l.payment_plan_id ? [l.payment_plan_id] : [])),
  );
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    const at = (field: string, message: string) => ((errors[`teams.${i}.${field}`] ??= []).push(message), undefined);
    const team = teams.get(l.from_team_id);
    if (!team) at('from_team_id', `A turma de origem não é do ano letivo ${from.year}.`);
    else if (team.successor_id !== null || seen.has(l.from_team_id)) at('from_team_id', ALREADY);
    seen.add(l.from_team_id);
    if (!grids.has(l.grid_id)) at('grid_id', 'A grade selecionada não existe.');
    if (!polos.has(l.polo_id)) at('polo_id', 'O polo selecionado não existe.');
    if (l.payment_plan_id && !plans.has(l.payment_plan_id))
      at('payment_plan_id', 'O plano de pagamento selecionado não existe.');
    if (l.end_date < l.start_date) at('end_date', 'O término não pode ser anterior ao início.');
  });
}

/**
 * `POST /school-years/{id}/successors`: the confirmed (or edited) successors, created in one transaction — all or
 * none, each line's problem answered under `teams.{i}.{field}`. A team's successor is made once: the unique
 * `previous_team_id` also holds two confirmations at once.
 */
export async function createSuccessors(db: Db, yearId: number, body: unknown) {
  const from = await schoolYearOr404(db, yearId);
  const sent = (body ?? {}) as { to_year_id?: unknown; teams?: unknown };
  const to = await targetYearOr422(db, from, sent.to_year_id);
  if (!Array.isArray(sent.teams) || sent.teams.length === 0)
    throw validationError({ teams: ['Confirme pelo menos uma turma.'] });
  if (sent.teams.length > 1000) throw validationError({ teams: ['No máximo 1000 turmas de cada vez.'] });
  const errors: FieldErrors = {};
  const lines: Line[] = [];
  sent.teams.forEach((item, i) => {
    const parsed = line.safeParse(item ?? {});
    if (parsed.success) lines.push(parsed.data);
    else fieldErrorsOf(parsed.error.issues, `teams.${i}.`, errors);
  });
  if (Object.keys(errors).length) throw validationError(errors);
  await checkLines(db, from, lines, errors);
  if (Object.keys(errors).length) throw validationError(errors);
  const config = resources.find((r) => r.name === 'teams')!;
  try {
    const ids = await inTransaction(db, (tx) =>
      new ResourceRepository(tx, config, resources).insertMany(
        lines.map((l) => ({
          name: l.name,
          grid_id: l.grid_id,
          polo_id: l.polo_id,
          start_date: l.start_date,
          end_date: l.end_date,
          payment_plan_id: l.payment_plan_id ?? undefined,
          school_year_id: to.id,
          previous_team_id: l.from_team_id,
        })),
      ),
    );
    return lines.map((l, i) => ({ id: ids[i], from_team_id: l.from_team_id, name: l.name }));
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ teams: [ALREADY] });
    throw error;
  }
}
