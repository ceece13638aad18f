/**
 * Boleto numbers as FEBRABAN lays them out: the 44-digit barcode and the 47-digit digitable line
 * ("linha digitável") with their check digits, so a sandbox boleto reads like a real one.
 */

const digitsOnly = (s: string) => /^\d+$/.test(s);

/** Módulo 10 (weights 2,1,2,1… from the right; digits of products summed). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? Math.floor(product / 10) + (product % 10) : product;
    weight = weight === 2 ? 1 : 2;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

/** Módulo 11 of the barcode (weights 2..9 from the right); 0, 10 and 11 become 1. */
export function mod11Barcode(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const DAY = 86_400_000;

/**
 * Days from 07/10/1997 to the due date, in four digits; after 9999 (21/02/2025) the count restarts at 1000,
 * as the banks agreed.
 */
export function dueFactor(dueDate: string): string {
  const [y, m, d] = dueDate.split('-').map(Number);
  let factor = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1997, 9, 7)) / DAY);
  if (factor > 9999) factor = ((factor - 10000) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

export interface Boleto {
  barcode: string;
  digitableLine: string;
}

/** A boleto of `bank` (3 digits) for an amount in centavos, due on a date, with 25 digits of the bank's own. */
export function boletoNumbers(bank: string, amountCents: number, dueDate: string, freeField: string): Boleto {
  if (!/^\d{3}$/.test(bank) || freeField.length !== 25 || !digitsOnly(freeField))
    throw new Error('invalid boleto fields');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99)
    throw new Error('invalid boleto amount');
  const value = String(amountCents).padStart(10, '0');
  const withoutDv = `${bank}9${dueFactor(dueDate)}${value}${freeField}`;
  const dv = mod11Barcode(withoutDv);
  const barcode = `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
  const field1 = `${bank}9${freeField.slice(0, 5)}`;
  const field2 = freeField.slice(5, 15);
  const field3 = freeField.slice(15, 25);
  const digitableLine = `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${dv}${dueFactor(dueDate)}${value}`;
  return { barcode, digitableLine };
}

/** "23790.12345 60000.000007 89012.345678 9 12340000015020": the line as printed on the boleto. */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
}
