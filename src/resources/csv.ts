import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { fieldOf, type FieldConfig, type ResourceConfig } from '../../resources';
import { applyMask } from '../../resources/text';
import { formatBRL, formatDate, formatDateTime } from '../format';
import { isShown } from './access';
import { fieldValue } from './cells';
import { loadCodeLists, usesCodeLists } from './CodeList';
import { codeListsLoaded } from '../../resources/census-codes';
import { csvText } from '../components/csvText';

/** A field of a record as the CSV writes it: what the list shows, as plain text. */
export function csvValue(field: FieldConfig, record: RaRecord): string {
  const value = fieldValue(field, record);
  // A yes/no chip on screen is Sim/Não in the file, a count ("Possui financeiro?") or a flag (a charge's "Paga").
  if (field.cell === 'yesNo') return Number(value ?? 0) > 0 ? 'Sim' : 'Não';
  if (field.count) return String(value ?? 0);
  if (field.cell === 'builtinRole') return value === true || Number(value) === 1 ? 'Sim' : 'Não';
  if (Array.isArray(value))
    return value.map((v) => String((v as Record<string, unknown>)[field.many?.labelField ?? 'name'] ?? '')).join(', ');
  if (field.type === 'money') {
    const cents = record[`${field.name}_cents`];
    return typeof cents === 'number' ? formatBRL(cents) : '';
  }
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'month':
      return String(value).split('-').reverse().join('/');
    case 'select':
      return field.options?.find((o) => o.value === value)?.label ?? String(value);
    default:
      return field.mask ? applyMask(String(value), field.mask) : String(value);
  }
}

/**
 * The columns a CSV has for the signed-in user: the config's `exportColumns` (else the list's), personal data only to
 * whom may see it.
 */
export function exportColumns(config: ResourceConfig): FieldConfig[] {
  return (config.list.exportColumns ?? config.list.columns)
    .map((name) => fieldOf(config, name))
    .filter((f) => isShown(f));
}

/**
 * The whole file (src/components/csvText.ts: `;`, BOM, CRLF): a header of the configs' labels and a line per record,
 * dates dd/mm/aaaa, money "R$ 1.234,56".
 */
export function toCsv(config: ResourceConfig, records: RaRecord[]): string {
  const fields = exportColumns(config);
  return csvText(
    fields.map((f) => f.label),
    records.map((r) => fields.map((f) => csvValue(f, r))),
  );
}

/** "alunos-2026-03-10": the file's name, the list's and the day's. */
export function csvFileName(config: ResourceConfig, today = new Date()): string {
  const day = today.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  return `${config.adminPath}-${day}`;
}

/**
 * The list's exporter (`<ExportButton>`, `<BulkExportButton>`): the rows the filters show (every page: the list asks
 * for all of them) or the selected ones.
 */
export const csvExporter =
  (config: ResourceConfig): Exporter =>
  async (records: RaRecord[]) => {
    // The census's long code lists give "Brasil" for 76: loaded first when the list has such a field.
    if (usesCodeLists(config) && !codeListsLoaded()) await loadCodeLists();
    downloadCSV(toCsv(config, records), csvFileName(config));
  };
