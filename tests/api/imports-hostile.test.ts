import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

describeOnDatabases('spreadsheet imports: hostile files', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login();
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
    for (const [what, file, words] of cases) {
      const answer = await send(file);
      expect(answer.status, what).toBe(422);
      expect(answer.body.message, what).toContain(words);
      expect(answer.ms, what).toBeLessThan(5_000);
    }
    expect((await server.request('GET', '/api/imports', { token: admin })).body.total).toBe(0);
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
