import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { forbiddenMessage } from '../../resources/permissions';
import { dynamic } from '../../server/db/connection';
import { pdfText } from '../support/pdf-text';
import { chargeOfAdult } from './support/charges';
import { RecordingMercadoPago } from './support/fake-mercadopago';
import { serverPerFile, type PerTest } from './support/per-test';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

const NOT_OURS =
  'O Mercado Pago respondeu com um pagamento que não é o desta cobrança (outra referência ou outro valor). Nada foi registrado; tente novamente em instantes.';
/** A charge of a new adult student whose record has everything a boleto needs; its CPF too. */
const newCharge = (call: PerTest['call'], value: string) =>
  chargeOfAdult(call, value, { name: 'Elisa Confiável', cpfFrom: 400_000_000 });

const asAdmin = (server: TestServer, token: string) => (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token, body });

/** Issue 34: the provider's keys are this installation's, and its answer is checked against what was asked. */
describeOnDatabases('Mercado Pago: one account, many installations', (dialect) => {
  const fake = new RecordingMercadoPago();
  const payments = () => ({
    accessToken: 'TEST-token',
    webhookSecret: 'segredo',
    baseUrl: fake.url,
    timeoutMs: 500,
    retryDelayMs: 10,
  });
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  const school = async () => {
    const server = await startServer(dialect, { payments: payments() });
    servers.push(server);
    return { server, call: asAdmin(server, await server.session()) };
  };

  it('gives two schools on one account their own PIX for their charge nº 1 alike', async () => {
    const [a, b] = [await school(), await school()];
    const [chargeA, chargeB] = [await newCharge(a.call, '150,20'), await newCharge(b.call, '150,20')];
    // Both count their charges from the same number: only the installation tells their keys apart.
    expect(chargeA.id).toBe(chargeB.id);
    const pixA = await a.call('POST', `/api/mercadopago/ticket/${chargeA.id}`, { method: 'pix' });
    const pixB = await b.call('POST', `/api/mercadopago/ticket/${chargeB.id}`, { method: 'pix' });
    expect([pixA.status, pixB.status]).toEqual([200, 200]);
    expect(pixA.body.id).not.toBe(pixB.body.id);
    expect(fake.made()).toHaveLength(2);
    const keys = fake.calls.filter((c) => c.method === 'POST').map((c) => c.key!);
    expect(keys[0]).toMatch(new RegExp(`^secretaria-[0-9a-f]{16}-${chargeA.id}-pix-0$`));
    expect(keys[1]).toMatch(new RegExp(`^secretaria-[0-9a-f]{16}-${chargeB.id}-pix-0$`));
    expect(keys[0]).not.toBe(keys[1]);
    // The installation's id is the one kept in its database.
    const id = async (server: TestServer) =>
      (
        await dynamic(server.db)
          .selectFrom('app_secrets')
          .select('value')
          .where('name', '=', 'installation-id')
          .executeTakeFirstOrThrow()
      ).value;
    expect(keys[0]).toContain(await id(a.server));
  });

  it("refuses the provider's answer for another amount or another charge, records nothing, and tries a new key next", async () => {
    const { server, call } = await school();
    const charge = await newCharge(call, '150,20');
    const links = () =>
      dynamic(server.db).selectFrom('payment_links').select('id').where('financial_id', '=', charge.id).execute();
    for (const change of [{ transaction_amount: 15.02 }, { external_reference: String(charge.id + 1) }]) {
      fake.answerNextWith(change);
      const refused = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(502);
      expect(refused.body.message).toBe(NOT_OURS);
      const stored = (await call('GET', `/api/financials/${charge.id}`)).body;
      expect(stored.gateway_response).toBeNull();
      expect(await links()).toHaveLength(0);
    }
    const made = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ external_reference: String(charge.id), transaction_amount: 150.2 });
    expect(fake.calls.map((c) => c.key!.split('-').at(-1))).toEqual(['0', '1', '2']);
    expect(await links()).toHaveLength(1);
  });
});

describeOnDatabases('Mercado Pago gone silent', (dialect) => {
  const fake = new RecordingMercadoPago();
  let server: TestServer;
  beforeAll(async () => {
    await fake.start();
    // The product's own waits: no timeout given.
    server = await startServer(dialect, {
      payments: { accessToken: 'TEST-token', webhookSecret: 'segredo', baseUrl: fake.url },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('answers the clerk 502 within 12 seconds', { timeout: 60_000 }, async () => {
    const call = asAdmin(server, await server.session());
    const charge = await newCharge(call, '99,00');
    fake.silent = true;
    const started = Date.now();
    const answer = await call('POST', `/api/mercadopago/ticket/${charge.id}`, { method: 'pix' });
    const waited = Date.now() - started;
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe('O Mercado Pago não respondeu (tempo esgotado). Tente novamente em instantes.');
    expect(waited).toBeLessThan(12_000);
    expect((await call('GET', `/api/financials/${charge.id}`)).body.gateway_response).toBeNull();
  });
});

/** Issue 34: the simulation's "Pagar" pays only for the finance permission, and its public page masks the CPF. */
describeOnDatabases('the simulated payment page', (dialect) => {
  const shared = serverPerFile(dialect, { payments: { sandbox: true } });
  const user = async (name: string, email: string, role: number) => {
    const created = await shared.call('POST', '/api/users', {
      name,
      email,
      password: 'senha-de-quem-usa-1',
      role_id: role,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return shared.server.login(email, 'senha-de-quem-usa-1');
  };

  it('lets a teacher with the link look but not pay, a finance clerk pay, and shows the CPF masked', async () => {
    const { id, cpf } = await newCharge(shared.call, '99,90');
    const boleto = (await shared.call('POST', `/api/mercadopago/ticket/${id}`, {})).body;
    const pagePath = (boleto.transaction_details.external_resource_url as string).replace('http://escola.test', '');
    const page = await shared.server.request('GET', pagePath);
    expect(page.status).toBe(200);
    const masked = `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
    expect(page.body).toContain(`CPF ${masked}`);
    for (const shown of [cpf, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`, `-${cpf.slice(9)}`])
      expect(page.body).not.toContain(shown);
    const slip = await fetch(`${shared.server.url}${pagePath}/boleto.pdf`);
    const slipText = await pdfText(Buffer.from(await slip.arrayBuffer()));
    expect(slipText).toContain(masked);
    expect(slipText).not.toContain(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`);

    const teacher = await user('Professor Curioso', 'professor.curioso@escolamodelo.edu.br', ROLE_IDS.professor);
    const refused = await shared.server.request('POST', `${pagePath}/pay`, { token: teacher });
    expect(refused).toMatchObject({ status: 403, body: { message: forbiddenMessage('finance.write') } });
    expect((await shared.call('GET', `/api/financials/${id}`)).body.paid).toBe(0);

    const clerk = await user('Financeira Atenta', 'financeira.atenta@escolamodelo.edu.br', ROLE_IDS.financeiro);
    const paid = await shared.server.request('POST', `${pagePath}/pay`, { token: clerk });
    expect(paid.status).toBe(200);
    expect((await shared.call('GET', `/api/financials/${id}`)).body).toMatchObject({
      paid: 1,
      paid_user: { name: 'Financeira Atenta' },
    });
  });
});
