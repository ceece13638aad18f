import type { FieldConfig } from '../../resources';
import { applyMask, onlyDigits } from '../../resources/text';

/** Keeps only digits as the user types; integers leave as numbers, `digits` fields as text. */
export function digitsProps(field: FieldConfig) {
  const mask = field.mask;
  return {
    inputMode: 'numeric' as const,
    format: (v: unknown) => (v === null || v === undefined ? '' : mask ? applyMask(String(v), mask) : String(v)),
    parse: (v: string) => {
      // Never keep more digits than the field holds: what is stored is what the mask shows.
      const digits = onlyDigits(v).slice(0, field.maxLength ?? undefined);
      if (field.type === 'integer') return digits === '' ? null : Number(digits);
      return digits;
    },
  };
}
