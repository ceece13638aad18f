import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { validationError } from '../http/errors';
import { envelope, parseListQuery } from '../http/list-query';
import { INVOICE_ACCESS, registerChargeInvoiceRoutes } from './charge-routes';
import { coreInvoiceSetup } from './core-setup';
import { runIssueJob } from './issue';
import { setInvoiceSetup } from './setup';
import { invoiceOf, ISSUE_JOB } from './records';

const STATUSES = ['pendente', 'emitida', 'rejeitada', 'cancelada'];
export const BAD_STATUS = 'Situação inválida: use pendente, emitida, rejeitada ou cancelada.';

/**
 * Financeiro › Notas fiscais: `GET /nfse` pages the invoices (newest first; `status` filters, `cancel_suggested=1`
 * keeps those whose payment was undone), each with its charge, student, amount and the service's errors.
 */
function registerInvoiceList(app: FastifyInstance, ctx: AreaContext): void {
  app.get('/nfse', { config: { access: INVOICE_ACCESS } }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    const status = raw.status === undefined || raw.status === '' ? undefined : String(raw.status);
    if (status !== undefined && !STATUSES.includes(status)) throw validationError({ status: [BAD_STATUS] });
    const suggested = raw.cancel_suggested === '1' || raw.cancel_suggested === 'true';
    let base = dynamic(ctx.db)
      .selectFrom('nfse_invoices as n')
      .innerJoin('financials as f', 'f.id', 'n.financial_id')
      .innerJoin('registrations as r', 'r.id', 'f.registration_id')
      .innerJoin('students as s', 's.id', 'r.student_id')
      // The list shows the invoice standing for each charge; the ones replaced are kept for the record only.
      .where('n.live_financial_id', 'is not', null);
    if (status) base = base.where('n.status', '=', status);
    if (suggested) base = base.where('n.cancel_suggested_at', 'is not', null).where('n.status', '=', 'emitida');
    const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    let rows = base
      .selectAll('n')
      .select(['s.id as student_id', 's.name as student_name', 'f.quota', 'f.due_date'])
      .orderBy('n.id', query.sortDesc === false ? 'asc' : 'desc');
    if (query.page > 0) rows = rows.limit(query.perPage).offset((query.page - 1) * query.perPage);
    const data = (await rows.execute()).map((r) => {
      const invoice = invoiceOf(r);
      return {
        id: invoice.id,
        financial_id: invoice.financial_id,
        student: { id: Number(r.student_id), name: String(r.student_name) },
        quota: Number(r.quota),
        due_date: String(r.due_date).slice(0, 10),
        amount_cents: invoice.amount_cents,
        status: invoice.status,
        number: invoice.number,
        issued_at: invoice.issued_at,
        errors: invoice.errors,
        dps: { series: invoice.dps_series, number: invoice.dps_number },
        simulated: invoice.simulated,
        cancel_suggested: invoice.cancel_suggested_at !== null && invoice.status === 'emitida',
      };
    });
    return envelope(data, Number((count as { total: unknown }).total), query);
  });
}

/** The issuing flow: the `nfse.issue` job, the routes of each charge's invoice and the clerk's list. */
export const invoiceFlowArea: Area = {
  routes(app, ctx) {
    // The core's settings and adapters for this database (a test may put its own service in their place after).
    setInvoiceSetup(ctx.db, coreInvoiceSetup(ctx));
    ctx.jobs.handle(
      ISSUE_JOB,
      (payload: { invoice?: unknown }, job) =>
        runIssueJob({
          db: ctx.db,
          storage: ctx.storage,
          appUrl: ctx.settings.appUrl,
          invoiceId: Number(payload.invoice),
          attempt: job.attempt,
        }),
      { label: 'Emissão de notas fiscais (NFS-e)' },
    );
    registerChargeInvoiceRoutes(app, ctx);
    registerInvoiceList(app, ctx);
  },
};
