import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { signNotification } from '../../server/payments/signature';
import { chargeOfAdult } from './support/charges';
import { RecordingMercadoPago } from './support/fake-mercadopago';
import { serverPerTest, type PerTest } from './support/per-test';
import { ADMIN, describeOnDatabases, ROLE_IDS } from './support/server';

const SECRET = 'segredo-da-conta';
/** A charge of a new adult student whose record has everything a boleto needs. */
const newCharge = async (call: PerTest['call'], value: string) =>
  (await chargeOfAdult(call, value, { name: 'Débora Estornada', cpfFrom: 300_000_000 })).id;

/**
 * Issue 34: refunds, chargebacks and cancellations from the provider left a settled charge paid with no flag. The
 * payment that settled a charge, taken back, reopens it (a partial refund flags it), audited once, and the finance
 * clerks are told by e-mail.
 */
describeOnDatabases('payments the provider takes back', (dialect) => {
  const fake = new RecordingMercadoPago();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const fresh = serverPerTest(dialect, () => ({
    payments: { accessToken: 'TEST-token', webhookSecret: SECRET, baseUrl: fake.url, timeoutMs: 500, retryDelayMs: 10 },
  }));

  /** The provider's signed notification of a payment (what it sends on every change of status). */
  const notify = (paymentId: unknown) => {
    const requestId = `r-${Math.random()}`;
    const ts = String(Math.floor(Date.now() / 1000));
    return fresh.server.request('POST', `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
      headers: { 'x-signature': signNotification(SECRET, String(paymentId), requestId, ts), 'x-request-id': requestId },
      body: { action: 'payment.updated', type: 'payment', data: { id: String(paymentId) } },
    });
  };
  /** A boleto of the charge, paid at the provider and notified: the charge is settled by it. */
  const settledBoleto = async (chargeId: number) => {
    const link = await fresh.call('POST', `/api/mercadopago/ticket/${chargeId}`, {});
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    fake.update(link.body.id, { status: 'approved', date_approved: '2026-11-20T10:00:00.000-03:00' });
    expect((await notify(link.body.id)).status).toBe(200);
    expect((await fresh.call('GET', `/api/financials/${chargeId}`)).body.paid).toBe(1);
    return link.body.id as number;
  };
  const audited = async (id: number, action: string) =>
    dynamic(fresh.server.db)
      .selectFrom('audit_log')
      .select(['user_id', 'changes'])
      .where('entity', '=', 'financials')
      .where('entity_id', '=', id)
      .where('action', '=', action)
      .execute();
  const mails = () =>
    dynamic(fresh.server.db).selectFrom('outbox').select(['to_address', 'subject', 'body']).orderBy('id').execute();

  it('reopens a charge whose payment was refunded, flags it, audits it once and e-mails the finance clerks only', async () => {
    const teacher = await fresh.call('POST', '/api/users', {
      name: 'Professora Sem Financeiro',
      email: 'professora.sem.financeiro@escolamodelo.edu.br',
      password: 'senha-da-professora-1',
      role_id: ROLE_IDS.professor,
    });
    expect(teacher.status, JSON.stringify(teacher.body)).toBe(201);
    const chargeId = await newCharge(fresh.call, '150,20');
    const paymentId = await settledBoleto(chargeId);
    const before = (await fresh.call('GET', `/api/financials/${chargeId}`)).body;

    fake.update(paymentId, { status: 'refunded', transaction_amount_refunded: 150.2 });
    // The provider sends its news more than once, copies at the same instant included.
    const copies = await Promise.all([1, 2, 3].map(() => notify(paymentId)));
    expect(copies.map((c) => c.status)).toEqual([200, 200, 200]);
    expect((await notify(paymentId)).status).toBe(200);

    const after = (await fresh.call('GET', `/api/financials/${chargeId}`)).body;
    expect(after).toMatchObject({
      paid: 0,
      pay_day: null,
      paid_user: null,
      paid_parts: null,
      payment_reversal: {
        payment_id: String(paymentId),
        status: 'refunded',
        label: 'reembolsado',
        paid_cents: 15020,
        refunded_cents: 15020,
        reopened: true,
      },
    });
    expect(after.version).toBeGreaterThan(before.version);
    const entries = await audited(chargeId, 'reversal');
    expect(entries).toHaveLength(1);
    expect(entries[0].user_id).toBe(100);
    expect(JSON.parse(String(entries[0].changes))).toMatchObject({ status: 'refunded', paid: [1, 0] });

    const sent = await mails();
    const recipients = sent.map((m) => m.to_address);
    expect(recipients).toContain(ADMIN.email);
    expect(recipients).not.toContain('professora.sem.financeiro@escolamodelo.edu.br');
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(sent[0].subject).toBe(`Pagamento reembolsado: a pendência nº ${chargeId} voltou a ficar em aberto`);
    expect(sent[0].body).toContain(`O Mercado Pago informou que o pagamento ${paymentId} da pendência nº ${chargeId}`);
    expect(sent[0].body).toContain('Valor devolvido: R$ 150,20.');
    // The outbox is readable by every signed-in user: neither the student nor the payer is named.
    expect(sent[0].body).not.toContain('Débora');

    // The family pays again: the charge is settled and the flag goes.
    fake.reset();
    const again = await settledBoleto(chargeId);
    expect(again).not.toBe(paymentId);
    expect((await fresh.call('GET', `/api/financials/${chargeId}`)).body.payment_reversal).toBeNull();
  });

  it('reopens a charged-back payment, and flags a partial refund without reopening', async () => {
    const chargedBack = await newCharge(fresh.call, '80,00');
    const first = await settledBoleto(chargedBack);
    fake.update(first, { status: 'charged_back' });
    expect((await notify(first)).status).toBe(200);
    expect((await fresh.call('GET', `/api/financials/${chargedBack}`)).body).toMatchObject({
      paid: 0,
      payment_reversal: { status: 'charged_back', label: 'contestado pelo pagador (chargeback)', reopened: true },
    });

    const partly = await newCharge(fresh.call, '200,00');
    const second = await settledBoleto(partly);
    fake.update(second, { transaction_amount_refunded: 50 });
    for (const _copy of [1, 2]) expect((await notify(second)).status).toBe(200);
    expect((await fresh.call('GET', `/api/financials/${partly}`)).body).toMatchObject({
      paid: 1,
      payment_reversal: { status: 'approved', label: 'reembolsado em parte', refunded_cents: 5000, reopened: false },
    });
    expect(await audited(partly, 'reversal')).toHaveLength(1);
    expect((await mails()).some((m) => m.subject === `Pagamento reembolsado em parte: pendência nº ${partly}`)).toBe(
      true,
    );
  });

  it('leaves a charge paid by hand alone when an old link of it is cancelled', async () => {
    const chargeId = await newCharge(fresh.call, '60,00');
    const link = await fresh.call('POST', `/api/mercadopago/ticket/${chargeId}`, {});
    expect((await fresh.call('PUT', `/api/financials/${chargeId}`, { paid: 1 })).status).toBe(200);
    fake.update(link.body.id, { status: 'cancelled' });
    expect((await notify(link.body.id)).status).toBe(200);
    expect((await fresh.call('GET', `/api/financials/${chargeId}`)).body).toMatchObject({
      paid: 1,
      payment_reversal: null,
    });
    expect(await audited(chargeId, 'reversal')).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });
});
