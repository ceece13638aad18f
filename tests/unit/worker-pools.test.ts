import { afterAll, expect, it } from 'vitest';
import type { ImportThreadResult } from '../../server/imports/thread-tasks';
import { readPacked } from '../../server/imports/service';
import { closeWorkers, runInWorker, threadCounts } from '../../server/workers/pool';

/**
 * The import's thread (issue 37's bench: server RSS under 300 MB while a school moves in): the file is moved to it,
 * not copied, and the thread, its heap grown with the file, ends as soon as it is idle instead of waiting 60 s.
 */
afterAll(closeWorkers);

async function studentsTemplate(): Promise<Uint8Array> {
  const result = await runInWorker<ImportThreadResult>({
    kind: 'import-template',
    importKind: 'students',
    format: 'csv',
    lists: {},
  });
  if (!('bytes' in result)) throw new Error('o modelo não veio');
  return result.bytes;
}

it('moves a file that owns its memory to the thread, and copies a slice of a shared buffer', async () => {
  const template = Buffer.from(await studentsTemplate());
  const owned = new Uint8Array(template);
  const packed = await readPacked('students', owned);
  expect(packed.total).toBe(1);
  expect(owned.byteLength).toBe(0);

  // A small Buffer is a slice of Node's shared pool: moving its memory would empty the Buffers beside it.
  const pooled = Buffer.from(template.toString('utf8'));
  const neighbour = Buffer.from('Maria das Graças');
  expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
  expect((await readPacked('students', pooled)).total).toBe(1);
  expect(pooled.toString('utf8')).toBe(template.toString('utf8'));
  expect(neighbour.toString('utf8')).toBe('Maria das Graças');
});

it('ends the import thread as soon as it is idle', async () => {
  await studentsTemplate();
  await expect.poll(() => threadCounts().imports, { timeout: 5_000 }).toBe(0);
});
