import { parseBRL } from '../../resources/format';

/**
 * Amounts as the finance calls receive them, in exact centavos: a JSON number with at most two decimals
 * (150.2), a decimal text from a form ("1234.56", as the contract's client sends it), or the Brazilian
 * format people type ("1.234,56", "R$ 150,20"). Read as text, never multiplied as a float. A JSON number
 * is never read in the Brazilian format: 33.333 is not R$ 33.333,00 but an amount with too many decimals.
 */
export function parseMoney(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') {
    text = input.replace(/[\s\u00a0]/g, '').replace(/^R\$/, '');
  } else return null;
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m && typeof input === 'number') return null;
  // Text that is not a decimal with a point: the Brazilian format, read by the shared module.
  if (!m) return parseBRL(text);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

/** Centavos in the API's answers: a decimal number with two places (15020 → 150.2). */
export const amountOf = (cents: number | string | bigint) => Number(BigInt(cents)) / 100;
