import { describe, expect, it } from 'vitest';
import { readCsv } from '../../server/imports/read/csv';
import type { SheetRows } from '../../server/imports/read/sheet';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The rows a reader hands over one by one (the import's packed read), with the header it gave with them. */
function streamed(text: string): SheetRows {
  const rows: SheetRows['rows'] = [];
  const sheet = readCsv(bytes(text), (_headers, row) => rows.push(row));
  expect(sheet.rows).toEqual([]);
  return { headers: sheet.headers, rows };
}

describe('readCsv', () => {
  const text =
    '\r\n' +
    'Nome;Observação\r\n' +
    '"Ana; Souza";"disse ""oi""\nem duas linhas"\r\n' +
    ';\r\n' +
    '  "Bia" ;texto "solto"\r\n' +
    'Caio;"sem fim';

  it('reads quoted separators, doubled quotes and line breaks, skips empty records and numbers lines as a sheet', () => {
    expect(readCsv(bytes(text))).toEqual({
      headers: ['Nome', 'Observação'],
      rows: [
        { line: 3, cells: ['Ana; Souza', 'disse "oi"\nem duas linhas'] },
        { line: 5, cells: ['Bia ', 'texto "solto"'] },
        { line: 6, cells: ['Caio', 'sem fim'] },
      ],
    });
  });

  it('hands over the same rows one by one when asked to', () => {
    expect(streamed(text)).toEqual(readCsv(bytes(text)));
  });

  it('refuses more than 50,000 rows before handing any over', () => {
    const rows: unknown[] = [];
    expect(() => readCsv(bytes('Nome\n' + 'Aluno\n'.repeat(50_001)), (_h, row) => rows.push(row))).toThrow(
      /mais de 50.000 linhas/,
    );
    expect(rows).toEqual([]);
  });
});
