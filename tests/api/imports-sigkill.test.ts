import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { buildApp } from '../../server/app';
import { dynamic } from '../../server/db/connection';
import { localStorage } from '../../server/storage/storage';
import { childScript } from './support/child-server';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const ROOT = path.resolve(__dirname, '../..');
const ROWS = 3_000;

/** ROWS students, each with a valid CPF of its own and a mother, as a UTF-8 CSV. */
function studentsCsv(): Buffer {
  const lines = ['Nome;CPF;Data de nascimento;Responsável 1 - Nome;Responsável 1 - Parentesco'];
  for (let i = 0; i < ROWS; i++) {
    const base = String(200_000_000 + i * 7);
    lines.push(`Aluno Retomado ${i + 1};${base}${cpfCheckDigits(base)};14/03/2012;Mãe do Aluno ${i + 1};Mãe`);
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

let child: ChildProcess | undefined;

describeOnDatabases('spreadsheet imports: a server killed in the middle of a run', (dialect) => {
  let server: TestServer | undefined;
  let other: Awaited<ReturnType<typeof buildApp>> | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await other?.close();
    await server?.close();
  });

  it(
    'leaves whole chunks only; a second instance takes the job over and finishes it without duplicates',
    { timeout: 240_000 },
    async () => {
      const files = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-import-files-'));
      const storage = localStorage(files);
      // No one-off job runs in the test's own server: the child runs the import.
      server = await startServer(dialect, { storage });
      const where =
        server.dialect === 'postgres'
          ? { IMPORT_PG_URL: server.databaseUrl!, IMPORT_PG_SCHEMA: server.db.schema! }
          : {
              IMPORT_SQLITE_DIR: path.dirname(
                (await sql<{ file: string }>`pragma database_list`.execute(server.db.kysely)).rows[0].file,
              ),
            };
      let output = '';
      child = spawn(process.execPath, [childScript('import-child')], {
        cwd: ROOT,
        env: { ...process.env, ...where, IMPORT_STORAGE_DIR: files },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('ouvindo');

      const admin = await server.login();
      const form = new FormData();
      form.append('kind', 'students');
      form.append('dry_run', '0');
      form.append('file', new Blob([new Uint8Array(studentsCsv())]), 'alunos.csv');
      const sent = await fetch(`${server.url}/api/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()).data as { id: number };
      const k = dynamic(server.db);
      const progress = async () =>
        Number((await k.selectFrom('imports').select('done').where('id', '=', id).executeTakeFirstOrThrow()).done);

      // Killed once some chunks are written, well before the end.
      await expect.poll(progress, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
      const killed = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await killed;
      const done = await progress();
      expect(done).toBeLessThan(ROWS);
      const count = async (table: string) =>
        Number(
          (
            (await k
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()) as { n: unknown }
          ).n,
        );
      const before = await count('students');
      // Whole chunks: every row counted as done is written with its guardian and link, and nothing beyond it.
      expect(done % 100).toBe(0);
      expect(
        await k.selectFrom('students').select('id').where('name', 'like', 'Aluno Retomado %').execute(),
      ).toHaveLength(done);
      expect(await count('student_guardians')).toBe(done);
      expect(await count('guardians')).toBe(done);

      // A second instance on the same database takes the job over once the dead one's lease ends.
      other = await buildApp({ db: server.db, tokenTtlHours: 1, storage, jobs: { slot: 'escola:outra', pollMs: 50 } });
      await other.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(async () => (await server!.request('GET', `/api/imports/${id}`, { token: admin })).body.data.status, {
          timeout: 180_000,
          interval: 200,
        })
        .toBe('done');
      const result = (await server.request('GET', `/api/imports/${id}`, { token: admin })).body.data;
      expect(result).toMatchObject({ total: ROWS, valid: ROWS, done: ROWS, created: ROWS, updated: 0, errors: [] });
      expect(result.resumed).toBeGreaterThanOrEqual(1);
      expect(await count('students')).toBe(before - done + ROWS);
      const distinct = await k
        .selectFrom('students')
        .select((eb) => eb.fn.count('cpf').distinct().as('n'))
        .where('name', 'like', 'Aluno Retomado %')
        .executeTakeFirstOrThrow();
      expect(Number(distinct.n)).toBe(ROWS);
      expect(await count('student_guardians')).toBe(ROWS);
      expect(await count('guardians')).toBe(ROWS);
      fs.rmSync(files, { recursive: true, force: true });
    },
  );
});
