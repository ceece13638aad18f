import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../server/http/errors';
import { localStorage, type Storage } from '../../server/storage/storage';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-disk-'));
  dirs.push(dir);
  return dir;
}

/** Files kept in a directory whose writes land on /dev/full: the kernel's own ENOSPC, as on a full disk. */
function fullDiskStorage(): Storage {
  const local = localStorage(tempDir());
  return {
    ...local,
    async put(_folder, _extension, content) {
      await fs.promises.writeFile('/dev/full', content);
      throw new Error('/dev/full aceitou a gravação');
    },
  };
}

async function uploadPhoto(server: TestServer, token: string) {
  const form = new FormData();
  form.append('name', 'Aluna Com Foto');
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${server.url}/api/students`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describeOnDatabases('readiness check', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers ok for a database and a storage that take writes, and leaves no trace of its probes', async () => {
    server = await startServer(dialect);
    const ready = await server.request('GET', '/api/health?ready=1');
    expect(ready).toEqual({ status: 200, body: { status: 'ok', database: 'ok', storage: 'ok' } });
    const probes = await sql<{ n: number }>`select count(*) as n from app_secrets where name like 'health-%'`.execute(
      server.db.kysely,
    );
    expect(probes.rows).toEqual([{ n: 0 }]);
    expect((await server.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('writes its probes at most once per two seconds, however many anonymous calls arrive', async () => {
    const files = localStorage(tempDir());
    let probes = 0;
    server = await startServer(dialect, {
      storage: {
        ...files,
        put: (...args) => {
          probes++;
          return files.put(...args);
        },
      },
    });
    const started = Date.now();
    const calls = await Promise.all(Array.from({ length: 40 }, () => server!.request('GET', '/api/health?ready=1')));
    for (let i = 0; i < 20; i++) calls.push(await server.request('GET', '/api/health?ready=1'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(new Set(calls.map((c) => JSON.stringify(c)))).toEqual(
      new Set([JSON.stringify({ status: 200, body: { status: 'ok', database: 'ok', storage: 'ok' } })]),
    );
    expect(probes).toBe(1);
    // Two seconds on, the next call checks again (a part that failed or came back is seen).
    await new Promise((resolve) => setTimeout(resolve, 2500 - (Date.now() - started)));
    expect((await server.request('GET', '/api/health?ready=1')).status).toBe(200);
    expect(probes).toBe(2);
  });

  it('answers 503 naming the storage when it cannot take a file, while /api/health stays ok', async () => {
    // A storage directory under a regular file: no process, root included, can create it.
    const blocker = path.join(tempDir(), 'arquivo');
    fs.writeFileSync(blocker, '');
    server = await startServer(dialect, { storage: localStorage(path.join(blocker, 'storage')) });
    const ready = await server.request('GET', '/api/health?ready=1');
    expect(ready).toEqual({
      status: 503,
      body: {
        message: 'Servidor não está pronto: arquivos não aceita gravações.',
        status: 'unavailable',
        database: 'ok',
        storage: 'não aceita gravações',
      },
    });
    expect(await server.request('GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it.skipIf(!fs.existsSync('/dev/full'))(
    'answers 503 with a message on an upload to a full disk, and says the storage has no space',
    async () => {
      server = await startServer(dialect, { storage: fullDiskStorage() });
      const token = await server.login();
      expect(await uploadPhoto(server, token)).toEqual({ status: 503, body: { message: DISK_FULL_MESSAGE } });
      expect((await server.request('GET', '/api/health?ready=1')).body).toMatchObject({
        database: 'ok',
        storage: 'sem espaço em disco',
      });
    },
  );
});

// SQLite's page limit makes its own SQLITE_FULL happen for real, without filling the machine's disk.
describe('a full SQLite database', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Lets the file grow no further than it is now. */
  async function fillUp(s: TestServer): Promise<void> {
    await sql.raw('pragma max_page_count = 1').execute(s.db.kysely);
  }

  it('answers 503 saying the disk is full to writes and to the login, and readiness names the database', async () => {
    server = await startServer('sqlite');
    const token = await server.login();
    const user = await server.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    await fillUp(server);
    // Sessions until the table's last page has no room left (a few fit in the room a page still has).
    let refused = 0;
    for (let i = 0; i < 2000 && refused < 30; i++) {
      try {
        await server.db.kysely
          .insertInto('auth_tokens')
          .values({
            user_id: user.id,
            token_hash: randomBytes(32).toString('hex'),
            created_at: new Date().toISOString(),
            expires_at: '2199-01-01T00:00:00.000Z',
          })
          .execute();
        refused = 0;
      } catch (error) {
        expect((error as { code?: string }).code).toBe('SQLITE_FULL');
        refused++;
      }
    }
    expect(refused).toBe(30);

    // The login's refusals also carry their text under `error` (the original client reads it).
    expect(await server.request('POST', '/api/auth/login', { body: ADMIN })).toEqual({
      status: 503,
      body: { message: DISK_FULL_MESSAGE, error: DISK_FULL_MESSAGE },
    });
    // Long records, until one needs a page the file may not get (the first ones may fit in room left).
    const description = 'Descrição longa '.repeat(70).slice(0, 1000);
    const answers: { status: number; body: unknown }[] = [];
    while (answers.length < 10 && answers.at(-1)?.status !== 503) {
      answers.push(
        await server.request('POST', '/api/teachings', {
          token,
          body: { name: `Ensino sem espaço ${answers.length}`, description },
        }),
      );
    }
    expect(answers.slice(0, -1).map((a) => a.status)).toEqual(Array(answers.length - 1).fill(201));
    expect(answers.at(-1)).toEqual({ status: 503, body: { message: DISK_FULL_MESSAGE } });
    expect(DISK_FULL_MESSAGE).toMatch(/^Sem espaço em disco para gravar/);
    // Reading still works, and nothing half-written shows up.
    const list = await server.request('GET', '/api/teachings?search=sem espaço', { token });
    expect(list).toMatchObject({ status: 200, body: { total: answers.length - 1 } });

    expect(await server.request('GET', '/api/health?ready=1')).toEqual({
      status: 503,
      body: {
        message: 'Servidor não está pronto: banco de dados sem espaço em disco.',
        status: 'unavailable',
        database: 'sem espaço em disco',
        storage: 'ok',
      },
    });
    expect(await server.request('GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
