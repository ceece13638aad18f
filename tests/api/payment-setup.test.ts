import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dynamic, openDb } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { seedDemoSchool } from '../../server/seed/demo';
import { buildApp } from '../../server/app';
import { NOT_CONFIGURED } from '../../server/payments/routes';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, freshSchema } from './support/server';

/**
 * A school without a Mercado Pago token and without PAYMENTS_SANDBOX: no simulated payment can be made
 * or paid; the office is told that payments are not configured.
 */
describeOnDatabases('payments neither configured nor simulated', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  it('answers every payment route with a clear 503 instead of a fake, and serves no simulation page', async () => {
    const student = await call('POST', '/api/students', { name: 'Carla Sem Pagamentos' });
    const registration = (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 }))
      .body.data.id;
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '10,00', due_date: '2030-01-10' })
    ).body.data;
    for (const route of [`/api/mercadopago/ticket/${charge.id}`, `/api/mercadopago/preference/${charge.id}`]) {
      const answer = await call('POST', route, { method: 'pix' });
      expect(answer.status, route).toBe(503);
      expect(answer.body.message).toBe(NOT_CONFIGURED);
    }
    const webhook = await shared.server.request('POST', '/api/webhooks/mercadopago?data.id=1&type=payment', {
      body: { type: 'payment', data: { id: '1' } },
    });
    expect(webhook.status).toBe(503);
    expect((await shared.server.request('GET', `/api/payments/sandbox/${'a'.repeat(32)}`)).status).toBe(404);
    expect(await dynamic(shared.server.db).selectFrom('sandbox_payments').select('id').execute()).toEqual([]);
    const stored = (await call('GET', `/api/financials/${charge.id}`)).body;
    expect(stored).toMatchObject({ paid: 0, gateway_response: null });
  });

  it('refuses to build a server that simulates payments on a published (https) address', async () => {
    await expect(
      buildApp({
        db: shared.server.db,
        tokenTtlHours: 1,
        appUrl: 'https://secretaria.escola.edu.br',
        payments: { sandbox: true },
      }),
    ).rejects.toThrow('A simulação de pagamentos (PAYMENTS_SANDBOX) não pode ser usada com um APP_URL https.');
  });

  it('creates payment types 1 to 4 on every install, the demo adds its others once, and the next type made is 5 or more', async () => {
    const cleanup: (() => Promise<void>)[] = [];
    const fresh = async () => {
      if (dialect === 'postgres') {
        const { url, schema, drop } = await freshSchema();
        const db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
        cleanup.push(async () => (await db.destroy(), await drop()));
        return db;
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-types-'));
      const db = openDb({ dataDir: dir });
      cleanup.push(async () => (await db.destroy(), fs.rmSync(dir, { recursive: true, force: true })));
      return db;
    };
    const types = (db: Awaited<ReturnType<typeof fresh>>) =>
      dynamic(db).selectFrom('payment_types').select(['id', 'name']).orderBy('id').execute();
    try {
      // A school without the demo.
      const plain = await fresh();
      await migrateToLatest(plain);
      await seedDemoSchool(plain, {
        adminEmail: 'diretora@escola.edu.br',
        adminPassword: 'senha-da-diretora',
        demo: false,
      });
      expect((await types(plain)).map((t) => [Number(t.id), t.name])).toEqual([
        [1, 'Cartão de crédito'],
        [2, 'Cartão de débito'],
        [3, 'Dinheiro'],
        [4, 'Boleto'],
      ]);
      const made = await dynamic(plain)
        .insertInto('payment_types')
        .values({ name: 'Cheque', created_at: '2026-11-25', updated_at: '2026-11-25' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(made.id)).toBe(5);
      // Migrating again changes nothing.
      expect(await migrateToLatest(plain)).toEqual([]);
      // The demo school on top: its types, each once, the fixed ids kept.
      const demo = await fresh();
      await migrateToLatest(demo);
      await seedDemoSchool(demo, {
        adminEmail: 'diretora@escola.edu.br',
        adminPassword: 'senha-da-diretora',
        withStudents: false,
      });
      expect((await types(demo)).map((t) => [Number(t.id), t.name])).toEqual([
        [1, 'Cartão de crédito'],
        [2, 'Cartão de débito'],
        [3, 'Dinheiro'],
        [4, 'Boleto'],
        [5, 'PIX'],
        [6, 'Transferência bancária'],
      ]);
      // Its payment plans name those types and the demo's services, ready to apply (none applied).
      const plans = await dynamic(demo)
        .selectFrom('payment_plans as p')
        .innerJoin('payment_types as pt', 'pt.id', 'p.payment_type_id')
        .innerJoin('service_types as st', 'st.id', 'p.service_type_id')
        .select(['p.name', 'st.name as service', 'pt.name as type', 'p.instalments', 'p.value_cents', 'p.first_month'])
        .orderBy('p.id')
        .execute();
      expect(
        plans.map((p) => ({ ...p, instalments: Number(p.instalments), value_cents: Number(p.value_cents) })),
      ).toEqual([
        {
          name: 'Mensalidade 2027 — 12 parcelas',
          service: 'Mensalidade',
          type: 'Boleto',
          instalments: 12,
          value_cents: 65000,
          first_month: '2027-01',
        },
        {
          name: 'Material didático 2027 — 3 parcelas',
          service: 'Material didático',
          type: 'PIX',
          instalments: 3,
          value_cents: 18000,
          first_month: '2027-01',
        },
      ]);
    } finally {
      for (const close of cleanup) await close();
    }
  });
});
