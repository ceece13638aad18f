import { parseDate, parseMoney } from './format';
import { foldText } from './text';
import type { FieldConfig } from './types';

/**
 * Values as a Brazilian office types them in a spreadsheet (issue 37), read once here beside format.ts: the import
 * turns a cell into what the API's validation takes, so that a row is checked exactly like a save on screen.
 * A cell that cannot be read is handed on as its text, and the field's own rule names the problem.
 */

/** A header or word as matched, case, accents, spaces and punctuation aside ("Data de Nascimento"). */
export function headerKey(value: unknown): string {
  return foldText(String(value ?? '')).replace(/[^a-z0-9]/g, '');
}

/** Days from Excel's day 0 (1899-12-30, counting its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

/** A cell's text: numbers as written in pt-BR would not be (no thousands), dates as dd/mm/aaaa. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatIsoAsBr(value.toISOString().slice(0, 10));
  return String(value).trim();
}

const formatIsoAsBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A date: a date cell (read at UTC midnight, as the sheet stores no zone), an Excel serial number (45292 is
 * 01/01/2024), or text as dd/mm/aaaa or aaaa-mm-dd. Null when it is none of them.
 */
export function sheetDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const serial = typeof value === 'number' ? value : /^\d{4,6}$/.test(String(value ?? '').trim()) ? Number(value) : NaN;
  if (Number.isInteger(serial) && serial > 0 && serial < 2_958_466)
    return new Date((serial - EXCEL_EPOCH_DAYS) * 86_400_000).toISOString().slice(0, 10);
  return parseDate(cellText(value));
}

/**
 * Digits of a masked value (CPF, phone, CEP). A number cell lost its leading zeros in Excel ("012.345.678-90" typed
 * as a number is 1234567890): they are put back up to `length` when the field has one fixed length.
 */
export function sheetDigits(value: unknown, length?: number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    const digits = String(value);
    return length && digits.length < length ? digits.padStart(length, '0') : digits;
  }
  const text = cellText(value);
  // Letters stay so that the field's rule refuses them; the mask's punctuation goes.
  return /[\p{L}]/u.test(text) ? text : text.replace(/[^\d]/g, '');
}

/** Money in centavos: "1.234,56", "1234,56", "1234.56", "R$ 1.234,56" or a number cell (two decimals at most). */
export function sheetMoney(value: unknown): number | null {
  if (typeof value === 'number') return parseMoney(Math.round(value * 100) / 100);
  return parseMoney(cellText(value));
}

const YES = new Set(['sim', 's', 'x', '1', 'true', 'verdadeiro']);
const NO = new Set(['nao', 'n', '0', 'false', 'falso', '']);

/** Sim/Não (also S/N, X, 1/0, a checkbox's TRUE/FALSE); null when it is neither. */
export function sheetYesNo(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const key = headerKey(cellText(value));
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return null;
}

/** An option of a select field by the words shown on screen (its label) or its stored value; else the text itself. */
export function sheetOption(field: FieldConfig, value: unknown): string {
  const text = cellText(value);
  const key = headerKey(text);
  const option = (field.options ?? []).find((o) => headerKey(o.label) === key || headerKey(o.value) === key);
  return option ? String(option.value) : text;
}

/** A cell read for a config field, as the API's validation takes it ('' for an empty cell). */
export function sheetValue(field: FieldConfig, value: unknown): unknown {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return '';
  switch (field.type) {
    case 'date':
      return sheetDate(value) ?? cellText(value);
    case 'digits':
      return sheetDigits(value, field.minLength === field.maxLength ? field.maxLength : undefined);
    case 'select':
      return sheetOption(field, value);
    case 'money': {
      const cents = sheetMoney(value);
      return cents === null ? cellText(value) : (cents / 100).toFixed(2);
    }
    case 'integer':
      return typeof value === 'number' ? value : cellText(value);
    default:
      return cellText(value);
  }
}
