import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { mercadoPago } from '../../server/payments/mercadopago';
import { reconcilePending } from '../../server/payments/reconcile';
import { approveSandboxPayment, sandboxProvider } from '../../server/payments/sandbox';
import { chargeOfAdult } from './support/charges';
import { RecordingMercadoPago } from './support/fake-mercadopago';
import { serverPerTest, type PerTest } from './support/per-test';
import { ADMIN, describeOnDatabases, startServer } from './support/server';

const HOUR = 60 * 60 * 1000;
const PAYMENTS = (fake: RecordingMercadoPago) => ({
  accessToken: 'TEST-token',
  webhookSecret: 'segredo',
  baseUrl: fake.url,
  timeoutMs: 500,
  retryDelayMs: 10,
});

/** A charge of a new adult student whose record has everything a boleto needs. */
const newCharge = async (call: PerTest['call'], value: string): Promise<number> =>
  (await chargeOfAdult(call, value, { name: 'Carla Reconciliada', cpfFrom: 200_000_000 })).id;

describeOnDatabases('payments reconciled with the provider when the notification is lost', (dialect) => {
  const fake = new RecordingMercadoPago();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const fresh = serverPerTest(dialect, () => ({ payments: PAYMENTS(fake) }));
  const provider = () =>
    mercadoPago({ accessToken: 'TEST-token', baseUrl: fake.url, timeoutMs: 500, retryDelayMs: 10 });
  /** A reconciliation run `hoursLater` after now, asking about links pending for 2 hours. */
  const reconcile = (hoursLater: number, p = provider()) =>
    reconcilePending(fresh.server.db, p, { now: new Date(Date.now() + hoursLater * HOUR), olderThanMs: 2 * HOUR });
  const stored = (id: number) =>
    dynamic(fresh.server.db)
      .selectFrom('financials')
      .select(['paid', 'pay_day', 'paid_by', 'payment_divergence'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const audited = async (id: number, action: string) =>
    (
      await dynamic(fresh.server.db)
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'financials')
        .where('entity_id', '=', id)
        .where('action', '=', action)
        .execute()
    ).length;
  const boleto = async (chargeId: number) => {
    const link = await fresh.call('POST', `/api/mercadopago/ticket/${chargeId}`, {});
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    return link.body.id as number;
  };
  const approved = { status: 'approved', date_approved: '2026-11-20T10:00:00.000-03:00' };

  it('settles a charge whose webhook never came, once its link is older than the wait, as the provider', async () => {
    const charge = await newCharge(fresh.call, '150,20');
    const payment = await boleto(charge);
    fake.update(payment, approved);
    // An hour later the notification may still come: the provider is not asked yet.
    expect(await reconcile(1)).toEqual({ checked: 0, settled: 0, divergent: 0, pending: 0, errors: 0 });
    expect((await stored(charge)).paid).toBe(0);
    expect(await reconcile(3)).toEqual({ checked: 1, settled: 1, divergent: 0, pending: 0, errors: 0 });
    expect(await stored(charge)).toMatchObject({ paid: 1, pay_day: '2026-11-20', paid_by: 100 });
    expect(await audited(charge, 'payment')).toBe(1);
    // Settled: no longer asked about.
    expect(await reconcile(4)).toMatchObject({ checked: 0 });
  });

  it("settles a card checkout's payment, which only the search by the charge finds", async () => {
    const charge = await newCharge(fresh.call, '99,90');
    const link = await fresh.call('POST', `/api/mercadopago/preference/${charge}`, {});
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    fake.add({
      id: 88001,
      external_reference: String(charge),
      transaction_amount: 99.9,
      currency_id: 'BRL',
      payment_type_id: 'credit_card',
      ...approved,
    });
    expect(await reconcile(3)).toMatchObject({ checked: 1, settled: 1 });
    expect(await stored(charge)).toMatchObject({ paid: 1, paid_by: 100 });
  });

  it('flags a payment of another amount as divergent instead of settling it, and audits it once', async () => {
    const charge = await newCharge(fresh.call, '10,00');
    const payment = await boleto(charge);
    expect((await fresh.call('PUT', `/api/financials/${charge}`, { value: '5.000,00' })).status).toBe(200);
    fake.update(payment, approved);
    expect(await reconcile(3)).toMatchObject({ checked: 1, settled: 0, divergent: 1 });
    expect(await reconcile(4)).toMatchObject({ checked: 1, settled: 0, divergent: 1 });
    const row = await stored(charge);
    expect(row.paid).toBe(0);
    expect(JSON.parse(String(row.payment_divergence))).toMatchObject({
      payment_id: String(payment),
      paid_cents: 1000,
      expected_cents: 500000,
      reasons: ['valor diferente do atual da pendência'],
    });
    expect(await audited(charge, 'divergence')).toBe(1);
  });

  it('leaves a payment still pending at the provider pending', async () => {
    const charge = await newCharge(fresh.call, '200,00');
    await boleto(charge);
    expect(await reconcile(3)).toEqual({ checked: 1, settled: 0, divergent: 0, pending: 1, errors: 0 });
    expect(await stored(charge)).toMatchObject({ paid: 0, pay_day: null, payment_divergence: null });
  });

  it('leaves a charge already paid alone, without asking the provider', async () => {
    const charge = await newCharge(fresh.call, '300,00');
    const payment = await boleto(charge);
    const byHand = await fresh.call('PUT', `/api/financials/${charge}`, { paid: 1, pay_day: '2026-11-02' });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    const before = await stored(charge);
    fake.update(payment, approved);
    fake.calls = [];
    expect(await reconcile(3)).toMatchObject({ checked: 0, settled: 0 });
    expect(fake.calls).toEqual([]);
    expect(await stored(charge)).toEqual(before);
    expect(await audited(charge, 'payment')).toBe(0);
  });

  it('settles once when two instances reconcile at the same time', async () => {
    // Several charges, so that the two runs go through them side by side and ask about each at the same moment.
    const charges = [];
    for (let i = 0; i < 6; i++) charges.push(await newCharge(fresh.call, `45${i},00`));
    for (const charge of charges) fake.update(await boleto(charge), approved);
    const runs = await Promise.all([reconcile(3, provider()), reconcile(3, provider())]);
    expect(runs[0].settled + runs[1].settled).toBe(6);
    expect(runs.every((r) => r.errors === 0 && r.divergent === 0)).toBe(true);
    for (const charge of charges) {
      expect(await stored(charge)).toMatchObject({ paid: 1, paid_by: 100 });
      expect(await audited(charge, 'payment')).toBe(1);
    }
  });
});

describeOnDatabases('payments reconciled in the background', (dialect) => {
  it('settles a charge whose notification was lost without anyone asking', async () => {
    const fake = new RecordingMercadoPago();
    await fake.start();
    const server = await startServer(dialect, {
      payments: PAYMENTS(fake),
      reconcilePollMs: 100,
      reconcileAfterMs: 0,
    });
    try {
      const token = await server.session();
      const call = (method: string, route: string, body?: unknown) => server.request(method, route, { token, body });
      const charge = await newCharge(call, '75,00');
      const link = await call('POST', `/api/mercadopago/ticket/${charge}`, {});
      fake.update(link.body.id, { status: 'approved', date_approved: '2026-11-21T09:00:00.000-03:00' });
      const paid = async () =>
        (await dynamic(server.db).selectFrom('financials').select('paid').where('id', '=', charge).executeTakeFirst())
          ?.paid;
      const deadline = Date.now() + 5000;
      while ((await paid()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await paid()).toBe(1);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});

describeOnDatabases('payments reconciled with the offline simulation', (dialect) => {
  const fresh = serverPerTest(dialect, { payments: { sandbox: true } });

  it("settles a simulated payment whose notification never came, in the name of who pressed 'Pagar'", async () => {
    const charge = await newCharge(fresh.call, '80,00');
    const link = await fresh.call('POST', `/api/mercadopago/ticket/${charge}`, {});
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const { id: admin } = await dynamic(fresh.server.db)
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    // Pressed, but the notification to our webhook was lost.
    expect(await approveSandboxPayment(fresh.server.db, Number(link.body.id), { userId: Number(admin) })).toBe(true);
    const sandbox = sandboxProvider(fresh.server.db, {
      appUrl: 'http://escola.test',
      merchant: async () => ({ name: 'Escola', city: 'Belém', pixKey: 'secretaria@escola.test' }),
    });
    const run = await reconcilePending(fresh.server.db, sandbox, {
      now: new Date(Date.now() + 3 * HOUR),
      olderThanMs: 2 * HOUR,
    });
    expect(run).toEqual({ checked: 1, settled: 1, divergent: 0, pending: 0, errors: 0 });
    const row = await dynamic(fresh.server.db)
      .selectFrom('financials')
      .select(['paid', 'paid_by'])
      .where('id', '=', charge)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paid: 1, paid_by: Number(admin) });
  });
});
