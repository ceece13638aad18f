import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { open, parseEncryptionKey, seal } from '../../server/secrets/seal';

const key = randomBytes(32);

it('seals a secret so that only the same key and name open it', () => {
  const sealed = seal(key, 'senha-do-sistema-antigo', 'imports.legacy:7');
  expect(sealed).not.toContain('senha');
  expect(open(key, sealed, 'imports.legacy:7')).toBe('senha-do-sistema-antigo');
  // Two seals of the same secret differ (a new nonce each time).
  expect(seal(key, 'senha-do-sistema-antigo', 'imports.legacy:7')).not.toBe(sealed);
  expect(() => open(randomBytes(32), sealed, 'imports.legacy:7')).toThrow('não abre');
  expect(() => open(key, sealed, 'imports.legacy:8')).toThrow('não abre');
  const [v, iv, tag, body] = sealed.split('.');
  const flipped = Buffer.from(body, 'base64url');
  flipped[0] ^= 1;
  expect(() => open(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'imports.legacy:7')).toThrow();
});

it('reads the key as 32 bytes in base64 or hex, and says how to make one otherwise', () => {
  expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
  expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
  expect(parseEncryptionKey('curta')).toContain('openssl rand -base64 32');
  expect(loadConfig({ SECRETARIA_ENCRYPTION_KEY: key.toString('base64') }).encryptionKey).toEqual(key);
  expect(loadConfig({}).encryptionKey).toBeUndefined();
  expect(() => loadConfig({ SECRETARIA_ENCRYPTION_KEY: randomBytes(16).toString('hex') })).toThrow(
    /SECRETARIA_ENCRYPTION_KEY: deve ter 32 bytes/,
  );
});
