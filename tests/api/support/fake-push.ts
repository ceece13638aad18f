import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

const TLS = path.join(import.meta.dirname, 'tls');
/** The fake's self-signed certificate for 127.0.0.1 (valid until 2126), for the server's HTTPS agent to trust. */
export const FAKE_PUSH_CA = fs.readFileSync(path.join(TLS, 'localhost-cert.pem'));

const b64url = (data: Buffer) => data.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret, made in the test. */
export interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the `k` of the header. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the push was signed with. */
  vapidKey: string;
}

/**
 * A push service on 127.0.0.1 over HTTPS that does what FCM and Mozilla's do with a Web Push request: it refuses
 * (403) one without a valid VAPID signature (RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, the
 * JWT's audience the service's origin, expiring within 24 h) or without `Content-Encoding: aes128gcm` and `TTL`, and
 * answers 201 — or what `answer` says for the device (410 for one gone, 500 for a service in trouble).
 */
export async function startFakePushService(answer: (path: string) => number = () => 201) {
  const received: ReceivedPush[] = [];
  const refused: { path: string; status: number; why: string }[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(path.join(TLS, 'localhost-key.pem')), cert: FAKE_PUSH_CA },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const refuse = (status: number, why: string) => {
          refused.push({ path: req.url ?? '', status, why });
          res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
        };
        if (req.method !== 'POST') return refuse(405, 'method');
        if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'content-encoding');
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'TTL');
        const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
        if (!auth) return refuse(403, 'authorization');
        const [, jwt, vapidKey] = auth;
        const [header, payload, signature] = jwt.split('.');
        const point = Buffer.from(vapidKey, 'base64url');
        const key = createPublicKey({
          key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
          format: 'jwk',
        });
        const signed = verify(
          'sha256',
          Buffer.from(`${header}.${payload}`),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature ?? '', 'base64url'),
        );
        if (!signed) return refuse(403, 'signature');
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        const now = Date.now() / 1000;
        if (claims.aud !== `https://127.0.0.1:${port}`) return refuse(403, 'audience');
        if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return refuse(403, 'expiry');
        if (!/^(mailto:|https:)/.test(String(claims.sub))) return refuse(403, 'subject');
        const status = answer(req.url ?? '');
        if (status === 201) received.push({ path: req.url ?? '', headers: req.headers, body, claims, vapidKey });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'push service says no');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    refused,
    /** A device subscribed at this service: keys made here, as a browser makes them. */
    device(name: string): Device {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `https://127.0.0.1:${port}/push/${name}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
        ecdh,
        authSecret,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What the device reads of a push: the body decrypted as RFC 8291 (Web Push message encryption) over RFC 8188's
 * aes128gcm says, written here from the RFCs (not with the sender's library, so a mistake on one side shows).
 */
export function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
