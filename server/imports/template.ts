import ExcelJS from 'exceljs';
import { KINSHIPS } from '../../resources/guardians';
import { STUDENT_STATUSES } from '../../resources/students';
import type { KindSpec } from './columns';

/** The names a template lists as accepted, read from the school's database (polos, grids). */
export type TemplateLists = Record<string, string[]>;

const csvField = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The accepted values of each column that has a closed list (options of the config, names in the database). */
function acceptedValues(spec: KindSpec, lists: TemplateLists): [string, string[]][] {
  const out: [string, string[]][] = [];
  const seen = new Set<string>();
  for (const column of spec.columns) {
    const label = column.field.label;
    let values: string[] | undefined;
    if (column.byName) values = lists[column.byName];
    else if (column.yesNo) values = ['Sim', 'Não'];
    else if (column.accepted) values = column.accepted;
    else if (column.field.name === 'kinship') values = KINSHIPS.map((k) => k.name);
    else if (column.field.name === 'status' && spec.kind === 'students') values = [...STUDENT_STATUSES];
    else if (column.field.options) values = column.field.options.map((o) => o.label);
    if (!values || seen.has(label)) continue;
    seen.add(label);
    out.push([label, values]);
  }
  out.push(['Datas', ['dd/mm/aaaa (ex.: 14/03/2012)']]);
  return out;
}

/**
 * A kind's template: the header and one example row; in the XLSX a second sheet, "Valores aceitos", lists the words
 * each closed column takes. The CSV is `;`-separated UTF-8 with a BOM, as Excel in Portuguese opens it.
 */
export async function buildTemplate(spec: KindSpec, format: 'xlsx' | 'csv', lists: TemplateLists): Promise<Uint8Array> {
  const headers = spec.columns.map((c) => c.header);
  const example = headers.map((h) => spec.example[h] ?? '');
  if (format === 'csv') {
    const text = [headers, example].map((r) => r.map(csvField).join(';')).join('\r\n') + '\r\n';
    return new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Modelo');
  sheet.addRow(headers).font = { bold: true };
  // Text cells: a CPF or a date typed over the example keeps its zeros and its form.
  sheet.addRow(example);
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(12, headers[i].length + 2);
    column.numFmt = '@';
  });
  const values = book.addWorksheet('Valores aceitos');
  const accepted = acceptedValues(spec, lists);
  values.addRow(accepted.map(([label]) => label)).font = { bold: true };
  const longest = Math.max(...accepted.map(([, v]) => v.length));
  for (let i = 0; i < longest; i++) values.addRow(accepted.map(([, v]) => v[i] ?? ''));
  values.columns.forEach((column) => (column.width = 24));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
