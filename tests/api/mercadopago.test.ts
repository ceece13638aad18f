import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { mercadoPago } from '../../server/payments/mercadopago';
import { signNotification } from '../../server/payments/signature';
import { describeOnDatabases, startServer, type TestServer } from './support/server';
import { PaymentProviderError, type PaymentRequest } from '../../server/payments/provider';
import { cpfCheckDigits } from '../../resources/text';

/**
 * A fake of Mercado Pago's REST API on 127.0.0.1: payments are created once per idempotency key (as the
 * provider does), and each test scripts the next answers (errors, a hang that outlasts the timeout).
 */
class FakeMercadoPago {
  server = http.createServer((req, res) => void this.handle(req, res));
  url = '';
  calls: { method: string; path: string; key?: string; auth?: string; body: unknown }[] = [];
  payments = new Map<string, Record<string, unknown>>();
  /** 'garbled': the call is carried out, but its 200 arrives as something else than JSON (a proxy's page). */
  script: ('hang' | 'fail500' | 'garbled' | { status: number; body: unknown })[] = [];
  private next = 1000;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : null;
    const key = req.headers['x-idempotency-key'] as string | undefined;
    this.calls.push({ method: req.method!, path: req.url!, key, auth: req.headers.authorization, body });
    const step = this.script.shift();
    const send = (status: number, payload: unknown) =>
      step === 'garbled'
        ? res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Gateway</body></html>')
        : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (step === 'hang') return; // never answers: the client's timeout must fire
    if (step === 'fail500') return send(500, { message: 'internal_error' });
    if (step && step !== 'garbled') return send(step.status, step.body);
    if (req.method === 'POST' && req.url === '/v1/payments') {
      const known = key ? this.payments.get(key) : undefined;
      if (known) return send(200, known);
      const payment = {
        id: this.next++,
        status: 'pending',
        external_reference: body.external_reference,
        transaction_amount: body.transaction_amount,
        currency_id: 'BRL',
        payment_type_id: body.payment_method_id === 'pix' ? 'bank_transfer' : 'ticket',
        transaction_details: { external_resource_url: 'https://www.mercadopago.com.br/payments/1/ticket' },
      };
      if (key) this.payments.set(key, payment);
      return send(201, payment);
    }
    if (req.method === 'GET' && req.url?.startsWith('/v1/payments/')) {
      const found = [...this.payments.values()].find((p) => String(p.id) === req.url!.split('/').pop());
      return found
        ? send(200, { ...found, status: 'approved', date_approved: '2026-11-23T10:00:00.000-03:00' })
        : send(404, { message: 'Payment not found' });
    }
    if (req.method === 'POST' && req.url === '/checkout/preferences')
      return send(201, {
        id: 'pref-1',
        init_point: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=pref-1',
      });
    send(404, { message: 'not found' });
  }
}

const request: PaymentRequest = {
  chargeId: 42,
  amountCents: 15020,
  description: 'Mensalidade 3',
  method: 'boleto',
  expiresOn: '2026-12-10',
  payer: {
    email: 'ana@familia.com.br',
    first_name: 'Ana',
    last_name: 'Beatriz',
    identification: { type: 'CPF', number: '52998224725' },
    address: {
      zip_code: '66000000',
      street_name: 'Av. Presidente Vargas',
      street_number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      federal_unit: 'PA',
    },
  },
  notificationUrl: 'https://escola.test/api/webhooks/mercadopago',
  idempotencyKey: 'secretaria-42-boleto-0',
};

describe('Mercado Pago adapter against a local fake of its API', () => {
  const fake = new FakeMercadoPago();
  beforeAll(() => fake.start());
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
  beforeEach(() => {
    fake.calls = [];
    fake.script = [];
    fake.payments.clear();
  });
  const client = () => mercadoPago({ accessToken: 'TEST-token', baseUrl: fake.url, timeoutMs: 300, retryDelayMs: 10 });

  it('creates a boleto with the payer, the amount as a decimal, the expiry and the idempotency key', async () => {
    const payment = await client().createPayment(request);
    expect(payment).toMatchObject({ status: 'pending', external_reference: '42', payment_type_id: 'ticket' });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payments',
      key: 'secretaria-42-boleto-0',
      auth: 'Bearer TEST-token',
    });
    expect(fake.calls[0].body).toMatchObject({
      transaction_amount: 150.2,
      payment_method_id: 'bolbradesco',
      external_reference: '42',
      date_of_expiration: '2026-12-10T23:59:59.000-03:00',
      notification_url: 'https://escola.test/api/webhooks/mercadopago',
      payer: {
        identification: { type: 'CPF', number: '52998224725' },
        address: { zip_code: '66000000', federal_unit: 'PA' },
      },
    });
  });

  it('retries a timeout with the same key, so the provider makes one payment, not two', async () => {
    fake.script = ['hang'];
    const payment = await client().createPayment(request);
    // The hung first call may still have been processed by the provider; the retry's key finds it.
    expect(fake.calls.map((c) => c.key)).toEqual(['secretaria-42-boleto-0', 'secretaria-42-boleto-0']);
    expect(fake.payments.size).toBe(1);
    expect(payment.id).toBe([...fake.payments.values()][0].id);
    // And a user who presses again with the same attempt gets the same payment back.
    expect((await client().createPayment(request)).id).toBe(payment.id);
  });

  it('retries a 500 and gives up with a clear message after its attempts', async () => {
    fake.script = ['fail500', 'fail500', 'fail500'];
    const error = await client()
      .createPayment(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toBe('O Mercado Pago não respondeu (HTTP 500). Tente novamente em instantes.');
    expect(fake.calls).toHaveLength(3);
  });

  it("passes a 4xx refusal on with the provider's own message, without retrying", async () => {
    fake.script = [
      { status: 400, body: { message: 'payer.address.zip_code is invalid', error: 'bad_request', status: 400 } },
    ];
    const error = (await client()
      .createPayment(request)
      .catch((e: unknown) => e)) as PaymentProviderError;
    expect(error.message).toBe('O Mercado Pago recusou a operação: payer.address.zip_code is invalid');
    expect(error.status).toBe(400);
    expect(fake.calls).toHaveLength(1);
  });

  it('takes a 200 that is not the JSON of a payment for an error, and the same key then gets the one payment made', async () => {
    for (const answer of ['garbled', { status: 200, body: { message: 'ok' } }, { status: 200, body: [1] }] as const) {
      fake.script = [answer];
      const error = await client()
        .createPayment(request)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as Error).message).toBe(
        'O Mercado Pago respondeu de forma inesperada. Nada foi registrado; tente novamente em instantes.',
      );
    }
    const payment = await client().createPayment(request);
    expect(fake.payments.size).toBe(1);
    expect(payment.id).toBe([...fake.payments.values()][0].id);
  });

  it('makes a PIX payment and a checkout preference, and reads a payment back', async () => {
    const pix = await client().createPayment({
      ...request,
      method: 'pix',
      expiresOn: undefined,
      idempotencyKey: 'secretaria-42-pix-0',
    });
    expect(fake.calls[0].body).toMatchObject({ payment_method_id: 'pix' });
    expect(fake.calls[0].body).not.toHaveProperty('date_of_expiration');
    const preference = await client().createPreference({
      chargeId: 42,
      amountCents: 15020,
      title: 'Mensalidade 3',
      payer: request.payer,
      notificationUrl: request.notificationUrl,
      idempotencyKey: 'secretaria-42-card-0',
    });
    expect(preference.init_point).toContain('pref_id=pref-1');
    expect(fake.calls[1]).toMatchObject({
      path: '/checkout/preferences',
      key: 'secretaria-42-card-0',
      body: { items: [{ unit_price: 150.2, currency_id: 'BRL', quantity: 1 }], external_reference: '42' },
    });
    expect(await client().getPayment(String(pix.id))).toMatchObject({ status: 'approved', external_reference: '42' });
    expect(await client().getPayment('999999')).toBeNull();
    // Ids are only digits: nothing else reaches the provider's URL.
    expect(await client().getPayment('../v1/payments')).toBeNull();
  });
});

describeOnDatabases('Mercado Pago end to end: link, then signed notifications replayed', (dialect) => {
  const fake = new FakeMercadoPago();
  const secret = 'segredo-da-conta-mp';
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    await fake.start();
    server = await startServer(dialect, {
      payments: {
        accessToken: 'TEST-token',
        webhookSecret: secret,
        baseUrl: fake.url,
        timeoutMs: 500,
        retryDelayMs: 10,
      },
    });
    token = await server.session();
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });
  beforeEach(() => {
    fake.calls = [];
    fake.script = [];
  });
  const call = (method: string, route: string, body?: unknown) => server.request(method, route, { token, body });
  let students = 0;
  /** A charge of a new student whose record has everything a boleto needs. */
  const newCharge = async (value: string, dueDate = '2030-12-10') => {
    const n = ++students;
    const base = String(100_000_000 + n * 7919).slice(0, 9);
    const student = await call('POST', '/api/students', {
      name: `Bruno Carvalho Pagador ${n}`,
      email: `bruno.${n}@familia.com.br`,
      cpf: base + cpfCheckDigits(base),
      cep: '66000000',
      street: 'Av. Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    const registration = (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 }))
      .body.data.id;
    return (await call('POST', '/api/financials', { registration_id: registration, value, due_date: dueDate })).body
      .data as { id: number };
  };
  const storedCharge = (id: number) =>
    dynamic(server.db)
      .selectFrom('financials')
      .select(['gateway_attempt', 'gateway_response', 'paid'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** A signed notification of a payment, as the provider sends it. */
  const notifyOf = (paymentId: unknown, requestId = `r-${Math.random()}`) => {
    const ts = String(Math.floor(Date.now() / 1000));
    return server.request('POST', `/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`, {
      headers: { 'x-signature': signNotification(secret, String(paymentId), requestId, ts), 'x-request-id': requestId },
      body: { action: 'payment.updated', type: 'payment', data: { id: String(paymentId) } },
    });
  };
  /** The idempotency key of a charge's attempt: this installation's id first (issue 34), then charge, method, try. */
  const keyOf = async (chargeId: number, method: string, attempt = 0) => {
    const installation = await dynamic(server.db)
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'installation-id')
      .executeTakeFirstOrThrow();
    return `secretaria-${installation.value}-${chargeId}-${method}-${attempt}`;
  };
  const divergences = (id: number) =>
    dynamic(server.db)
      .selectFrom('audit_log')
      .select(['user_id', 'changes'])
      .where('entity', '=', 'financials')
      .where('entity_id', '=', id)
      .where('action', '=', 'divergence')
      .execute();

  it('keeps a payment of R$ 10 on a charge raised to R$ 5.000 unpaid, marked divergent with what was paid, audited once', async () => {
    const charge = await newCharge('10,00');
    const link = await call('POST', `/api/mercadopago/ticket/${charge.id}`, {});
    expect(link.status).toBe(200);
    expect((await call('PUT', `/api/financials/${charge.id}`, { value: '5.000,00' })).status).toBe(200);
    for (const copy of ['a', 'b']) expect((await notifyOf(link.body.id, copy)).status).toBe(200);
    const stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(stored).toMatchObject({
      paid: 0,
      pay_day: null,
      paid_user: null,
      payment_divergence: {
        payment_id: String(link.body.id),
        paid_cents: 1000,
        expected_cents: 500000,
        currency: 'BRL',
      },
    });
    expect(stored.payment_divergence.reasons).toEqual(['valor diferente do atual da pendência']);
    expect(await divergences(charge.id)).toHaveLength(1);
    // A person decides: marked paid by hand, the mark goes.
    const decided = await call('PUT', `/api/financials/${charge.id}`, { paid: 1 });
    expect(decided.body.data).toMatchObject({ paid: 1, payment_divergence: null });
  });

  it('settles nothing with a payment this server did not make for the charge, or in another currency', async () => {
    const charge = await newCharge('150,20');
    // A payment made elsewhere that names this charge, for the right amount.
    fake.payments.set('outside', {
      id: 9001,
      status: 'pending',
      external_reference: String(charge.id),
      transaction_amount: 150.2,
      currency_id: 'BRL',
    });
    expect((await notifyOf(9001)).status).toBe(200);
    let stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(stored).toMatchObject({
      paid: 0,
      payment_divergence: { payment_id: '9001', paid_cents: 15020, expected_cents: 15020 },
    });
    expect(stored.payment_divergence.reasons).toEqual([
      'pagamento que não foi gerado por este sistema para esta pendência',
    ]);
    // Our own link, but paid in dollars.
    const link = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' });
    const pixKey = await keyOf(charge.id, 'pix');
    fake.payments.set(pixKey, {
      ...fake.payments.get(pixKey)!,
      currency_id: 'USD',
    });
    expect((await notifyOf(link.body.id)).status).toBe(200);
    stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(stored).toMatchObject({
      paid: 0,
      payment_divergence: { payment_id: String(link.body.id), currency: 'USD', reasons: ['moeda USD (esperado BRL)'] },
    });
    expect((await divergences(charge.id)).map((e) => e.user_id)).toEqual([100, 100]);
  });

  it('makes the boleto expire on the date sent as the original client sends it, and refuses a past one saying so, under message and error', async () => {
    const charge = await newCharge('120,00', '2031-03-15');
    for (const [sent, expected] of [
      ['2031-03-15', '2031-03-15'],
      ['20/04/2031', '2031-04-20'],
      [true, '2031-03-15'],
    ] as const) {
      fake.calls = [];
      const answer = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { date_of_expiration: sent });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(fake.calls[0].body).toMatchObject({ date_of_expiration: `${expected}T23:59:59.000-03:00` });
    }
    fake.calls = [];
    const past = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { date_of_expiration: '10/01/2020' });
    expect(past.status).toBe(422);
    const message =
      'O vencimento 10/01/2020 já passou: o boleto não pode vencer numa data passada. Desmarque "Usar o vencimento da pendência" ou altere o vencimento.';
    expect(past.body).toMatchObject({ message, error: message, errors: { date_of_expiration: [message] } });
    const pastDue = await newCharge('120,00', '2020-01-10');
    expect((await call('POST', `/api/mercadopago/ticket/${pastDue.id}`, { date_of_expiration: true })).body.error).toBe(
      message,
    );
    const bad = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { date_of_expiration: '31/02/2031' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe(bad.body.message);
    expect(fake.calls).toEqual([]);
  });

  it('answers a garbled 200 of the provider as an error, stores nothing and keeps the attempt, so the retry gets the same payment', async () => {
    const charge = await newCharge('80,00');
    fake.calls = [];
    fake.script = ['garbled'];
    const failed = await call('POST', `/api/mercadopago/ticket/${charge.id}`, {});
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      'O Mercado Pago respondeu de forma inesperada. Nada foi registrado; tente novamente em instantes.',
    );
    expect(await storedCharge(charge.id)).toMatchObject({ gateway_attempt: 0, gateway_response: null });
    const retried = await call('POST', `/api/mercadopago/ticket/${charge.id}`, {});
    expect(retried.status).toBe(200);
    const key = await keyOf(charge.id, 'boleto');
    expect(fake.calls.map((c) => c.key)).toEqual([key, key]);
    expect([...fake.payments.values()].filter((p) => p.external_reference === String(charge.id))).toHaveLength(1);
    expect(JSON.parse(String((await storedCharge(charge.id)).gateway_response)).id).toBe(retried.body.id);
  });

  it('stores the boleto the provider made, then marks the charge paid once however many copies of the notification arrive', async () => {
    const student = await call('POST', '/api/students', {
      name: 'Ana Beatriz Webhook',
      email: 'ana.webhook@familia.com.br',
      cpf: '52998224725',
      cep: '66000000',
      street: 'Av. Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    const registration = (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 }))
      .body.data.id;
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '150,20', due_date: '2030-12-10' })
    ).body.data;
    const boleto = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { date_of_expiration: true });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(200);
    expect(boleto.body.transaction_details.external_resource_url).toBe(
      'https://www.mercadopago.com.br/payments/1/ticket',
    );
    expect(fake.calls[0]).toMatchObject({
      key: await keyOf(charge.id, 'boleto'),
      body: {
        external_reference: String(charge.id),
        date_of_expiration: '2030-12-10T23:59:59.000-03:00',
        transaction_amount: 150.2,
      },
    });

    const notify = (requestId: string) => {
      const ts = String(Math.floor(Date.now() / 1000));
      return server.request('POST', `/api/webhooks/mercadopago?data.id=${boleto.body.id}&type=payment`, {
        headers: {
          'x-signature': signNotification(secret, String(boleto.body.id), requestId, ts),
          'x-request-id': requestId,
        },
        body: { action: 'payment.updated', type: 'payment', data: { id: String(boleto.body.id) } },
      });
    };
    // Three copies at the same instant, then a late one: one payment recorded.
    const answers = await Promise.all(['r-1', 'r-2', 'r-3'].map(notify));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await notify('r-4')).status).toBe(200);
    const paid = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(paid).toMatchObject({ paid: 1, pay_day: '2026-11-23', paid_user: { id: 100, name: 'Mercado Pago' } });
    const entries = await dynamic(server.db)
      .selectFrom('audit_log')
      .select('user_id')
      .where('entity', '=', 'financials')
      .where('entity_id', '=', charge.id)
      .where('action', '=', 'payment')
      .execute();
    expect(entries).toEqual([{ user_id: 100 }]);
    expect(fake.calls.filter((c) => c.method === 'GET').length).toBe(4);
    // A notification signed with another secret changes nothing and is told so.
    const forged = await server.request('POST', `/api/webhooks/mercadopago?data.id=${boleto.body.id}&type=payment`, {
      headers: {
        'x-signature': signNotification(
          'outro-segredo',
          String(boleto.body.id),
          'r-5',
          String(Math.floor(Date.now() / 1000)),
        ),
        'x-request-id': 'r-5',
      },
      body: { type: 'payment', data: { id: String(boleto.body.id) } },
    });
    expect(forged.status).toBe(401);
  });
});
