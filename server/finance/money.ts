/**
 * Amounts as the finance calls receive them, in exact centavos: a JSON number with at most two decimals
 * (150.2), a decimal text from a form ("1234.56", as the contract's client sends it), or the Brazilian
 * format people type ("1.234,56", "R$ 150,20"). Read as text, never multiplied as a float.
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
  let m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) {
    m = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
    if (!m) return null;
  }
  const reais = m[2].replace(/\./g, '');
  const cents = Number(reais) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

/** Centavos in the API's answers: a decimal number with two places (15020 → 150.2). */
export const amountOf = (cents: number | string | bigint) => Number(BigInt(cents)) / 100;
