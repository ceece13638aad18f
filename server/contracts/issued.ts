import { registrationNumber } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { documentKey } from '../documents/routes';
import { isStorageKey, type Storage } from '../storage/storage';

/** The name a contract is downloaded under, from the contract route and from the student's documents alike. */
export const contractFileName = (registrationId: number) => `contrato-${registrationNumber(registrationId)}.pdf`;

/**
 * Withdraws an enrolment's issued contracts older than `keepId` (all of them without it): their codes stop
 * verifying at once, and the keys of their files are answered, for the caller to remove once this is committed
 * (`removeContractFiles`). Older only, so two generations racing keep the newer contract. A contract stored before
 * contracts were issued documents (a `contracts/` key) goes with them.
 */
export async function withdrawContractRows(
  db: Db,
  registrationId: number,
  legacyKey: string | null,
  keepId?: number,
): Promise<string[]> {
  const k = dynamic(db);
  let query = k
    .selectFrom('documents')
    .select(['id', 'file_name'])
    .where('registration_id', '=', registrationId)
    .where('type', '=', 'CONTRACT');
  if (keepId !== undefined) query = query.where('id', '<', keepId);
  const older = await query.execute();
  if (older.length)
    await k
      .deleteFrom('documents')
      .where(
        'id',
        'in',
        older.map((o) => o.id),
      )
      .execute();
  const keys = older.map((o) => documentKey(String(o.file_name))).filter((key): key is string => key !== null);
  if (legacyKey && legacyKey.startsWith('contracts/')) keys.push(legacyKey);
  return keys;
}

/** The files of withdrawn contracts, removed once their rows are gone for good. */
export async function removeContractFiles(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) if (isStorageKey(key)) await storage.delete(key);
}
