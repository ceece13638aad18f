import { randomBytes } from 'node:crypto';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';

const NAME = 'installation-id';
const known = new WeakMap<Db, Promise<string>>();

async function readOrCreate(db: Db): Promise<string> {
  const k = dynamic(db);
  try {
    await k
      .insertInto('app_secrets')
      .values({ name: NAME, value: randomBytes(8).toString('hex') })
      .execute();
  } catch (error) {
    // Another instance on the same database made it first: theirs is the installation's.
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await k.selectFrom('app_secrets').select('value').where('name', '=', NAME).executeTakeFirstOrThrow();
  return String(row.value);
}

/**
 * This installation's id: 16 random hex digits made once, at the first start that asks, and kept in the database, so
 * that every instance on it says the same. It starts every idempotency key sent to the payment provider: two schools
 * (or a test and a production install) on one Mercado Pago account count their charges from 1 alike, and a key of
 * charge ids alone gave one school the other's PIX.
 */
export function installationId(db: Db): Promise<string> {
  let id = known.get(db);
  if (!id) {
    id = readOrCreate(db);
    // A failure (the database away at that instant) is not remembered: the next call tries again.
    id.catch(() => known.delete(db));
    known.set(db, id);
  }
  return id;
}

/** The key of one attempt to charge `chargeId` by `method`: same installation, charge and attempt, same key. */
export async function idempotencyKey(db: Db, chargeId: number, method: string, attempt: number): Promise<string> {
  return `secretaria-${await installationId(db)}-${chargeId}-${method}-${attempt}`;
}
