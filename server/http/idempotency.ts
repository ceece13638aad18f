import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { ApiError, validationError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write a client may send again after losing its answer (the lessons' offline outbox): with an
     * `Idempotency-Key` header, the first answer per user and key is kept a day and answers every replay.
     */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first one. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long the first answer to a key is kept. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds its key while its request runs: past it (its instance died mid-request) a replay
 * takes the key over. Far longer than any write that opts in takes; a takeover of a request that is in fact
 * still running is safe where it matters, because `settleWithin` commits only for the claim's owner.
 */
export const LEASE_MS = 2 * 60 * 1000;
/** How long a replay waits for the first request with its key before answering 409. */
const WAIT_MS = 3_000;
const POLL_MS = 100;
/** Expired rows are swept on write, at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export const IN_PROGRESS_MESSAGE =
  'Requisição em andamento: esta mesma operação ainda está sendo processada. Tente de novo em instantes.';
export const KEY_REUSED_MESSAGE =
  'Esta chave de idempotência (Idempotency-Key) já foi usada com outra requisição: gere uma chave nova para cada operação.';
const KEY_INVALID_MESSAGE =
  'Chave de idempotência (Idempotency-Key) inválida: use de 1 a 200 caracteres visíveis, sem espaços.';

interface Claim {
  userId: number;
  key: string;
  owner: string;
  /** The answer was already stored, inside the route's own transaction. */
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();
/** The database, or a transaction of it. */
type Writer = ReturnType<typeof dynamic>;

/** The request as asked (method, path with query, body): the same key with anything else is another request. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** The key of a request, when it sent one; a malformed one is a 422, never silently ignored. */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) throw validationError({ 'Idempotency-Key': [KEY_INVALID_MESSAGE] });
  return key;
}

interface Stored {
  fingerprint: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
}

/**
 * Claims the key for this attempt in one statement: a new key, one whose answer expired, or one whose claim ran
 * out (same request only) becomes ours; otherwise the row as it stands is answered, for the caller to decide.
 */
async function claim(db: Db, userId: number, key: string, fingerprint: string): Promise<Claim | Stored> {
  const now = new Date();
  const owner = randomBytes(12).toString('hex');
  const row = {
    user_id: userId,
    key,
    fingerprint,
    owner,
    locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
    status: null,
    body: null,
    content_type: null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + KEEP_MS).toISOString(),
  };
  const k = dynamic(db);
  const taken = await k
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet(row)
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.expires_at', '<', now.toISOString()),
            eb.and([
              eb('idempotency_keys.status', 'is', null),
              eb('idempotency_keys.locked_until', '<', now.toISOString()),
              eb('idempotency_keys.fingerprint', '=', fingerprint),
            ]),
          ]),
        ),
    )
    .returning('owner')
    .executeTakeFirst();
  if (taken?.owner === owner) return { userId, key, owner, settled: false };
  const stored = await k
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body', 'content_type'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Gone between the two statements (swept, or released by a failed first attempt): claim again.
  if (!stored) return claim(db, userId, key, fingerprint);
  return {
    fingerprint: String(stored.fingerprint),
    status: stored.status == null ? null : Number(stored.status),
    body: stored.body == null ? null : String(stored.body),
    content_type: stored.content_type == null ? null : String(stored.content_type),
  };
}

function replay(reply: FastifyReply, stored: Stored): FastifyReply {
  return reply
    .code(stored.status!)
    .header('content-type', stored.content_type ?? 'application/json; charset=utf-8')
    .header(REPLAYED_HEADER, 'true')
    .send(stored.body ?? '');
}

/** The answer kept for the claim's owner only: a claim taken over meanwhile leaves the other's answer alone. */
async function store(k: Writer, c: Claim, status: number, body: string, type: string) {
  const result = await k
    .updateTable('idempotency_keys')
    .set({ status, body, content_type: type, locked_until: null })
    .where('user_id', '=', c.userId)
    .where('key', '=', c.key)
    .where('owner', '=', c.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores the answer of an idempotent request inside the route's own transaction (`trx`), so that its write
 * and the answer to its replays commit together: a crash between them cannot make a replay write again. When
 * the key was taken over meanwhile (this request outlived its lease), the transaction is refused with a 409.
 * Without a key (or on a route that does not opt in) it does nothing.
 */
export async function settleWithin(request: FastifyRequest, trx: Writer, status: number, body: unknown) {
  const c = claims.get(request);
  if (!c) return;
  if (!(await store(trx, c, status, JSON.stringify(body), 'application/json; charset=utf-8')))
    throw new ApiError(409, IN_PROGRESS_MESSAGE);
  c.settled = true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Routes declaring `config: { idempotent: true }` honour an `Idempotency-Key` header per signed-in user: the
 * first request with a key runs and its answer (below 500) is kept a day; a replay with the same request gets
 * that answer again (header `Idempotent-Replayed: true`), one with another request 422, and one while the first
 * still runs waits up to 3 s for its answer, then 409. A 5xx keeps nothing: the key is free for a retry.
 */
export function installIdempotency(app: FastifyInstance, db: Db): void {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await dynamic(db).deleteFrom('idempotency_keys').where('expires_at', '<', new Date().toISOString()).execute();
  };

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const key = keyOf(request);
    const userId = request.user?.id;
    if (key === undefined || userId === undefined) return;
    await sweep();
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await claim(db, userId, key, fingerprint);
      if ('settled' in found) {
        claims.set(request, found);
        return;
      }
      if (found.fingerprint !== fingerprint) throw validationError({ 'Idempotency-Key': [KEY_REUSED_MESSAGE] });
      if (found.status !== null) return replay(reply, found);
      if (Date.now() >= deadline)
        return reply.code(409).header('retry-after', '1').send({ message: IN_PROGRESS_MESSAGE });
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const c = claims.get(request);
    if (!c || c.settled) return payload;
    claims.delete(request);
    const k = dynamic(db);
    try {
      if (reply.statusCode >= 500) {
        // Nothing to replay: the key is freed for the client's retry to run again.
        await k
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', c.userId)
          .where('key', '=', c.key)
          .where('owner', '=', c.owner)
          .execute();
      } else {
        const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        await store(k, c, reply.statusCode, body, type);
      }
    } catch (error) {
      // The answer still goes out; a replay then waits for the lease and runs again (only the code is logged).
      request.log.warn({ code: (error as { code?: string }).code }, 'idempotency answer not stored');
    }
    return payload;
  });
}
