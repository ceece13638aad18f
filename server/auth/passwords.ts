import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15 costs ~50 ms and 32 MiB per hash: slow enough to make guessing expensive,
// cheap enough for a login. The parameters travel inside the stored hash so they can be raised later.
const PARAMS = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `params` other than the product's are for tests that sign in hundreds of times (verify reads them from the hash). */
export async function hashPassword(password: string, params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await derive(password, salt, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, so that unknown e-mails cost the same time as wrong passwords. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

/**
 * How many password hashes may run at once for one key (an e-mail, an address), in this process.
 * Each scrypt holds 32 MiB and a thread of libuv's small pool (shared with file and DNS work): a
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
