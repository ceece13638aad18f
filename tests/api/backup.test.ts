import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { linesOf, readArchive, writeArchive, type EntrySource } from '../../server/backup/archive';
import { makeBackup } from '../../server/backup/backup';
import { BackupError, MANIFEST, type Manifest } from '../../server/backup/format';
import { restoreBackup } from '../../server/backup/restore';
import { dynamic, openDb, type Db, type DialectName } from '../../server/db/connection';
import { toBuffer } from '../../server/pdf/buffer';
import { s3Storage } from '../../server/storage/s3';
import { localStorage, type Storage } from '../../server/storage/storage';
import { childScript } from './support/child-server';
import { FakeS3 } from './support/fake-s3';
import { serverPerFile } from './support/per-test';
import { ADMIN, databases, describeOnDatabases, freshSchema, startServer } from './support/server';

/**
 * `npm run backup` and `npm run restore`: a school with students, a charge and a stored document is backed up,
 * restored into a new database of the other kind (SQLite → PostgreSQL, PostgreSQL → SQLite) and back, and
 * every row and file comes out the same; the server on the restored database shows the same student and file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let files = 0;
const fileName = () => path.join(work, `copia-${++files}.tar.gz`);

interface Place {
  db: Db;
  storage: Storage;
  close(): Promise<void>;
}

/** A new, empty database (no tables) of `dialect` and an empty file storage. */
async function emptyPlace(dialect: DialectName): Promise<Place> {
  const dir = fs.mkdtempSync(path.join(work, 'destino-'));
  const storage = localStorage(path.join(dir, 'storage'));
  if (dialect === 'sqlite') {
    const db = openDb({ dataDir: dir });
    return { db, storage, close: () => db.destroy() };
  }
  const { url, schema, drop } = await freshSchema();
  const db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
  return {
    db,
    storage,
    async close() {
      await db.destroy();
      await drop();
    },
  };
}

/** What a backup holds: each table's rows (as sorted lines: the two databases sort text differently) and files. */
async function contents(
  file: string,
): Promise<{ manifest: Manifest; tables: Record<string, string[]>; files: Record<string, string> }> {
  const tables: Record<string, string[]> = {};
  const stored: Record<string, string> = {};
  let manifest: Manifest | undefined;
  for await (const entry of readArchive(file)) {
    if (entry.name === MANIFEST) manifest = JSON.parse((await entry.whole()).toString('utf8')) as Manifest;
    else if (entry.name.startsWith('tables/')) {
      const lines: string[] = [];
      for await (const line of linesOf(entry)) lines.push(line);
      tables[entry.name.slice('tables/'.length, -'.jsonl'.length)] = lines.sort();
    } else stored[entry.name.slice('files/'.length)] = (await entry.whole()).toString('base64');
  }
  return { manifest: manifest!, tables, files: stored };
}

/** The archive of `file` with its manifest and table lines changed by `edit`, written anew. */
async function edited(
  file: string,
  edit: { manifest?: (m: Manifest) => void; line?: (table: string, line: string, index: number) => string },
): Promise<string> {
  const entries: EntrySource[] = [];
  for await (const entry of readArchive(file)) {
    let bytes = await entry.whole();
    if (entry.name === MANIFEST && edit.manifest) {
      const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
      edit.manifest(manifest);
      bytes = Buffer.from(JSON.stringify(manifest));
    } else if (entry.name.startsWith('tables/') && edit.line) {
      const table = entry.name.slice('tables/'.length, -'.jsonl'.length);
      const lines = bytes.toString('utf8').split('\n').filter(Boolean);
      bytes = Buffer.from(lines.map((l, i) => `${edit.line!(table, l, i)}\n`).join(''));
    }
    const body = bytes;
    entries.push({ name: entry.name, size: body.length, body: () => [body] });
  }
  const out = fileName();
  await writeArchive(out, entries);
  return out;
}

/** The server on a restored database, answering in-process: what a person signed in would see. */
async function signedIn(place: Place) {
  const app = await buildApp({
    db: place.db,
    storage: place.storage,
    tokenTtlHours: 1,
    appUrl: 'http://escola.test',
    cep: { viaCepUrl: 'http://127.0.0.1:9', brasilApiUrl: 'http://127.0.0.1:9' },
    pressure: { maxEventLoopDelayMs: 0 },
    loginLimits: { perIp: 100_000, captchaAfter: 100_000 },
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  expect(login.statusCode, login.body).toBe(200);
  const token = (login.json() as { access_token: string }).access_token;
  // Dates as ISO, as the screens ask for them (and as the shared server's `call` does).
  const headers = { authorization: `Bearer ${token}`, 'x-date-format': 'iso' };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload }),
    close: () => app.close(),
  };
}

async function pdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  doc.text(text);
  return toBuffer(doc);
}

const restoring = (place: Place, file: string, force = false) =>
  restoreBackup(place.db, place.storage, file, { force }).then(
    () => null,
    (error: unknown) => error,
  );

describeOnDatabases('backup and restore of the school: both databases and the stored files', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const school = { student: 0, registration: 0, document: '', pdf: Buffer.alloc(0) as Buffer };
  let backup: string;

  beforeAll(async () => {
    const student = await call('POST', '/api/students', { name: 'Joana Cópia de Segurança', cpf: '52998224725' });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    await call('POST', '/api/students', { name: 'Miguel Ângelo Restaurado' });
    school.student = student.body.data.id;
    const registration = await call('POST', '/api/registrations', { student_id: school.student, team_id: 1 });
    school.registration = registration.body.data.id;
    const charge = await call('POST', '/api/financials', {
      registration_id: school.registration,
      value: '1.234,56',
      due_date: '2027-03-10',
      service_type_id: 1,
      payment_type: 4,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    school.pdf = await pdf('Histórico escolar de Joana Cópia de Segurança');
    const form = new FormData();
    const fields = { code: 'HIST_7K2M9P4Q8R3T6V1W', type: 'HISTORY', folder: 'history', team: '1' };
    for (const [k, v] of Object.entries({ ...fields, registration: String(school.registration) })) form.append(k, v);
    form.append('pdf', new Blob([new Uint8Array(school.pdf)], { type: 'application/pdf' }), 'historico.pdf');
    const stored = await fetch(`${shared.server.url}/api/documents/${school.student}/store-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.token}` },
      body: form,
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    const record = (await call('GET', `/api/students/${school.student}`)).body[0];
    school.document = `/api/documents/storage/history/${record.documents[0].file_name}`;
    backup = fileName();
    await makeBackup(shared.server.db, shared.server.storage, backup);
  });

  // The other database when there are two (SQLite → PostgreSQL → SQLite, and the reverse); else SQLite itself.
  const others = databases().filter((d) => d !== dialect);
  for (const target of others.length ? others : [dialect])
    it(`restores on a new ${target} database, and back on ${dialect}: the same rows and the same file`, async () => {
      const original = await contents(backup);
      expect(original.manifest.tables.find((t) => t.name === 'students')?.rows).toBe(2);
      expect(original.manifest.tables.find((t) => t.name === 'financials')?.rows).toBe(1);
      expect(Object.values(original.files)).toContain(school.pdf.toString('base64'));

      const there = await emptyPlace(target);
      const back = await emptyPlace(dialect);
      try {
        await restoreBackup(there.db, there.storage, backup);
        const again = fileName();
        await makeBackup(there.db, there.storage, again);
        await restoreBackup(back.db, back.storage, again);
        const last = fileName();
        await makeBackup(back.db, back.storage, last);
        for (const copy of [again, last]) {
          const { manifest, tables, files: stored } = await contents(copy);
          expect(manifest.migrations).toEqual(original.manifest.migrations);
          expect(Object.keys(tables).sort()).toEqual(Object.keys(original.tables).sort());
          for (const [name, rows] of Object.entries(original.tables)) expect(tables[name], name).toEqual(rows);
          expect(stored).toEqual(original.files);
        }

        // What a person sees on the restored school: the same student record, charge and document.
        const seen = (await call('GET', `/api/students/${school.student}`)).body;
        for (const place of [there, back]) {
          const server = await signedIn(place);
          try {
            expect((await server.get(`/api/students/${school.student}`)).json()).toEqual(seen);
            const file = await server.get(school.document);
            expect(file.statusCode).toBe(200);
            expect(file.rawPayload.equals(school.pdf)).toBe(true);
            // The school goes on: the search index was rebuilt, and new rows get new ids.
            const found = (await server.get('/api/students?search=joana%20copia')).json();
            expect(found.data.map((s: { id: number }) => s.id)).toEqual([school.student]);
            const added = await server.post('/api/students', { name: 'Aluno Depois da Restauração' });
            expect(added.statusCode, added.body).toBe(201);
            expect(added.json().data.id).toBeGreaterThan(school.student + 1);
          } finally {
            await server.close();
          }
        }
      } finally {
        await there.close();
        await back.close();
      }
    });

  it('refuses a database that already holds a school unless --force, and then replaces it', async () => {
    const other = await startServer(dialect);
    try {
      const token = await other.session();
      await other.request('POST', '/api/students', { token, body: { name: 'Aluna Que Será Substituída' } });
      const refused = await restoring(other, backup);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(/^O banco de destino já tem dados \(\d+ usuários?\)\..*--force\.$/);
      const before = await other.request('GET', '/api/students', { token });
      expect(before.body.data.map((s: { name: string }) => s.name)).toEqual(['Aluna Que Será Substituída']);

      expect(await restoring(other, backup, true)).toBeNull();
      const after = await dynamic(other.db).selectFrom('students').select('name').orderBy('id').execute();
      expect(after.map((s: { name: string }) => s.name)).toEqual([
        'Joana Cópia de Segurança',
        'Miguel Ângelo Restaurado',
      ]);
    } finally {
      await other.close();
    }
  });

  it('changes nothing when the backup fails half-way: one transaction for every row', async () => {
    const other = await startServer(dialect);
    try {
      const token = await other.session();
      await other.request('POST', '/api/students', { token, body: { name: 'Aluna Que Fica' } });
      // The last student line repeats the first one's id: the database refuses it after the other tables went in.
      const broken = await edited(backup, {
        line: (table, line, i) =>
          table === 'students' && i === 1 ? line.replace(/^\[\d+,/, `[${school.student},`) : line,
      });
      expect(await restoring(other, broken, true)).toBeInstanceOf(Error);
      const students = await dynamic(other.db).selectFrom('students').select('name').execute();
      expect(students.map((s: { name: string }) => s.name)).toEqual(['Aluna Que Fica']);
      expect((await other.request('GET', '/api/students', { token })).body.total).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses a backup of a newer version, or a file that is not a backup, before touching the database', async () => {
    const place = await emptyPlace(dialect);
    try {
      const newer = await edited(backup, { manifest: (m) => m.migrations.push('9999_futuro') });
      const refused = await restoring(place, newer);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(
        /^A cópia é de uma versão mais nova do Secretaria \(migração 9999_futuro/,
      );
      const junk = path.join(work, 'nao-e-copia.tar.gz');
      fs.writeFileSync(junk, 'isto não é uma cópia');
      expect(await restoring(place, junk)).toBeInstanceOf(Error);
      // Nothing was migrated: the database is still new, and the backup restores into it.
      expect(await restoring(place, backup)).toBeNull();
      await expect(makeBackup(place.db, place.storage, backup)).rejects.toThrow(
        `${backup} já existe: escolha outro nome para a cópia.`,
      );
    } finally {
      await place.close();
    }
  });

  if (dialect === 'sqlite')
    it('npm run backup / npm run restore: the commands on the configured DATA_DIR', async () => {
      const source = shared.server.db.opened.dataDir;
      const target = fs.mkdtempSync(path.join(work, 'data-'));
      const file = fileName();
      const cli = (args: string[], dataDir: string) =>
        exec(process.execPath, [childScript('backup'), ...args], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
        }).then(
          ({ stdout }) => ({ code: 0, out: stdout }),
          (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
        );
      const made = await cli(['backup', file], source);
      expect(made.code, made.out).toBe(0);
      expect(made.out).toMatch(/Cópia gravada em .*: \d+ tabelas, \d+ linhas, \d+ arquivos \(migração \d{4}_\w+\)\./);
      const restored = await cli(['restore', file], target);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('restaurada');
      const twice = await cli(['restore', file], target);
      expect(twice).toEqual({ code: 1, out: expect.stringContaining('repita o comando com --force') });
    });
});

describe('a backup with the files in an S3 bucket (a signed fake S3 on 127.0.0.1)', () => {
  it('copies every object the server wrote under S3_PREFIX, none other, and writes them back under the same keys', async () => {
    const s3 = new FakeS3(['secretaria']);
    await s3.start();
    // One object per page of ListObjectsV2: the backup follows the continuation tokens, as a bucket of thousands needs.
    s3.pageSize = 1;
    const bucket = (prefix: string) =>
      s3Storage({
        bucket: 'secretaria',
        region: s3.region,
        endpoint: s3.url,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
        prefix,
      });
    try {
      const school = bucket('escola-a');
      const neighbour = bucket('escola-b');
      const photo = await school.put('photos', 'jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      const second = await school.put('photos', 'jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9]));
      const document = await school.put('documents', 'pdf', await pdf('Declaração'));
      await neighbour.put('photos', 'jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      const keys: string[] = [];
      for await (const key of school.keys()) keys.push(key);
      expect(keys.sort()).toEqual([document, photo, second].sort());

      const restored = bucket('restaurada');
      for (const key of keys) await restored.write(key, (await school.get(key))!);
      for (const key of keys) expect((await restored.get(key))!.equals((await school.get(key))!)).toBe(true);
      expect(s3.keys('secretaria').filter((k) => k.startsWith('restaurada/'))).toEqual(
        keys.map((k) => `restaurada/${k}`).sort(),
      );
    } finally {
      await s3.close();
    }
  });
});
