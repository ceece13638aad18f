/**
 * Percents as the school types them ("2", "1,5", 0.33) read into exact basis points (200 = 2,00 %), and back.
 * Two decimals at most: a percent is stored as an integer so no rule ever meets a binary fraction.
 */

const TEXT = /^(\d{1,5})(?:[.,](\d{1,2}))?$/;

/** Basis points of a percent given as a number or text, or null when it is not one with up to two decimals. */
export function parsePercentBp(raw: unknown): number | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return null;
    const bp = Math.round(raw * 100);
    // 0.333 is refused rather than rounded: what is stored is what was typed.
    return Math.abs(bp - raw * 100) < 1e-6 && bp <= 9_999_999 ? bp : null;
  } else if (typeof raw === 'string') text = raw.trim().replace(/\s*%$/, '');
  else return null;
  const m = TEXT.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Basis points as the percent number the API answers: 250 → 2.5. */
export const percentOf = (bp: number | string | bigint) => Number(bp) / 100;
