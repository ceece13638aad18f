import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dynamic } from '../../server/db/connection';
import { localStorage } from '../../server/storage/storage';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

/**
 * Issue 37 with two instances on one database: the instance that receives `POST /imports/legacy` is not the one whose
 * job runner claims the run. With SECRETARIA_ENCRYPTION_KEY the sign-in waits sealed in the database and the other
 * instance copies; without it, it stayed in the first one's memory and the run says so.
 */
describeOnDatabases('import from the previous system on two instances', (dialect) => {
  let source: TestServer | undefined;
  let first: TestServer | undefined;
  let other: Awaited<ReturnType<typeof buildApp>> | undefined;
  afterEach(async () => {
    await other?.close();
    await first?.close();
    await source?.close();
    other = first = source = undefined;
  });

  /** The old system with one student, and the instance that takes the request (its runner runs no job). */
  async function start(encryptionKey?: Buffer) {
    source = await startServer(dialect);
    const sourceToken = await source.session();
    const created = await source.request('POST', '/api/students', {
      token: sourceToken,
      body: { name: 'Heloísa Martins Costa', cpf: '52998224725', birth_date: '2010-03-01' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-legacy-two-'));
    const storage = localStorage(files);
    first = await startServer(dialect, { storage, encryptionKey });
    const admin = await first.session();
    const sent = await first.request('POST', '/api/imports/legacy', {
      token: admin,
      body: { base_url: source.url, email: ADMIN.email, password: ADMIN.password },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.data.id as number;
    /** The second instance: same database, same key, its job runner on. */
    const second = async () => {
      other = await buildApp({
        db: first!.db,
        tokenTtlHours: 1,
        storage,
        encryptionKey,
        appUrl: 'http://escola.test',
        jobs: { slot: 'escola:outra', pollMs: 50 },
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
    };
    const ended = async () => {
      let record: { status: string } | undefined;
      await expect
        .poll(
          async () => {
            record = (await first!.request('GET', `/api/imports/${id}`, { token: admin })).body.data;
            return record!.status;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toMatch(/^(done|failed)$/);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return record as any;
    };
    return { id, second, ended, files };
  }

  it('with the encryption key, the other instance copies; the sign-in is sealed, then gone', async () => {
    const { second, ended, files } = await start(randomBytes(32));
    const k = dynamic(first!.db);
    const kept = await k.selectFrom('sealed_secrets').selectAll().execute();
    expect(kept).toHaveLength(1);
    // Sealed: neither the password nor the e-mail nor the address can be read in the row.
    const row = JSON.stringify(kept);
    expect(row).not.toContain(ADMIN.password);
    expect(row).not.toContain(ADMIN.email);
    expect(row).not.toContain(new URL(source!.url).host);
    const record = await k.selectFrom('imports').selectAll().execute();
    expect(JSON.stringify(record)).not.toContain(ADMIN.password);

    await second();
    const done = await ended();
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.counts.students).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const students = await k.selectFrom('students').select(['name', 'cpf']).execute();
    expect(students).toEqual([{ name: 'Heloísa Martins Costa', cpf: '52998224725' }]);
    // The run ended: nothing of the sign-in is kept.
    expect(await k.selectFrom('sealed_secrets').selectAll().execute()).toEqual([]);
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('without the key, the sign-in stayed in the first instance: the other one says to send it again', async () => {
    const { second, ended, files } = await start();
    expect(await dynamic(first!.db).selectFrom('sealed_secrets').selectAll().execute()).toEqual([]);
    await second();
    const failed = await ended();
    expect(failed.status).toBe('failed');
    expect(failed.errors[0].message).toContain('o servidor parou');
    fs.rmSync(files, { recursive: true, force: true });
  });
});
