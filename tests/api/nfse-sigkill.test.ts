import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { makeA1, makeCa } from './support/a1';
import { databaseEnv, killChild, startChildServer, type ChildServer } from './support/child-server';
import { startFakeSefin, type FakeSefin } from './support/fake-sefin';
import { familyCharge, RESTRICTED_SETTINGS, uploadA1 } from './support/nfse-sefin';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const KEY = randomBytes(32);
const ca = makeCa();
const a1 = makeA1(ca, { password: 'senha-do-a1' });

const children: ChildServer[] = [];

/** A server process (support/nfse-child.ts) on the test server's database, running the jobs, once it listens. */
async function startChild(server: TestServer, fake: FakeSefin, files: string): Promise<ChildServer> {
  const child = await startChildServer('nfse-child', {
    ...(await databaseEnv(server, 'NFSE')),
    NFSE_STORAGE_DIR: files,
    NFSE_KEY: KEY.toString('hex'),
    NFSE_SEFIN_URL: fake.url,
    NFSE_CA: ca.certPem,
  });
  children.push(child);
  return child;
}
const kill = killChild;

describeOnDatabases('NFS-e: a server killed with the DPS in flight', (dialect) => {
  let fake: FakeSefin;
  let server: TestServer | undefined;
  beforeAll(async () => {
    fake = await startFakeSefin(ca);
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill));
    await server?.close();
    server = undefined;
  });

  it(
    'resumes after SIGKILL on the same database and ends with one note at the service and one emitida row',
    { timeout: 180_000 },
    async () => {
      const files = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-nfse-files-'));
      // The test's own server takes the office's requests and runs no one-off job: the child process issues.
      server = await startServer(dialect, { encryptionKey: KEY, nfse: { sefinUrl: fake.url, ca: ca.certPem } });
      const token = await server.session();
      expect((await uploadA1(server, token, a1, 'senha-do-a1')).status).toBe(200);
      const saved = await server.request('PUT', '/api/nfse/settings', { token, body: RESTRICTED_SETTINGS });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const f = await familyCharge(server, token, 'Helena Castro Nunes', 1);

      // The service issues the note and holds its answer: the DPS is in flight when the process dies.
      fake.next = ['issue-and-hold'];
      const first = await startChild(server, fake, files);
      expect((await server.request('PUT', `/api/financials/${f.charge}`, { token, body: { paid: 1 } })).status).toBe(
        200,
      );
      await expect.poll(() => fake.issued.size, { timeout: 30_000, interval: 50 }).toBe(1);
      const [note] = [...fake.issued.values()];
      const invoices = () =>
        dynamic(server!.db).selectFrom('nfse_invoices').selectAll().where('financial_id', '=', f.charge).execute();
      expect((await invoices()).map((r) => r.status)).toEqual(['pendente']);
      await kill(first);
      expect(first.process.signalCode).toBe('SIGKILL');

      // Started again in its slot: the job it held runs again, sends the same DPS and reads the note back.
      const again = await startChild(server, fake, files);
      await expect
        .poll(async () => (await invoices()).map((r) => r.status), { timeout: 60_000, interval: 100 })
        .toEqual(['emitida']);
      const [row] = await invoices();
      expect({ number: row.number, access_key: row.access_key }).toEqual({
        number: String(note.number),
        access_key: note.accessKey,
      });
      expect(fake.received).toEqual([note.id, note.id]);
      expect(fake.issued.size).toBe(1);
      const job = await dynamic(server.db)
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', 'nfse.issue')
        .executeTakeFirstOrThrow();
      expect(Number(job.attempts)).toBe(2);
      await expect.poll(async () => (await invoices())[0].document_id, { timeout: 30_000 }).not.toBeNull();
      expect(again.output()).not.toMatch(/Error/);
      fs.rmSync(files, { recursive: true, force: true });
    },
  );
});
