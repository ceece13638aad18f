import { dynamic, type Db } from '../db/connection';
import { issueDocument, issuedFileName } from '../documents/issue';
import { loadSettings } from '../school/routes';
import type { Storage } from '../storage/storage';
import { renderPdf } from '../workers/pdf';
import { InvoiceConfigError } from './index';
import { invoiceById, ISSUE_TRIES, type InvoiceRow } from './records';
import { TransientInvoiceError, type DpsInput, type InvoiceError, type IssueResult } from './service';
import { serviceCodeOf } from './service-code';
import { invoiceSetupOf, type FlowSettings } from './setup';
import { chargePayer, danfseTaker, takerOf } from './taker';

export const NOT_CONFIGURED =
  'A nota fiscal não está configurada: preencha Administração › Escola › Nota fiscal para emitir notas.';
/** What the office reads when the service kept failing (timeouts, 5xx) through every try. */
export const SERVICE_DOWN = 'O serviço da NFS-e não respondeu depois de várias tentativas. Tente reenviar mais tarde.';

/** The DPS's emission time in the school's offset, as the layout writes it (2027-03-25T10:15:00-03:00). */
function schoolDateTime(at: Date): string {
  const local = new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

/** Writes the outcome over a 'pendente' invoice only: a second run of the same job changes nothing. */
async function record(db: Db, invoice: InvoiceRow, columns: Record<string, unknown>): Promise<boolean> {
  const done = await dynamic(db)
    .updateTable('nfse_invoices')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('id', '=', invoice.id)
    .where('status', '=', 'pendente')
    .where('submissions', '=', invoice.submissions)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

const refuse = (db: Db, invoice: InvoiceRow, errors: InvoiceError[]) =>
  record(db, invoice, { status: 'rejeitada', errors: JSON.stringify(errors) });

/** The DANFSe drawn and stored as an issued document of the student's, linked to its invoice. */
export async function storeDanfse(
  db: Db,
  storage: Storage,
  appUrl: string,
  invoice: InvoiceRow,
  settings: FlowSettings,
): Promise<void> {
  const { payer, studentId } = await chargePayer(db, invoice.financial_id);
  const charge = await dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['f.registration_id', 's.cpf'])
    .where('f.id', '=', invoice.financial_id)
    .executeTakeFirstOrThrow();
  const school = await loadSettings(db);
  const serviceCode = await serviceCodeOf(db, invoice.financial_id, settings.service_code);
  const document = await issueDocument(
    db,
    storage,
    appUrl,
    {
      studentId,
      registrationId: Number(charge.registration_id),
      type: 'NFSE',
      prefix: 'NFSE_',
      documentName: issuedFileName('NFSE', Number(charge.registration_id), charge.cpf),
      render: (code, url) =>
        renderPdf('danfse', {
          issuer: {
            name: school.school_name,
            cnpj: settings.cnpj,
            inscricaoMunicipal: settings.inscricao_municipal,
            municipioIbge: settings.municipio_ibge,
          },
          taker: danfseTaker(payer),
          number: invoice.number ?? '',
          accessKey: invoice.access_key ?? '',
          issuedAt: invoice.issued_at ?? new Date().toISOString(),
          competence: invoice.competence,
          dps: { series: invoice.dps_series, number: invoice.dps_number },
          serviceCode,
          description: invoice.description,
          amountCents: invoice.amount_cents,
          issRate: settings.iss_rate,
          simulated: invoice.simulated,
          code,
          verificationUrl: url,
        }),
    },
    undefined,
  );
  await dynamic(db)
    .updateTable('nfse_invoices')
    .set({ document_id: document.id, updated_at: new Date().toISOString() })
    .where('id', '=', invoice.id)
    .where('document_id', 'is', null)
    .execute();
}

export interface IssueJob {
  db: Db;
  storage: Storage;
  appUrl: string;
  invoiceId: number;
  attempt: number;
}

/**
 * The `nfse.issue` job: sends a pending invoice's DPS and records what the service answers. Exactly once per
 * payment: the runner gives the job to one instance at a time; the DPS number is the invoice's for good, so a try
 * resent after a crash (or a timeout the service had in fact answered) is the same DPS, which the service answers
 * with the NFS-e it already issued; the outcome is written over a 'pendente' row only. A timeout or a 5xx is thrown
 * again for the runner to retry with backoff; on the last try the office is told.
 */
export async function runIssueJob(job: IssueJob): Promise<void> {
  const { db } = job;
  let invoice = await invoiceById(db, job.invoiceId);
  if (!invoice) return;
  const setup = invoiceSetupOf(db);
  const settings = await setup.settings(db);
  // Issued by a try that stopped before its DANFSe: only the file is missing.
  if (invoice.status === 'emitida' && invoice.document_id === null && settings) {
    await storeDanfse(db, job.storage, job.appUrl, invoice, settings);
    return;
  }
  if (invoice.status !== 'pendente') return;
  let service;
  try {
    service = settings ? await setup.service(db) : null;
  } catch (error) {
    // A setting the office must fix (the certificate expired, no encryption key): told on the invoice.
    if (!(error instanceof InvoiceConfigError)) throw error;
    await refuse(db, invoice, [{ code: 'CONFIGURACAO', message: error.message }]);
    return;
  }
  if (!settings || !service) {
    await refuse(db, invoice, [{ code: 'CONFIGURACAO', message: NOT_CONFIGURED }]);
    return;
  }
  const { payer } = await chargePayer(db, invoice.financial_id);
  const taker = takerOf(payer);
  if ('errors' in taker) {
    await refuse(db, invoice, taker.errors);
    return;
  }
  const replaced = invoice.replaces_id === null ? null : await invoiceById(db, invoice.replaces_id);
  const dps: DpsInput = {
    series: invoice.dps_series,
    number: invoice.dps_number,
    competence: invoice.competence,
    issuedAt: schoolDateTime(new Date()),
    taker: taker.taker,
    amountCents: invoice.amount_cents,
    serviceCode: await serviceCodeOf(db, invoice.financial_id, settings.service_code),
    description: invoice.description,
    replacesAccessKey: replaced?.access_key ?? null,
  };
  let result: IssueResult;
  try {
    result = await service.issue(dps);
  } catch (error) {
    if (error instanceof TransientInvoiceError && job.attempt >= ISSUE_TRIES)
      await refuse(db, invoice, [{ code: 'INDISPONIVEL', message: SERVICE_DOWN }]);
    throw error;
  }
  if (result.outcome === 'rejeitada') {
    await refuse(db, invoice, result.errors);
    return;
  }
  const issued = await record(db, invoice, {
    status: 'emitida',
    number: result.number,
    access_key: result.accessKey,
    issued_at: result.issuedAt,
    xml: result.xml,
    simulated: result.simulated ? 1 : 0,
    errors: null,
  });
  if (!issued) return;
  // A substitute takes the place of the invoice it replaces, which the service cancelled by substitution.
  if (replaced)
    await dynamic(db)
      .updateTable('nfse_invoices')
      .set({ status: 'cancelada', cancelled_at: result.issuedAt, cancel_reason: 'Substituída por outra nota.' })
      .where('id', '=', replaced.id)
      .execute();
  invoice = (await invoiceById(db, invoice.id))!;
  await storeDanfse(db, job.storage, job.appUrl, invoice, settings);
}
