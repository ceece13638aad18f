import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dynamic } from '../../server/db/connection';
import { loadConfig } from '../../server/config';
import { databaseEnv, killChild, startChildServer, type ChildServer } from './support/child-server';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const children: ChildServer[] = [];

/** A server process in `slot` on the test server's database (support/lease-child.ts), once it listens. */
async function startChild(server: TestServer, slot: string): Promise<ChildServer> {
  const child = await startChildServer('lease-child', {
    ...(await databaseEnv(server, 'LEASE')),
    LEASE_SLOT: slot,
  });
  children.push(child);
  return child;
}
const kill = killChild;

describeOnDatabases('job leases after a crash', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill));
    await server?.close();
    server = undefined;
  });

  it(
    'runs the interrupted task and job again as soon as the server is back in its slot, while another slot waits',
    { timeout: 180_000 },
    async () => {
      server = await startServer(dialect);
      await server.app.jobs.enqueue('teste.avulsa', {});

      const first = await startChild(server, 'escola:127.0.0.1:8080');
      await expect.poll(first.output, { timeout: 20_000 }).toContain('tarefa começou');
      await expect.poll(first.output, { timeout: 20_000 }).toContain('avulsa tentativa 1');
      await kill(first);

      // Another process slot (a second server on the database) respects the dead one's leases until they end.
      const ran: string[] = [];
      const other = await buildApp({
        db: server.db,
        tokenTtlHours: 1,
        jobs: { slot: 'escola:127.0.0.1:8081', pollMs: 100 },
      });
      other.jobs.every('teste.longa', 3_600_000, async () => void ran.push('tarefa'));
      other.jobs.handle('teste.avulsa', async () => void ran.push('avulsa'));
      await other.listen({ port: 0, host: '127.0.0.1' });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await other.close();
      expect(ran).toEqual([]);

      // The same slot again: what the dead process held is released at start and runs at once.
      const again = await startChild(server, 'escola:127.0.0.1:8080');
      const listening = Date.now();
      await expect.poll(again.output, { timeout: 20_000 }).toContain('tarefa começou');
      await expect.poll(again.output, { timeout: 20_000 }).toContain('avulsa tentativa 2');
      // Well within the lease the dead process had taken (a minute now, ten before).
      expect(Date.now() - listening).toBeLessThan(15_000);
      const job = await dynamic(server.db).selectFrom('jobs').select(['status', 'attempts']).executeTakeFirstOrThrow();
      expect({ status: job.status, attempts: Number(job.attempts) }).toEqual({ status: 'running', attempts: 2 });
    },
  );
});

it('names the process slot after the host, address and port, or INSTANCE_NAME; none on a random port', () => {
  expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).instanceName).toMatch(/^.+:0\.0\.0\.0:8080$/);
  expect(loadConfig({ PORT: '8080', INSTANCE_NAME: 'secretaria-1' }).instanceName).toBe('secretaria-1');
  expect(loadConfig({ PORT: '0' }).instanceName).toBeUndefined();
});
