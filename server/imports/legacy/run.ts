import type { FastifyBaseLogger } from 'fastify';
import type { AreaContext } from '../../area';
import { importRow, updateImport } from '../record';
import { copySnapshot } from './copy';
import type { CredentialStore } from './credentials';
import { readSnapshot } from './snapshot';
import { DEFAULT_LIMITS, LegacyError, LegacySource, type SourceLimits } from './source';
import { LegacyWriter, type Counts } from './writer';

export const LEGACY_JOB = 'imports.legacy';

export interface Credentials {
  root: string;
  email: string;
  password: string;
}

/** The limits of every run (tests shorten them to meet a hanging server in seconds). */
export const legacyLimits: SourceLimits = { ...DEFAULT_LIMITS };

/** A run taken over after its server stopped: the password went with that process's memory (no encryption key). */
const LOST_CREDENTIALS =
  'A importação foi interrompida (o servidor parou). O que já foi copiado fica; envie-a de novo com o e-mail e a ' +
  'senha para continuar.';
const UNEXPECTED =
  'A importação parou por um erro inesperado. O que já foi copiado fica; uma nova execução continua de onde parou.';

function totals(counts: Counts) {
  const sum = { created: 0, updated: 0, unchanged: 0 };
  for (const c of Object.values(counts)) {
    sum.created += c.created;
    sum.updated += c.updated;
    sum.unchanged += c.unchanged;
  }
  return sum;
}

/**
 * One run (the job): sign in, read and check everything, then write (or, in a dry run, only count). Whatever the
 * source does, the run ends `done`, `preview` or `failed` with a message in Portuguese — never a half-told story.
 */
export async function runLegacyImport(
  ctx: AreaContext,
  id: number,
  credentials: CredentialStore,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await runWith(ctx, id, credentials, signal, log);
  } finally {
    // Kept until the run ends, whatever the end: a retry on another instance reads it, nothing keeps it after.
    await credentials.forget(id);
  }
}

async function runWith(
  ctx: AreaContext,
  id: number,
  credentials: CredentialStore,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const row = await importRow(ctx.db, id);
  if (!row) return;
  const given = await credentials.read(id);
  const fail = (message: string) =>
    updateImport(ctx.db, id, {
      status: 'failed',
      errors: JSON.stringify([{ line: 0, column: 'base_url', message }]),
      error_count: 1,
      finished_at: new Date().toISOString(),
    });
  if (!given) return fail(LOST_CREDENTIALS);
  const dryRun = Number(row.dry_run) === 1;
  const userId = row.created_by === null ? undefined : Number(row.created_by);
  await updateImport(ctx.db, id, { status: 'running' });
  let writer: LegacyWriter | undefined;
  try {
    const source = new LegacySource(new URL(given.root), legacyLimits, signal);
    await source.login(given.email, given.password);
    let readTotal = 0;
    const snapshot = await readSnapshot(source, (done, total) => {
      readTotal = total;
      return updateImport(ctx.db, id, { done, total: total * 2 });
    });
    const w = (writer = new LegacyWriter(ctx.db, source.host, userId, dryRun, ctx.resources));
    let written = 0;
    await copySnapshot(ctx, w, snapshot, () =>
      updateImport(ctx.db, id, { done: readTotal + ++written, counts: JSON.stringify(w.counts) }),
    );
    const sum = totals(w.counts);
    await updateImport(ctx.db, id, {
      status: dryRun ? 'preview' : 'done',
      done: readTotal * 2,
      total: readTotal * 2,
      valid: snapshot.students.length,
      ...sum,
      counts: JSON.stringify(w.counts),
      finished_at: new Date().toISOString(),
    });
  } catch (error) {
    if (writer) await updateImport(ctx.db, id, { counts: JSON.stringify(writer.counts), ...totals(writer.counts) });
    if (error instanceof LegacyError) return fail(error.message);
    // Only the error's kind and message: no request of the source (with its token) goes to the log.
    log.error(
      { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
      'legacy import failed',
    );
    return fail(UNEXPECTED);
  }
}
