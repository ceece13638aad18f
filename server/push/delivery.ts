import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import { dynamic, type Db } from '../db/connection';
import { backoffMs } from '../jobs/backoff';
import { pushServiceAllowed } from './services';

/** What a device shows: the notice's title and text, and the portal page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface PushSettings {
  /** The VAPID pair (base64url, as `web-push generate-vapid-keys` prints it). */
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address the push services may write to (RFC 8292). */
  subject: string;
  /** Host names a subscription's endpoint may point at (see services.ts); the well-known push services by default. */
  serviceHosts?: string[];
  /** The HTTPS agent for the push services (tests trust their local fake's certificate through it). */
  agent?: Agent;
  /** Tries per push before it is dropped. */
  maxAttempts?: number;
  /** Wait after a first failed try, doubled after each next one. */
  retryBaseMs?: number;
  /** How long one try may wait for the push service. */
  timeoutMs?: number;
}

const DEFAULTS = { maxAttempts: 5, retryBaseMs: 60_000, timeoutMs: 15_000 };

/** A push service keeps a notice this long for a device that is off (24 h: a notice older than a day is stale). */
const TTL_SECONDS = 24 * 3600;

/** The devices of a recipient of the sweep, opted in by their portal account or, for 'user:5', by the staff user. */
function devicesOf(tx: Db, recipientKey: string) {
  const [kind, id] = recipientKey.split(':');
  const k = dynamic(tx);
  if (kind === 'user')
    return k.selectFrom('push_subscriptions').select('id').where('user_id', '=', Number(id)).execute();
  const column = kind === 'guardian' ? 'a.guardian_id' : kind === 'student' ? 'a.student_id' : undefined;
  if (!column) return Promise.resolve([]);
  return k
    .selectFrom('push_subscriptions as p')
    .innerJoin('portal_accounts as a', 'a.id', 'p.account_id')
    .select('p.id')
    .where(column, '=', Number(id))
    .where('a.revoked_at', 'is', null)
    .execute();
}

/**
 * Writes the pushes of one notice for a recipient of the sweep ('guardian:3', 'student:9', 'user:5'): one per device
 * the recipient opted in. Runs inside the transaction that claims the notice, so the pushes and the e-mail are
 * written together or not at all.
 */
export async function queuePush(tx: Db, recipientKey: string, message: PushMessage, now: string): Promise<number> {
  const k = dynamic(tx);
  const devices = await devicesOf(tx, recipientKey);
  if (!devices.length) return 0;
  const payload = JSON.stringify({ ...message, body: message.body.slice(0, 400) });
  await k
    .insertInto('push_messages')
    .values(devices.map((d) => ({ subscription_id: d.id, payload, next_attempt_at: now, created_at: now })))
    .execute();
  return devices.length;
}

interface Claimed {
  id: number;
  subscription_id: number;
  payload: string;
  attempts: number;
}

/** One due push, taken in one atomic statement: with several instances on one database each push leaves once. */
async function claim(db: Db, leaseMs: number): Promise<Claimed | undefined> {
  const k = dynamic(db);
  const now = new Date().toISOString();
  const lease = new Date(Date.now() + leaseMs).toISOString();
  const free = (eb: any) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]); // eslint-disable-line @typescript-eslint/no-explicit-any
  const due = k
    .selectFrom('push_messages')
    .select('id')
    .where('next_attempt_at', '<=', now)
    .where(free)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1);
  const row = await k
    .updateTable('push_messages')
    .set({ claimed_until: lease, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    // Checked again on the row itself: another instance may have claimed it since the subquery read it.
    .where(free)
    .returning(['id', 'subscription_id', 'payload', 'attempts'])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    subscription_id: Number(row.subscription_id),
    payload: String(row.payload),
    attempts: Number(row.attempts),
  };
}

export interface PushPass {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410), removed with their pushes. */
  gone: number;
  failed: number;
}

/**
 * Sends every due push, one at a time, never inside a request (the job runner's task `push.deliver`). A push the
 * service took is deleted; a subscription it answers 404 or 410 for (the device unsubscribed, the app uninstalled)
 * is removed with its pushes; any other failure waits and is tried again, up to `maxAttempts`. Logs carry ids and
 * status codes only: an endpoint identifies a device.
 */
export async function deliverPushes(db: Db, settings: PushSettings, log?: FastifyBaseLogger): Promise<PushPass> {
  const options = { ...DEFAULTS, ...settings };
  const k = dynamic(db);
  const pass: PushPass = { sent: 0, gone: 0, failed: 0 };
  // Longer than a try can last, so no other instance takes the push meanwhile.
  const leaseMs = options.timeoutMs * 2 + 10_000;
  for (let row = await claim(db, leaseMs); row; row = await claim(db, leaseMs)) {
    const device = await k
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('id', '=', row.subscription_id)
      .executeTakeFirst();
    if (!device || !pushServiceAllowed(String(device.endpoint), options.serviceHosts)) {
      await k.deleteFrom('push_messages').where('id', '=', row.id).execute();
      continue;
    }
    try {
      await webpush.sendNotification(
        { endpoint: String(device.endpoint), keys: { p256dh: String(device.p256dh), auth: String(device.auth) } },
        row.payload,
        {
          vapidDetails: { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey },
          TTL: TTL_SECONDS,
          timeout: options.timeoutMs,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      await k.deleteFrom('push_messages').where('id', '=', row.id).execute();
      pass.sent++;
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await k.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
        log?.info({ subscriptionId: row.subscription_id, status }, 'push subscription gone: removed');
        pass.gone++;
        continue;
      }
      pass.failed++;
      // 400 and 413 (a payload the service refuses) will not pass on a retry either.
      const last = row.attempts >= options.maxAttempts || status === 400 || status === 413;
      log?.warn(
        { pushId: row.id, attempt: row.attempts, status, code: (error as { code?: unknown })?.code },
        last ? 'push not delivered: giving up' : 'push not delivered: will retry',
      );
      if (last) await k.deleteFrom('push_messages').where('id', '=', row.id).execute();
      else
        await k
          .updateTable('push_messages')
          .set({
            claimed_until: null,
            next_attempt_at: new Date(
              Date.now() + backoffMs(row.attempts, { baseMs: options.retryBaseMs, maxMs: 3_600_000 }),
            ).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
    }
  }
  return pass;
}
