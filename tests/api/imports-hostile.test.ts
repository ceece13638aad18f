import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHEET_LIMITS } from '../../server/imports/read/limits';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** A zip of one entry whose headers declare `declared` bytes (a zip bomb lies there). */
function zipOf(name: string, content: Buffer, declared = content.length): Buffer {
  const data = zlib.deflateRawSync(content);
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(file.length, 28);
  const dirAt = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(dirAt, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

/** A zip of several entries, each deflated, with their CRC (what a spreadsheet program writes). */
function zipOfEntries(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  for (const [name, text] of entries) {
    const content = Buffer.from(text);
    const data = zlib.deflateRawSync(content);
    const file = Buffer.from(name);
    const header = (size: number, signature: number) => {
      const b = Buffer.alloc(size);
      b.writeUInt32LE(signature, 0);
      return b;
    };
    const local = header(30, 0x04034b50);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(zlib.crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = header(46, 0x02014b50);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(zlib.crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(at, 42);
    locals.push(local, file, data);
    centrals.push(central, file);
    at += local.length + file.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** An XLSX whose sheet has two students and then a million empty rows formatted down to the sheet's last row. */
function millionEmptyRows(): Buffer {
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const rows = [
    `<row r="1">${inline('A1', 'Nome')}${inline('B1', 'Data de nascimento')}</row>`,
    `<row r="2">${inline('A2', 'Gil Formatado')}${inline('B2', '01/02/2012')}</row>`,
    `<row r="3">${inline('A3', 'Iara Formatada')}${inline('B3', '03/04/2012')}</row>`,
  ];
  for (let r = 4; r <= 1_048_576; r++) rows.push(`<row r="${r}" s="1" customFormat="1"><c r="A${r}" s="1"/></row>`);
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return zipOfEntries([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${pkg}/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}">` +
        '<sheets><sheet name="Alunos" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${pkg}/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${ns}"><fonts count="1"><font/></fonts>` +
        '<fills count="1"><fill/></fills><borders count="1"><border/></borders>' +
        '<cellXfs count="2"><xf/><xf fillId="0" applyFill="1"/></cellXfs></styleSheet>',
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${rows.join('')}</sheetData></worksheet>`,
    ],
  ]);
}

describeOnDatabases('spreadsheet imports: hostile files', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.session();
  });
  afterAll(() => server.close());

  async function send(file: Buffer) {
    const form = new FormData();
    form.append('kind', 'students');
    form.append('dry_run', '1');
    form.append('file', new Blob([new Uint8Array(file)]), 'planilha.xlsx');
    const started = Date.now();
    const response = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  }

  it('answers each hostile file a quick 422 in Portuguese, and keeps no import of it', async () => {
    const cases: [string, Buffer, string][] = [
      ['an image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'O arquivo não é uma planilha'],
      [
        'an encrypted XLSX (an OLE file)',
        Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(504), 'hex'),
        'protegida por senha',
      ],
      // 60 MB of zeros declaring 1 kB: inflated only up to what it declares.
      ['a zip bomb', zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024), 1024), 'grande demais'],
      ['more than 50,000 rows', Buffer.from('Nome\n' + 'Aluno\n'.repeat(50_001)), 'mais de 50.000 linhas'],
      ['more than 20 MB', Buffer.alloc(21 * 1024 * 1024, 'a'), 'no máximo 20 MB'],
    ];
    // Other tests of this file (shuffled) keep their dry runs: count what this one adds.
    const before = (await server.request('GET', '/api/imports', { token: admin })).body.total as number;
    for (const [what, file, words] of cases) {
      const answer = await send(file);
      expect(answer.status, what).toBe(422);
      expect(answer.body.message, what).toContain(words);
      // Not a performance figure (that is the bench's): a guard against reading the whole bomb or every row, which
      // takes minutes, with room for a loaded two-core machine.
      expect(answer.ms, what).toBeLessThan(15_000);
    }
    expect((await server.request('GET', '/api/imports', { token: admin })).body.total).toBe(before);
  });

  it('reads a sheet with a million empty formatted rows quickly, as its real rows only', async () => {
    const file = millionEmptyRows();
    expect(file.length).toBeLessThan(SHEET_LIMITS.uploadBytes);
    const answer = await send(file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'preview', total: 2, valid: 2, errors: [] });
    expect(answer.body.data.preview.rows.map((r: string[]) => r[0])).toEqual(['Gil Formatado', 'Iara Formatada']);
    expect(answer.ms).toBeLessThan(15_000);
  });

  it('reads a formula as its cached value, never evaluating it', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Alunos');
    sheet.addRow(['Nome', 'Data de nascimento']);
    sheet.addRow([{ formula: 'CONCAT("Eva"," Fórmula")', result: 'Eva Fórmula' }, '01/01/2012']);
    const answer = await send(Buffer.from(await book.xlsx.writeBuffer()));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'preview', total: 1, valid: 1, created: 1, errors: [] });
  });
});
