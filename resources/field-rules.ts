import { messages } from './format';
import { isValidBirthCertificate, isValidCnpj, isValidCpf, isValidNis, plainCnpj } from './text';
import type { FieldConfig } from './types';

/**
 * The named rules of the configs (`rule`) and the census's kinds of value (a time, several options), written once for
 * the server's validation (server/crud/validation.ts) and the form's checks (src/resources/fieldChecks.ts), so that
 * both say the same words. A value reaches here normalised (trimmed, masks stripped, not empty).
 */

/** What a rule finds wrong with a present value; the municipality's list is the server's to check. */
export function ruleError(field: FieldConfig, value: string): string | undefined {
  switch (field.rule) {
    case 'cpf':
      return isValidCpf(value) ? undefined : messages.cpf;
    case 'cnpj':
      return isValidCnpj(value) ? undefined : messages.cnpj;
    case 'birthCertificate':
      return isValidBirthCertificate(value) ? undefined : messages.birthCertificate;
    case 'nis':
      return isValidNis(value) ? undefined : messages.nis;
    case 'municipality':
      return /^\d{7}$/.test(value) ? undefined : messages.municipality(field.label);
    default:
      return undefined;
  }
}

/** A CNPJ travels without its mask and in capitals ("12.abc.345/01de-35" is 12ABC34501DE35). */
export function normalizeRuled(field: FieldConfig, value: string): string {
  return field.rule === 'cnpj' ? plainCnpj(value) : value;
}

/** "7:30", "07:30" or "07:30:00" → "07:30"; null when it is not a time of day. */
export function parseTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(value.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const byLabel = <T extends { label: string }>(options: T[], key: string) =>
  options.find((o) => folded(o.label) === key);

/**
 * The chosen values of a multiselect, in the options' order: from the stored text (a JSON array, or '0'/'1' flags),
 * a list, or values or labels separated by commas or semicolons (a spreadsheet's cell: "Cegueira; Surdez"). Null when
 * something is not one of the options.
 */
export function multiselectValues(field: FieldConfig, raw: unknown): string[] | null {
  const options = field.options ?? [];
  let items: unknown[];
  if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (field.flags && /^[01]+$/.test(text)) {
      if (text.length !== options.length) return null;
      return options.filter((_, i) => text[i] === '1').map((o) => o.value);
    }
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) return null;
        items = parsed;
      } catch {
        return null;
      }
    } else items = text.split(/[;,]/).filter((part) => part.trim() !== '');
  } else return null;
  const chosen = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') return null;
    const text = String(item).trim();
    // The item folded once for all the labels, not once per option (a 1 MB value was folded 20 times).
    const option = options.find((o) => o.value === text) ?? byLabel(options, folded(text));
    if (!option) return null;
    chosen.add(option.value);
  }
  return options.filter((o) => chosen.has(o.value)).map((o) => o.value);
}

/** How a multiselect's values are stored: a JSON array, or the flags. */
export function multiselectText(field: FieldConfig, values: string[]): string {
  if (field.flags) return (field.options ?? []).map((o) => (values.includes(o.value) ? '1' : '0')).join('');
  return JSON.stringify(values);
}

/** The labels of a stored multiselect, for lists, the show page and spreadsheets ("Cegueira, Surdez"). */
export function multiselectLabels(field: FieldConfig, stored: unknown): string {
  const values = stored === null || stored === undefined || stored === '' ? [] : multiselectValues(field, stored);
  if (!values) return String(stored);
  return values.map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join(', ');
}
