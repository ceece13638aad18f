import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a notification's `ts` may be from now: an older (replayed) or future one is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The text Mercado Pago signs: `id:{data.id};request-id:{x-request-id};ts:{ts};` (ids lower case). */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  return `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
}

/** `x-signature: ts=…,v1=…` for a notification, as the provider (and our sandbox) send it. */
export function signNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'forged' };

/** Checks `x-signature` over the manifest with HMAC-SHA256, in constant time, and its age. */
export function verifyNotification(input: {
  secret: string;
  signature?: string;
  requestId?: string;
  dataId?: string;
  now?: number;
}): SignatureCheck {
  const { secret, signature, requestId, dataId } = input;
  if (!signature || !requestId || !dataId) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(signature.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !/^\d{1,13}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  // The provider has sent `ts` in seconds and in milliseconds; either is read as an instant.
  const seconds = ts.length > 11 ? Number(ts) / 1000 : Number(ts);
  const now = (input.now ?? Date.now()) / 1000;
  if (Math.abs(now - seconds) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signNotification(secret, dataId, requestId, ts).split('v1=')[1], 'hex');
  const given = Buffer.from(v1, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, reason: 'forged' };
}
