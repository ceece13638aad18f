import { z } from 'zod';
import { fieldErrorsOf, validationError, type FieldErrors } from '../../http/errors';
import { idSchema, optionalIdSchema } from '../../http/ids';

export interface RolloverTeam {
  from_team_id: number;
  /** Where the promoted go; null: nowhere (the office enrols them by hand). */
  promoted_team_id: number | null;
  /** Where the retained stay in the same series; null: nowhere. */
  retained_team_id: number | null;
}

export interface RolloverInput {
  to_year_id: unknown;
  teams: RolloverTeam[];
  apply_plans: boolean;
  dry_run: boolean;
}

const line = z.object({
  from_team_id: idSchema('Selecione a turma de origem.'),
  promoted_team_id: optionalIdSchema('Selecione a turma dos aprovados.'),
  retained_team_id: optionalIdSchema('Selecione a turma dos retidos.'),
});

const flag = (raw: unknown, name: string, errors: FieldErrors): boolean => {
  if (raw === undefined || raw === null || raw === false || raw === 'false' || raw === 0) return false;
  if (raw === true || raw === 'true' || raw === 1) return true;
  errors[name] = ['Informe sim ou não.'];
  return false;
};

/** The body of `POST /school-years/{id}/rollover`, each line's problem under `teams.{i}.{field}`. */
export function rolloverInput(body: unknown): RolloverInput {
  const sent = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const apply_plans = flag(sent.apply_plans, 'apply_plans', errors);
  const dry_run = flag(sent.dry_run, 'dry_run', errors);
  const teams: RolloverTeam[] = [];
  if (!Array.isArray(sent.teams) || sent.teams.length === 0) errors.teams = ['Informe pelo menos uma turma.'];
  else if (sent.teams.length > 1000) errors.teams = ['No máximo 1000 turmas de cada vez.'];
  else {
    const seen = new Set<number>();
    sent.teams.forEach((item, i) => {
      const parsed = line.safeParse(item ?? {});
      if (!parsed.success) return fieldErrorsOf(parsed.error.issues, `teams.${i}.`, errors);
      if (seen.has(parsed.data.from_team_id)) errors[`teams.${i}.from_team_id`] = ['Esta turma aparece duas vezes.'];
      seen.add(parsed.data.from_team_id);
      teams.push(parsed.data);
    });
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return { to_year_id: sent.to_year_id, teams, apply_plans, dry_run };
}
