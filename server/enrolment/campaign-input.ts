import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { validationError, type FieldErrors } from '../http/errors';
import { optionalIdSchema } from '../http/ids';

/** One line of a campaign: where a current team leads (no origin: new families), with its plan and contract. */
export interface CampaignTeam {
  from_team_id: number | null;
  to_team_id: number;
  payment_plan_id: number | null;
  contract_template_id: number | null;
}

const MAX_TEAMS = 500;
const MAX_DOCUMENTS = 20;

const teamLine = z.object(
  {
    from_team_id: optionalIdSchema('Selecione a turma atual.'),
    to_team_id: optionalIdSchema('Selecione a turma de destino.'),
    payment_plan_id: optionalIdSchema('Selecione o plano de pagamento.'),
    contract_template_id: optionalIdSchema('Selecione o modelo de contrato.'),
  },
  { error: 'Cada turma da campanha deve ter a turma de destino.' },
);

/** `teams` and `documents` as sent; absent on an update: unchanged. */
export const nestedSchema = z.object({
  teams: z
    .array(teamLine, { error: 'Informe as turmas da campanha em uma lista.' })
    .max(MAX_TEAMS, `Informe no máximo ${MAX_TEAMS} turmas.`)
    .optional(),
  documents: z
    .array(
      z
        .string({ error: 'Cada documento pedido deve ter um nome.' })
        .trim()
        .min(1, 'Cada documento pedido deve ter um nome.')
        .max(120, 'O nome de um documento pode ter no máximo 120 caracteres.'),
      { error: 'Informe os documentos pedidos em uma lista de nomes.' },
    )
    .max(MAX_DOCUMENTS, `Peça no máximo ${MAX_DOCUMENTS} documentos.`)
    .optional(),
});

async function rowsById(db: Db, table: string, columns: string[], ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, Record<string, unknown>>();
  const rows = await dynamic(db)
    .selectFrom(table)
    .select(['id', ...columns])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r as Record<string, unknown>]));
}

/**
 * The campaign's lines checked against the database (422 in Portuguese, each under `teams.<n>.<field>`): every target
 * team of the campaign's year, every origin of another year and named once, plans and templates that exist.
 */
export async function checkTeams(
  db: Db,
  yearId: number,
  lines: {
    from_team_id: number | null;
    to_team_id: number | null;
    payment_plan_id: number | null;
    contract_template_id: number | null;
  }[],
): Promise<CampaignTeam[]> {
  const errors: FieldErrors = {};
  const add = (i: number, field: string, message: string) => (errors[`teams.${i}.${field}`] ??= []).push(message);
  const teams = await rowsById(
    db,
    'teams',
    ['name', 'school_year_id'],
    lines.flatMap((l) => [l.from_team_id, l.to_team_id].filter((id): id is number => id !== null)),
  );
  const plans = await rowsById(
    db,
    'payment_plans',
    [],
    lines.flatMap((l) => (l.payment_plan_id ? [l.payment_plan_id] : [])),
  );
  const templates = await rowsById(
    db,
    'text_documents',
    [],
    lines.flatMap((l) => (l.contract_template_id ? [l.contract_template_id] : [])),
  );
  const seen = new Set<number>();
  lines.forEach((l, i) => {
    const to = l.to_team_id === null ? undefined : teams.get(l.to_team_id);
    if (l.to_team_id === null) add(i, 'to_team_id', 'Selecione a turma de destino.');
    else if (!to) add(i, 'to_team_id', 'A turma de destino escolhida não existe.');
    else if (Number(to.school_year_id) !== yearId)
      add(i, 'to_team_id', `A turma ${String(to.name)} não é do ano letivo da campanha.`);
    if (l.from_team_id !== null) {
      const from = teams.get(l.from_team_id);
      if (!from) add(i, 'from_team_id', 'A turma atual escolhida não existe.');
      else if (Number(from.school_year_id) === yearId)
        add(i, 'from_team_id', `A turma ${String(from.name)} já é do ano letivo da campanha: escolha uma turma atual.`);
      else if (seen.has(l.from_team_id))
        add(i, 'from_team_id', `A turma ${String(from.name)} aparece duas vezes na campanha.`);
      seen.add(l.from_team_id);
    }
    if (l.payment_plan_id !== null && !plans.has(l.payment_plan_id))
      add(i, 'payment_plan_id', 'O plano de pagamento escolhido não existe.');
    if (l.contract_template_id !== null && !templates.has(l.contract_template_id))
      add(i, 'contract_template_id', 'O modelo de contrato escolhido não existe.');
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return lines.map((l) => ({ ...l, to_team_id: l.to_team_id! }));
}

/**
 * "Preencher pela rematrícula automática": each team of the year before that has a successor in the campaign's year
 * (`teams.previous_team_id`, made by the rollover's next-year screen) leads to it, with the successor's plan.
 */
export async function prefillTeams(db: Db, yearId: number): Promise<CampaignTeam[]> {
  const rows = await dynamic(db)
    .selectFrom('teams as t')
    .innerJoin('teams as p', 'p.id', 't.previous_team_id')
    .select(['p.id as from_team_id', 't.id as to_team_id', 't.payment_plan_id'])
    .where('t.school_year_id', '=', yearId)
    .where('p.school_year_id', '<>', yearId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(Number(r.from_team_id)) && seen.add(Number(r.from_team_id)))
    .map((r) => ({
      from_team_id: Number(r.from_team_id),
      to_team_id: Number(r.to_team_id),
      payment_plan_id: r.payment_plan_id == null ? null : Number(r.payment_plan_id),
      contract_template_id: null,
    }));
}
