import { useState } from 'react';
import type { FieldConfig } from '../../resources';
import { messages } from '../../resources/format';
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

/** Whether typed text holds something a digits field drops: not a digit, a space or a character of its mask. */
export function dropsCharacters(typed: string, mask?: string): boolean {
  const kept = new Set([...(mask ?? '').replace(/#/g, '')]);
  return [...typed].some((c) => !/[\d\s]/.test(c) && !kept.has(c));
}

/**
 * A digits field drops letters as they are typed; this says so at the field ("O campo CPF deve conter
 * apenas números."), so a letter does not vanish without a word. Spread into a react-admin TextInput.
 */
export function useDroppedCharactersNote(field: FieldConfig, helperText: string | boolean = false) {
  const [dropped, setDropped] = useState(false);
  return {
    onChange: (event: { target?: { value?: unknown } }) =>
      setDropped(typeof event?.target?.value === 'string' && dropsCharacters(event.target.value, field.mask)),
    helperText: dropped ? messages.onlyDigits(field.label) : helperText,
    sx: dropped ? { '& .MuiFormHelperText-root': { color: 'warning.dark' } } : undefined,
  };
}
