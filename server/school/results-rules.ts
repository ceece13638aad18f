import { z } from 'zod';
import type { AverageRule, MakeupRule, OverallRule } from '../../resources/standing';

/**
 * Issue 38's rules for the year's results on `PUT /school-settings` (`results`; absent: unchanged): how the
 * annual average is taken, how the final make-up counts, how many failed disciplines still promote, and
 * whether those are carried as dependência. The verdicts themselves are resources/standing.ts.
 */
export interface ResultRules {
  average_mode: AverageRule['mode'];
  /** Weight per stage number ({"1": 1, "2": 2}), for the weighted average; a stage without one weighs 1. */
  stage_weights: Record<string, number>;
  makeup_rule: MakeupRule;
  failures_allowed: number;
  dependencia_allowed: boolean;
}

/** Before any settings row, and the columns' defaults: the verdicts as they were before issue 38. */
export const DEFAULT_RESULT_RULES: ResultRules = {
  average_mode: 'arithmetic',
  stage_weights: {},
  makeup_rule: 'none',
  failures_allowed: 0,
  dependencia_allowed: false,
};

const MODE = 'Escolha a média anual: aritmética ou ponderada por etapa.';
const WEIGHTS = 'Informe o peso de cada etapa como um número inteiro de 1 a 10.';
const MAKEUP =
  'Escolha como conta a recuperação final: sem recuperação, até a média de aprovação ou até a própria nota.';
const FAILURES = 'O número de disciplinas em que o aluno pode ser reprovado e ainda promovido deve ser de 0 a 20.';

export const resultRulesSchema = z
  .object(
    {
      average_mode: z.enum(['arithmetic', 'weighted'], { error: MODE }),
      stage_weights: z
        .record(
          z.string().regex(/^\d{1,2}$/, WEIGHTS),
          z.number({ error: WEIGHTS }).int(WEIGHTS).min(1, WEIGHTS).max(10, WEIGHTS),
          { error: WEIGHTS },
        )
        .optional()
        .default({}),
      makeup_rule: z.enum(['none', 'capped', 'grade'], { error: MAKEUP }),
      failures_allowed: z.number({ error: FAILURES }).int(FAILURES).min(0, FAILURES).max(20, FAILURES),
      dependencia_allowed: z.boolean({ error: 'Informe sim ou não para a dependência.' }),
    },
    { error: 'Informe as regras do resultado final.' },
  )
  .optional();

/** The `school_settings` columns of validated rules. */
export const resultRuleColumns = (r: ResultRules) => ({
  average_mode: r.average_mode,
  stage_weights: JSON.stringify(r.stage_weights),
  makeup_rule: r.makeup_rule,
  failures_allowed: r.failures_allowed,
  dependencia_allowed: r.dependencia_allowed ? 1 : 0,
});

function weightsOf(text: unknown): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(String(text));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0),
      );
  } catch {
    // A hand-edited row: every stage weighs 1.
  }
  return {};
}

export function resultRulesOf(row: {
  average_mode: unknown;
  stage_weights: unknown;
  makeup_rule: unknown;
  failures_allowed: unknown;
  dependencia_allowed: unknown;
}): ResultRules {
  const rule = String(row.makeup_rule);
  return {
    average_mode: row.average_mode === 'weighted' ? 'weighted' : 'arithmetic',
    stage_weights: weightsOf(row.stage_weights),
    makeup_rule: rule === 'capped' || rule === 'grade' ? rule : 'none',
    failures_allowed: Number(row.failures_allowed) || 0,
    dependencia_allowed: Number(row.dependencia_allowed) === 1,
  };
}

/** The rules as the pure functions of resources/standing.ts take them. */
export const averageRuleOf = (r: ResultRules): AverageRule => ({
  mode: r.average_mode,
  weights: Object.fromEntries(Object.entries(r.stage_weights).map(([k, v]) => [Number(k), v])),
});

export const overallRuleOf = (r: ResultRules): OverallRule => ({
  allowed: r.failures_allowed,
  dependencia: r.dependencia_allowed,
});
