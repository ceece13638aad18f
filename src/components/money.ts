import { formatBRL, parseMoney } from '../../resources/format';

/**
 * Money as a Brazilian types it, read the way the server reads it (`parseMoney` in resources/format.ts): "500" is
 * R$ 500,00, "500,5" R$ 500,50, "1.500" R$ 1.500,00, "1.234,56" as written. Never filled from the centavos.
 */

/** Centavos as the money input shows them, without the "R$" its adornment carries: 150000 → "1.500,00". */
export const moneyText = (cents: number): string => formatBRL(cents).replace(/^(-?)R\$\s/, '$1');

/** What a money input keeps of a keystroke or a paste: digits, the thousands dot and the decimal comma. */
export const typedMoney = (text: string): string => text.replace(/[^\d.,]/g, '').slice(0, 16);

/** The amount typed, in centavos, or null when the text is empty or no amount. */
export function typedCents(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : parseMoney(trimmed);
}

/** The text as the input shows it once the person leaves it: "500" → "500,00"; what is no amount stays as typed. */
export function settledMoney(text: string): string {
  const cents = typedCents(text);
  return cents === null || cents < 0 ? text : moneyText(cents);
}

/** The amount as the API reads a value in reais: the exact decimal number (150050 → 1500.5), or null. */
export function moneyNumber(text: string): number | null {
  const cents = typedCents(text);
  return cents === null ? null : cents / 100;
}
