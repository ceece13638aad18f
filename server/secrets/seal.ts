import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with the install's key (SECRETARIA_ENCRYPTION_KEY): `seal` gives text safe to store, `open` gives the
 * secret back or throws when the text was changed, sealed under another key or for another `context` (the name
 * the secret is kept under, bound as additional data so that a sealed value copied to another row does not open).
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export class SealError extends Error {}

/** The key as configured: 32 bytes in base64 (44 characters) or hexadecimal (64); a message in Portuguese if not. */
export function parseEncryptionKey(text: string): Buffer | string {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  if (bytes?.length === 32) return bytes;
  return 'deve ter 32 bytes, em base64 (44 caracteres) ou hexadecimal (64 caracteres); gere com: openssl rand -base64 32';
}

export function seal(key: Buffer, secret: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new SealError('valor selado inválido');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // Never the cause's text: it could hold nothing useful, and the value is a secret.
    throw new SealError('o valor selado não abre com esta chave');
  }
}
