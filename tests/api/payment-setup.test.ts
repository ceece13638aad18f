import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dynamic } from '../../server/db/connection';
import { NOT_CONFIGURED } from '../../server/payments/routes';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/**
 * A school without a Mercado Pago token and without PAYMENTS_SANDBOX: no simulated payment can be made
 * or paid; the office is told that payments are not configured.
 */
describeOnDatabases('payments neither configured nor simulated', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  it('answers every payment route with a clear 503 instead of a fake, and serves no simulation page', async () => {
    const student = await call('POST', '/api/students', { name: 'Carla Sem Pagamentos' });
    const registration = (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 })).body.data.id;
    const charge = (await call('POST', '/api/financials', { registration_id: registration, value: '10,00', due_date: '2030-01-10' })).body.data;
    for (const route of [`/api/mercadopago/ticket/${charge.id}`, `/api/mercadopago/preference/${charge.id}`]) {
      const answer = await call('POST', route, { method: 'pix' });
      expect(answer.status, route).toBe(503);
      expect(answer.body.message).toBe(NOT_CONFIGURED);
    }
    const webhook = await shared.server.request('POST', '/api/webhooks/mercadopago?data.id=1&type=payment', { body: { type: 'payment', data: { id: '1' } } });
    expect(webhook.status).toBe(503);
    expect((await shared.server.request('GET', `/api/payments/sandbox/${'a'.repeat(32)}`)).status).toBe(404);
    expect(await dynamic(shared.server.db).selectFrom('sandbox_payments').select('id').execute()).toEqual([]);
    const stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(stored).toMatchObject({ paid: 0, gateway_response: null });
  });

  it('refuses to build a server that simulates payments on a published (https) address', async () => {
    await expect(buildApp({ db: shared.server.db, tokenTtlHours: 1, appUrl: 'https://secretaria.escola.edu.br', payments: { sandbox: true } })).rejects.toThrow(
      'A simulação de pagamentos (PAYMENTS_SANDBOX) não pode ser usada com um APP_URL https.',
    );
  });
});
