import { formatBRL, formatDate } from '../../resources/format';
import { applyMask } from '../../resources/text';
import { multiselectLabels } from '../../resources/field-rules';
import type { FieldConfig } from '../../resources/types';
import type { KindSpec } from './columns';
import type { ParsedRow } from './parse';

/** How many valid rows a dry run shows as they will be stored. */
export const PREVIEW_ROWS = 10;

/** A dry run's first valid rows, each value as the screens show it, under the template's headers. */
export interface ImportPreview {
  columns: string[];
  rows: string[][];
}

/** A stored value as a screen shows it: dd/mm/aaaa, the CPF and phone masked, an option by its label, money in R$. */
export function shownValue(field: FieldConfig, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  // A Sim/Não column (a guardian's Financeiro, a charge's Pago) is read into a boolean.
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  switch (field.type) {
    case 'date':
      return formatDate(value);
    case 'multiselect':
      return multiselectLabels(field, value);
    case 'select':
      return field.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
    case 'money':
      // Centavos once the API's rule read it.
      return formatBRL(Number(value));
    default:
      return field.mask ? applyMask(String(value), field.mask) : String(value);
  }
}

/**
 * The first PREVIEW_ROWS of a checked sheet's valid rows (names of referenced rows as typed, once found), with the
 * columns of the kind; a column no row fills (a second guardian nobody has) is left out, so the table stays narrow.
 */
export function previewOf(spec: KindSpec, valid: ParsedRow[]): ImportPreview {
  const rows = valid.slice(0, PREVIEW_ROWS);
  const cells = spec.columns.map((column) =>
    rows.map((row) => {
      if (column.byName) return row.names[column.field.name] ?? '';
      const value = row.values[column.group]?.[column.field.name];
      // An empty cell of a new record gets the field's default (status Ativo), as the writer stores it.
      const empty = value === undefined || value === null || value === '';
      return shownValue(column.field, empty && column.group === 'record' ? column.field.default : value);
    }),
  );
  const kept = spec.columns.map((_, i) => i).filter((i) => cells[i].some((v) => v !== ''));
  return {
    columns: kept.map((i) => spec.columns[i].header),
    rows: rows.map((_, r) => kept.map((i) => cells[i][r])),
  };
}
