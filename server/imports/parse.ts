import type { ZodType } from 'zod';
import { messages } from '../../resources/format';
import { guardians } from '../../resources/guardians';
import { headerKey, sheetValue, sheetYesNo } from '../../resources/sheet-values';
import { fieldOf, type FieldConfig } from '../../resources/types';
import { fieldSchema } from '../crud/validation';
import { FINANCIAL, type Column, type KindSpec } from './columns';
import { refuse } from './read/limits';
import type { SheetRows } from './read/sheet';
import type { ImportProblem } from './record';

/** One data row read and checked: its values by group (`record`, `g1`…), as the API's validation left them. */
export interface ParsedRow {
  line: number;
  values: Record<string, Record<string, unknown>>;
  /** Reference columns' names, to be found in the database (`polo_id: 'Sede'`). */
  names: Record<string, string>;
  valid: boolean;
}

export interface ParsedSheet {
  rows: ParsedRow[];
  problems: ImportProblem[];
  warnings: string[];
}

/** Each header of the file matched to a column of the kind, ignoring case, accents and spaces; unknown ones warned. */
function matchHeaders(spec: KindSpec, headers: unknown[]): { at: Map<Column, number>; warnings: string[] } {
  const byKey = new Map(spec.columns.map((c) => [headerKey(c.header), c]));
  const at = new Map<Column, number>();
  const warnings: string[] = [];
  headers.forEach((raw, i) => {
    const text = String(raw ?? '').trim();
    if (!text) return;
    const column = byKey.get(headerKey(text));
    if (!column) warnings.push(`Coluna "${text.slice(0, 60)}" desconhecida: ignorada.`);
    else if (at.has(column)) warnings.push(`Coluna "${text.slice(0, 60)}" repetida: vale a primeira.`);
    else at.set(column, i);
  });
  const missing = spec.columns.filter((c) => c.required && !at.has(c)).map((c) => c.header);
  if (missing.length)
    throw refuse(
      `Faltam ${missing.length === 1 ? 'a coluna obrigatória' : 'as colunas obrigatórias'}: ${missing.join(', ')}.`,
    );
  return { at, warnings };
}

/** A reference named in a cell is checked as required text here; its id is found in the database afterwards. */
const asName = (field: FieldConfig): FieldConfig => ({ ...field, type: 'text', maxLength: 190 });

function schemaOf(columns: Column[]) {
  const shape: Record<string, ZodType> = {};
  for (const c of columns) shape[c.field.name] = fieldSchema(c.byName ? asName(c.field) : c.field, 'create');
  return { shape };
}

const GUARDIAN_KINSHIP = fieldOf(guardians, 'kinship');

/**
 * The rows of a sheet as the kind's values, each checked by the same rules as a save on screen (the config's zod
 * schemas, the end not before the start); every problem named by line and column header.
 */
export function parseSheet(spec: KindSpec, sheet: SheetRows): ParsedSheet {
  const { at, warnings } = matchHeaders(spec, sheet.headers);
  const groups = [...new Set(spec.columns.map((c) => c.group))];
  const schemas = new Map(groups.map((g) => [g, schemaOf(spec.columns.filter((c) => c.group === g))]));
  const problems: ImportProblem[] = [];
  const rows: ParsedRow[] = [];
  for (const { line, cells } of sheet.rows) {
    const row: ParsedRow = { line, values: {}, names: {}, valid: true };
    const problem = (column: string, message: string) => {
      row.valid = false;
      problems.push({ line, column, message });
    };
    for (const group of groups) {
      const columns = spec.columns.filter((c) => c.group === group && at.has(c));
      const raw: Record<string, unknown> = {};
      for (const c of columns) raw[c.field.name] = sheetValue(c.byName ? asName(c.field) : c.field, cells[at.get(c)!]);
      // A guardian with no cell filled is no guardian.
      if (group !== 'record' && Object.values(raw).every((v) => v === '')) continue;
      const values: Record<string, unknown> = {};
      const { shape } = schemas.get(group)!;
      for (const c of columns) {
        if (c.yesNo) {
          // An empty cell changes nothing (a paid charge is never unpaid by a blank); a guardian's is "Não".
          if (raw[c.field.name] === '' && c.field !== FINANCIAL) continue;
          const yes = sheetYesNo(cells[at.get(c)!]);
          if (yes === null) problem(c.header, `O campo ${c.header} deve ser Sim ou Não.`);
          values[c.field.name] = yes === true;
          continue;
        }
        const parsed = shape[c.field.name].safeParse(raw[c.field.name]);
        if (!parsed.success) problem(c.header, parsed.error.issues[0]?.message ?? messages.invalid(c.header));
        else if (c.byName && parsed.data) row.names[c.field.name] = String(parsed.data);
        else values[c.field.name] = parsed.data;
      }
      // Required fields of the group whose column or cell is missing: the config's own message.
      const requiredOf = group === 'record' ? spec.config : guardians;
      for (const field of requiredOf.fields.filter((f) => f.required === true && !f.system)) {
        const column = spec.columns.find((c) => c.group === group && c.field.name === field.name);
        if (column && at.has(column)) continue;
        if (column) problem(column.header, messages.required(column.header));
      }
      if (group !== 'record' && !values.kinship)
        problem(`Responsável ${group.slice(1)} - ${GUARDIAN_KINSHIP.label}`, messages.required(GUARDIAN_KINSHIP.label));
      for (const c of columns.filter((c) => c.field.notBefore)) {
        const start = values[c.field.notBefore!];
        const end = values[c.field.name];
        if (typeof start === 'string' && typeof end === 'string' && end < start)
          problem(
            c.header,
            `O campo ${c.field.label} não pode ser anterior ao campo ${spec.config.fields.find((f) => f.name === c.field.notBefore)?.label}.`,
          );
      }
      row.values[group] = values;
    }
    rows.push(row);
  }
  return { rows, problems, warnings };
}
