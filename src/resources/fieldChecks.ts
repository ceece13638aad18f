import {
  dateInRange,
  MAX_CENTS,
  messages,
  parseDate,
  parseInteger,
  parseMoney,
  parseMonth,
} from '../../resources/format';
import { multiselectValues, normalizeRuled, parseTime, ruleError } from '../../resources/field-rules';
import { EMAIL_PATTERN } from '../../resources/text';
import type { FieldConfig } from '../../resources/types';
import { codeListOf, codeListsLoaded } from '../../resources/census-codes';

/**
 * The form's copy of the server's field rules (server/crud/validation.ts), in the same order and with
 * the same words, so that most mistakes are shown before the round trip exactly as the server would
 * answer them. A unit test feeds both the same values.
 */

/** The value as the server reads it: trimmed (not a password), masks stripped; null when empty. */
function normalized(field: FieldConfig, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (field.type === 'multiselect' && Array.isArray(value)) return value.length ? value : null;
  if (typeof value === 'number' && !['integer', 'reference', 'money'].includes(field.type)) value = String(value);
  if (typeof value !== 'string') return value;
  const text = field.type === 'password' ? value : value.trim();
  if (text === '') return null;
  if (field.rule === 'cnpj') return normalizeRuled(field, text);
  if (field.mask || field.type === 'digits') return text.replace(/[^\p{L}\p{N}]/gu, '');
  return text;
}

function integerError(field: FieldConfig, value: unknown): string | undefined {
  const n = parseInteger(value);
  if (field.type === 'reference')
    return n === null || n < 1 || n > 2147483647 ? messages.reference(field.label) : undefined;
  const min = field.min ?? -2147483648;
  const max = field.max ?? 2147483647;
  if (n === null) return messages.integer(field.label);
  if (n < min) return messages.min(field.label, min);
  if (n > max) return messages.max(field.label, max);
  return undefined;
}

function textError(field: FieldConfig, value: unknown): string | undefined {
  if (typeof value !== 'string') return messages.text(field.label);
  if (field.minLength && value.length < field.minLength) return messages.tooShort(field.label, field.minLength);
  if (field.maxLength && value.length > field.maxLength) return messages.tooLong(field.label, field.maxLength);
  if (field.type === 'email' && !EMAIL_PATTERN.test(value)) return messages.email(field.label);
  return ruleError(field, value);
}

function digitsError(field: FieldConfig, value: unknown): string | undefined {
  if (typeof value !== 'string') return messages.invalid(field.label);
  if (!/^\d+$/.test(value)) return messages.onlyDigits(field.label);
  if (field.minLength && value.length < field.minLength) return messages.tooFewDigits(field.label, field.minLength);
  if (field.maxLength && value.length > field.maxLength) return messages.tooManyDigits(field.label, field.maxLength);
  return ruleError(field, value);
}

/** What is wrong with a value the user gave (an empty one is the `required` check's business). */
export function fieldError(field: FieldConfig, raw: unknown): string | undefined {
  const value = normalized(field, raw);
  if (value === null) return undefined;
  switch (field.type) {
    case 'image':
      return undefined;
    case 'reference':
    case 'integer':
      return integerError(field, value);
    case 'digits':
      return digitsError(field, value);
    case 'money': {
      const cents = parseMoney(value);
      return cents !== null && cents > 0 && cents <= MAX_CENTS ? undefined : messages.positiveMoney(field.label);
    }
    case 'time':
      return parseTime(value) === null ? messages.time(field.label) : undefined;
    case 'multiselect':
      return multiselectValues(field, value) === null
        ? messages.options(
            field.label,
            (field.options ?? []).map((o) => o.label),
          )
        : undefined;
    case 'month':
      return parseMonth(value) === null ? messages.month(field.label) : undefined;
    case 'date': {
      const iso = parseDate(value);
      if (iso === null) return messages.date(field.label);
      return dateInRange(iso) ? undefined : messages.dateRange(field.label);
    }
    case 'datetime':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return messages.dateTime(field.label);
      return dateInRange(new Date(Date.parse(value)).toISOString().slice(0, 10))
        ? undefined
        : messages.dateRange(field.label);
    case 'select': {
      const options = field.options ?? [];
      if (typeof value !== 'string') return messages.invalid(field.label);
      // A long code list not loaded yet (its input never shown): the server checks the code.
      if (codeListOf(field) && !codeListsLoaded()) return undefined;
      return options.some((o) => o.value === value)
        ? undefined
        : messages.option(
            field.label,
            options.map((o) => o.label),
          );
    }
    default:
      return textError(field, value);
  }
}

/** True when the value counts as given (the server's `required`). */
export function isGiven(field: FieldConfig, raw: unknown): boolean {
  return normalized(field, raw) !== null;
}
