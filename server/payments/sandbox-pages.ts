import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';
import { formatDate } from '../../resources/format';
import { amountOf } from '../finance/money';
import { loadSettings } from '../school/routes';
import { renderPdf } from '../workers/pdf';
import type { PaymentsOptions } from './routes';
import { approveSandboxPayment, isSandboxKey, sandboxPagePath } from './sandbox';
import { signNotification } from './signature';
import { audit } from '../audit/log';
import { inTransaction } from '../finance/transaction';
import { payerOf } from '../guardians/payer';
import type { Q } from '../guardians/queries';
import { studentIdsOf } from '../portal/queries';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amountOf(cents));

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:32px auto;padding:0 16px;color:#1b1b1b}
.aviso{background:#fff4e5;border:1px solid #b26a00;border-radius:6px;padding:12px 16px;margin-bottom:24px}
code{word-break:break-all;background:#f3f3f3;padding:2px 4px}button{font-size:1rem;padding:10px 24px;background:#1e5aa8;color:#fff;border:0;border-radius:4px;cursor:pointer}
img{display:block;margin:12px 0}</style></head><body>
<div class="aviso" role="note"><strong>Simulação.</strong> Este pagamento é do ambiente de demonstração: nenhum dinheiro é cobrado e nenhum banco é consultado.</div>
${body}</body></html>`;
}

/** A CPF as a page open to whoever has its link may show it: the middle six digits only (***.982.247-**). */
export const maskedCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/**
 * Who pays, as the payment was made for them ("Marta Souza — CPF ***.982.247-**"): the payer stored in the answer,
 * or, for a payment made before payers were stored, the student's payer now. The page and its boleto are public
 * (a random link): the CPF is masked.
 */
async function payerLine(k: Q, financialId: number, response: Record<string, unknown>): Promise<string> {
  const stored = response.payer as
    { first_name?: string; last_name?: string; identification?: { number?: string } } | undefined;
  const cpfOf = (cpf: string | null | undefined) => (cpf && /^\d{11}$/.test(cpf) ? ` — CPF ${maskedCpf(cpf)}` : '');
  if (stored?.first_name) {
    // The provider's shape splits the name; a one-word name is sent as both halves.
    const name =
      stored.last_name && stored.last_name !== stored.first_name
        ? `${stored.first_name} ${stored.last_name}`
        : stored.first_name;
    return `${name}${cpfOf(stored.identification?.number)}`;
  }
  const charge = await k
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .select('r.student_id')
    .where('f.id', '=', financialId)
    .executeTakeFirst();
  const payer = charge ? await payerOf(k, Number(charge.student_id)) : undefined;
  return payer ? `${payer.name}${cpfOf(payer.cpf)}` : '—';
}

/**
 * The sandbox's pages: a payment waiting for 'Pagar (simulação)', which approves it and then notifies our
 * own webhook signed exactly as the provider would (through the whole route, signature check included).
 */
export function registerSandboxPages(app: FastifyInstance, db: Db, payments: PaymentsOptions): void {
  const k = dynamic(db);
  const paymentOr404 = async (raw: string) => {
    const row = isSandboxKey(raw)
      ? await k.selectFrom('sandbox_payments').selectAll().where('public_key', '=', raw).executeTakeFirst()
      : undefined;
    if (!row) throw notFound('Pagamento não encontrado.');
    const r = row as {
      id: number;
      public_key: string;
      financial_id: number;
      method: string;
      status: string;
      amount_cents: number;
      description: string;
      expires_on: string | null;
      response: string;
    };
    // The stored answer is the provider's shape, read here only to show it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { ...r, response: JSON.parse(r.response) as Record<string, any> };
  };
  // A plain HTML form posts urlencoded: nothing in it is read, so its body is taken as empty.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get<{ Params: { id: string } }>('/payments/sandbox/:id', { config: { public: true } }, async (request, reply) => {
    const payment = await paymentOr404(request.params.id);
    const method = { boleto: 'Boleto', pix: 'PIX', card: 'Cartão' }[String(payment.method)] ?? String(payment.method);
    const details =
      payment.method === 'boleto'
        ? `<p>Linha digitável: <code>${escape(String(payment.response.digitable_line))}</code></p><p>Vencimento: ${escape(formatDate(String(payment.response.date_of_expiration ?? '').slice(0, 10)))}</p><p><a href="${sandboxPagePath(payment.public_key)}/boleto.pdf">Baixar o boleto (PDF)</a></p>`
        : payment.method === 'pix'
          ? `<img alt="QR Code PIX" width="200" height="200" src="data:image/png;base64,${escape(String(payment.response.point_of_interaction?.transaction_data?.qr_code_base64 ?? ''))}"><p>PIX copia e cola: <code>${escape(String(payment.response.point_of_interaction?.transaction_data?.qr_code ?? ''))}</code></p>`
          : '';
    // The button works only for a staff user with the finance permission signed in on this browser (pay.js sends the
    // session's token), or the family on the portal: whoever has the link can look, not pay.
    const action =
      payment.status === 'approved'
        ? '<p><strong>Pagamento aprovado.</strong></p>'
        : `<p><button type="button" id="pagar" data-url="${sandboxPagePath(payment.public_key)}/pay" data-portal-url="/api/portal/payments/sandbox/${escape(payment.public_key)}/pay">Pagar (simulação)</button></p><p id="situacao" role="status"></p><p><small>Só quem entrou neste navegador no sistema da secretaria com permissão para lançar pagamentos (financeiro), ou no portal das famílias como responsável do aluno, pode simular o pagamento.</small></p><script src="/api/payments/sandbox/pay.js"></script>`;
    reply.type('text/html; charset=utf-8');
    return page(
      'Pagar (simulação)',
      `<h1>Pagar (simulação)</h1><p>${escape(String(payment.description))}</p><p>Pagador: ${escape(await payerLine(k, payment.financial_id, payment.response))}</p><p>Forma: ${method}</p><p>Valor: <strong>${brl(Number(payment.amount_cents))}</strong></p>${details}${action}`,
    );
  });

  app.get<{ Params: { id: string } }>(
    '/payments/sandbox/:id/boleto.pdf',
    { config: { public: true } },
    async (request, reply) => {
      const payment = await paymentOr404(request.params.id);
      if (payment.method !== 'boleto') throw notFound('Este pagamento não é um boleto.');
      const school = await loadSettings(db);
      const line = String(payment.response.digitable_line);
      const pdf = await renderPdf('boleto', {
        school: school.school_name,
        payer: await payerLine(k, payment.financial_id, payment.response),
        description: payment.description,
        amountCents: Number(payment.amount_cents),
        dueDate: String(payment.response.date_of_expiration ?? '').slice(0, 10),
        digitableLine: line,
        barcode: String(payment.response.barcode?.content ?? ''),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="boleto-${Number(payment.id)}.pdf"`)
        .send(pdf);
    },
  );

  app.get('/payments/sandbox/pay.js', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PAY_SCRIPT),
  );

  /** Approves the simulated payment once and notifies our webhook as the provider would (every time). */
  const simulate = async (
    payment: Awaited<ReturnType<typeof paymentOr404>>,
    by: { userId?: number | null; portalAccountId?: number | null },
  ) => {
    // The approval and its audit in one transaction.
    await inTransaction(db, async (trx) => {
      if (!(await approveSandboxPayment(trx, Number(payment.id), by))) return;
      await audit(trx, {
        userId: by.userId ?? undefined,
        entity: 'financials',
        entityId: Number(payment.financial_id),
        action: 'simulate',
        changes: {
          payment_id: Number(payment.id),
          amount_cents: Number(payment.amount_cents),
          ...(by.portalAccountId ? { portal_account_id: by.portalAccountId } : {}),
        },
      });
    });
    // Sent every time, as the provider resends: the webhook must mark the charge paid only once.
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const signature = signNotification(await payments.webhookSecret(), String(payment.id), requestId, ts);
    const notified = await app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago?data.id=${Number(payment.id)}&type=payment`,
      headers: { 'x-signature': signature, 'x-request-id': requestId, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: String(payment.id) } }),
    });
    return notified.statusCode;
  };

  // Not public: only a staff user who may record payments (the finance permission) simulates one, and is recorded
  // as having done so; a teacher who has the link may look, not pay (403).
  app.post<{ Params: { id: string } }>(
    '/payments/sandbox/:id/pay',
    { config: { access: 'finance.write' } },
    async (request) => {
      const payment = await paymentOr404(request.params.id);
      const status = await simulate(payment, { userId: request.user?.id ?? null });
      if (status !== 200) request.log.error({ status }, 'sandbox webhook refused');
      return {
        message: `Pagamento simulado com sucesso: ${brl(Number(payment.amount_cents))}. A secretaria já vê esta pendência como paga.`,
      };
    },
  );

  // The family's side of the simulation (issue 26): a portal session pays a charge of one of its own students,
  // as the provider would after a real PIX; any other payment is not found.
  app.post<{ Params: { id: string } }>(
    '/portal/payments/sandbox/:id/pay',
    { config: { portal: true } },
    async (request) => {
      const payment = await paymentOr404(request.params.id);
      const owner = await k
        .selectFrom('financials as f')
        .innerJoin('registrations as r', 'r.id', 'f.registration_id')
        .select('r.student_id')
        .where('f.id', '=', Number(payment.financial_id))
        .executeTakeFirst();
      if (!owner || !(await studentIdsOf(db, request.portalAccount!)).includes(Number(owner.student_id)))
        throw notFound('Pagamento não encontrado.');
      const status = await simulate(payment, { portalAccountId: request.portalAccount!.id });
      if (status !== 200) request.log.error({ status }, 'sandbox webhook refused');
      return {
        message: `Pagamento simulado com sucesso: ${brl(Number(payment.amount_cents))}. A escola já vê esta cobrança como paga.`,
      };
    },
  );
}

/** Where the SPA keeps its session token (src/api/http.ts TOKEN_KEY): same origin, so the pay page reads it. */
const TOKEN_KEY = 'secretaria.token';
/** The family portal's own session (src/portal/api.ts): a family pays its own charges on the portal's route. */
const PORTAL_TOKEN_KEY = 'secretaria.portal.token';

/** The pay page's button: posts with the session token this browser keeps for the SPA (same origin). */
const PAY_SCRIPT = `(() => {
  const button = document.getElementById('pagar');
  const status = document.getElementById('situacao');
  if (!button || !status) return;
  button.addEventListener('click', async () => {
    const staff = localStorage.getItem(${JSON.stringify(TOKEN_KEY)});
    const family = localStorage.getItem(${JSON.stringify(PORTAL_TOKEN_KEY)});
    const token = staff || family;
    if (!token) {
      status.textContent = 'Entre no sistema da secretaria ou no portal das famílias neste navegador para simular o pagamento.';
      return;
    }
    const url = staff ? button.dataset.url : button.dataset.portalUrl;
    button.disabled = true;
    try {
      const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token } });
      const body = await response.json().catch(() => ({}));
      status.textContent = body.message || (response.ok ? 'Pagamento simulado com sucesso.' : 'Não foi possível simular o pagamento.');
      if (response.ok) button.remove();
      else button.disabled = false;
    } catch {
      status.textContent = 'Sem conexão com o servidor. Tente novamente.';
      button.disabled = false;
    }
  });
})();
`;
