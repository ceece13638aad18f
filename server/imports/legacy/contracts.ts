import type { AreaContext } from '../../area';
import { contractFileName } from '../../contracts/issued';
import { dynamic, type Db } from '../../db/connection';
import { issueDocument } from '../../documents/issue';
import { mappedId, remember } from './ids';
import type { StudentSnapshot } from './snapshot';
import { NOT_YET, type LegacyWriter } from './writer';

/**
 * Each enrolment's contract (`file_url_contract`, 02 §3), after the student's issued documents: the contract the
 * list brought as a document (its code kept) or, when the source only had the file, that file issued here under a
 * new code. The enrolment then points at it, so the MATRÍCULAS tab offers it instead of "CONTRATO AUSENTE". A contract
 * this school already issued here for the enrolment is left as it is.
 */
export async function copyContracts(
  ctx: AreaContext,
  w: LegacyWriter,
  { record, contracts }: StudentSnapshot,
  studentId: number,
  db: Db,
): Promise<void> {
  const k = dynamic(db);
  for (const r of record.registrations ?? []) {
    if (!r.file_url_contract) continue;
    const brought = (record.documents ?? []).some((d) => d.type === 'CONTRACT' && d.registration_id === r.id);
    if (!brought && !contracts.has(r.id)) continue;
    if ((await mappedId(db, w.source, 'contracts', r.id)) !== null) {
      w.count('contracts', 'unchanged');
      continue;
    }
    const registrationId = await w.idOf('registrations', r.id, db);
    if (w.dryRun || registrationId === null || registrationId === NOT_YET || studentId === NOT_YET) {
      w.count('contracts', 'created');
      continue;
    }
    const enrolment = await k
      .selectFrom('registrations')
      .select('contract_key')
      .where('id', '=', registrationId)
      .executeTakeFirst();
    if (!enrolment) continue;
    if (enrolment.contract_key) {
      w.count('contracts', 'unchanged');
      await remember(db, w.source, 'contracts', r.id, registrationId);
      continue;
    }
    let document = await k
      .selectFrom('documents')
      .select(['id', 'file_name'])
      .where('registration_id', '=', registrationId)
      .where('type', '=', 'CONTRACT')
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const pdf = contracts.get(r.id);
    if (!document && pdf)
      document = await issueDocument(
        db,
        ctx.storage,
        ctx.settings.appUrl,
        {
          studentId,
          registrationId,
          type: 'CONTRACT',
          prefix: 'CONT_',
          documentName: contractFileName(registrationId),
          render: async () => pdf,
        },
        w.userId,
      );
    if (!document) continue;
    const now = new Date().toISOString();
    await k
      .updateTable('registrations')
      .set({ contract_key: `documents/${String(document.file_name)}`, contract_updated_at: now, updated_at: now })
      .where('id', '=', registrationId)
      .execute();
    w.count('contracts', 'created');
    await remember(db, w.source, 'contracts', r.id, registrationId);
  }
}
