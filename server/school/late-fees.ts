import { z } from 'zod';
import { MAX_CENTS } from '../../resources/format';
import { parseMoney } from '../finance/money';
import { parsePercentBp } from '../finance/percent';
import { MAX_FINE_BP, type MoneyRules } from '../finance/amount-due';

/** Issue 27's late fees and punctuality discount on `PUT /school-settings` (`late_fees`; absent: unchanged). */

export const FINE_INVALID = 'A multa por atraso deve ser de 0% a 2% (Código de Defesa do Consumidor, art. 52, § 1º).';
export const INTEREST_INVALID = 'Os juros de mora devem ser de 0% a 10% ao mês, com no máximo duas casas decimais.';
const KIND_INVALID = 'Escolha se o desconto de pontualidade é percentual ou em reais.';
const PERCENT_INVALID = 'O desconto de pontualidade deve ser um percentual maior que 0 e até 100%.';
const AMOUNT_INVALID = 'O desconto de pontualidade deve ser um valor em reais maior que zero, como 25,00.';
const DAYS_INVALID = 'Os dias de antecedência do desconto de pontualidade devem ser um número inteiro de 0 a 60.';

const percent = (message: string, max: number) =>
  z.unknown().transform((raw, ctx) => {
    const bp = parsePercentBp(raw);
    if (bp !== null && bp <= max) return bp;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

const punctualitySchema = z
  .object(
    {
      kind: z.enum(['percent', 'amount'], { error: KIND_INVALID }),
      value: z.unknown(),
      days_before: z.number({ error: DAYS_INVALID }).int(DAYS_INVALID).min(0, DAYS_INVALID).max(60, DAYS_INVALID),
    },
    { error: 'Informe o desconto de pontualidade, ou nenhum.' },
  )
  .transform((p, ctx) => {
    const value = p.kind === 'percent' ? parsePercentBp(p.value) : parseMoney(p.value);
    const fits = value !== null && value > 0 && (p.kind === 'amount' ? value <= MAX_CENTS : value <= 10000);
    if (!fits) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: p.kind === 'percent' ? PERCENT_INVALID : AMOUNT_INVALID,
      });
      return z.NEVER;
    }
    return { kind: p.kind, value: value!, days_before: p.days_before };
  });

export const lateFeesSchema = z
  .object(
    {
      fine_percent: percent(FINE_INVALID, MAX_FINE_BP),
      interest_percent: percent(INTEREST_INVALID, 1000),
      punctuality: punctualitySchema.nullable().optional(),
    },
    { error: 'Informe a multa, os juros e o desconto de pontualidade.' },
  )
  .optional();

export type LateFeeValues = NonNullable<z.infer<typeof lateFeesSchema>>;

/** The `school_settings` columns of validated late fees (percents in basis points, amounts in centavos). */
export const lateFeeColumns = (fees: LateFeeValues) => ({
  late_fine_bp: fees.fine_percent,
  interest_month_bp: fees.interest_percent,
  punctuality_kind: fees.punctuality?.kind ?? null,
  punctuality_value: fees.punctuality?.value ?? 0,
  punctuality_days: fees.punctuality?.days_before ?? 0,
});

/** The school's late fees as the money rules take them, read from their `school_settings` columns. */
export type SchoolMoneyRules = Omit<MoneyRules, 'scholarship'>;

/** Before any settings row: 2 % fine, 1 % a month, no punctuality discount (the columns' defaults). */
export const DEFAULT_MONEY_RULES: SchoolMoneyRules = { finePercentBp: 200, interestMonthBp: 100, punctuality: null };

export function moneyRulesOf(row: {
  late_fine_bp: unknown;
  interest_month_bp: unknown;
  punctuality_kind: unknown;
  punctuality_value: unknown;
  punctuality_days: unknown;
}): SchoolMoneyRules {
  const kind = row.punctuality_kind;
  return {
    finePercentBp: Number(row.late_fine_bp),
    interestMonthBp: Number(row.interest_month_bp),
    punctuality:
      kind === 'percent' || kind === 'amount'
        ? { kind, value: Number(row.punctuality_value), days_before: Number(row.punctuality_days) }
        : null,
  };
}
