import { argon2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Argon2id with OWASP's first configuration (19 MiB, 2 passes, 1 lane): about 35 ms on the 2-core machines
// we test on, where the scrypt N=2^15 used before took about 200 ms and is below OWASP's minimum for scrypt
// (N=2^17, or p=3 at N=2^15). 500 families signing in within a minute (issue 26's bench) fit in a third of one
// core instead of saturating both. The parameters travel in the stored hash (the PHC string format that every
// Argon2 library reads), so they can be raised later; a sign-in upgrades an older hash (`needsRehash`).
export interface Argon2Params {
  memory: number; // KiB
  passes: number;
  parallelism: number;
}
const PARAMS: Argon2Params = { memory: 19456, passes: 2, parallelism: 1 };
const TAG_LENGTH = 32;

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function deriveArgon2(password: string, salt: Buffer, params: Argon2Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password.normalize('NFC'), nonce: salt, tagLength: TAG_LENGTH, ...params },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** Hashes written before Argon2 (`scrypt$N$r$p$salt$key`): still verified, then replaced at the next sign-in. */
function deriveScrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 64, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `params` other than the product's are for tests that sign in hundreds of times (verify reads them from the hash). */
export async function hashPassword(password: string, params: Argon2Params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveArgon2(password, salt, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(key)}`;
}

const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function readArgon2(stored: string): { params: Argon2Params; salt: Buffer; key: Buffer } | undefined {
  const match = ARGON2ID.exec(stored);
  if (!match) return undefined;
  const [memory, passes, parallelism] = match.slice(1, 4).map(Number);
  return {
    params: { memory, passes, parallelism },
    salt: Buffer.from(match[4], 'base64'),
    key: Buffer.from(match[5], 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const argon = readArgon2(stored);
  if (argon) {
    if (argon.salt.length < 8 || argon.key.length < 16) return false;
    const key = await deriveArgon2(password, argon.salt, argon.params);
    return key.length === argon.key.length && timingSafeEqual(key, argon.key);
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const expected = Buffer.from(parts[5], 'base64');
  const key = await deriveScrypt(password, Buffer.from(parts[4], 'base64'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash of an older algorithm or of weaker parameters than today's: the sign-in that matched replaces it. */
export function needsRehash(stored: string): boolean {
  const argon = readArgon2(stored);
  if (!argon) return true;
  const { memory, passes, parallelism } = argon.params;
  return memory < PARAMS.memory || passes < PARAMS.passes || parallelism < PARAMS.parallelism;
}

/** A hash of a random password, so that unknown e-mails cost the same time as wrong passwords. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

/**
 * How many password hashes may run at once for one key (an e-mail, an address), in this process.
 * Each hash holds 19 MiB and a thread of libuv's small pool (shared with file and DNS work): a
 * burst for one e-mail or from one address must not turn into that many hashes at once. A person
 * never signs in twice in the same instant, so one past the cap is refused, not queued.
 */
export class HashSlots {
  private readonly busy = new Map<string, number>();

  /** Runs `work` holding one slot of every key, or answers undefined at once when a key is full. */
  async run<T>(keys: { key: string; max: number }[], work: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (keys.some(({ key, max }) => (this.busy.get(key) ?? 0) >= max)) return undefined;
    for (const { key } of keys) this.busy.set(key, (this.busy.get(key) ?? 0) + 1);
    try {
      return { value: await work() };
    } finally {
      for (const { key } of keys) {
        const left = (this.busy.get(key) ?? 1) - 1;
        if (left > 0) this.busy.set(key, left);
        else this.busy.delete(key);
      }
    }
  }
}
