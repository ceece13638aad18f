import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

const STALE =
  'Esta cobrança foi alterada por outra pessoa depois que você a abriu. Nada foi gravado: abra-a de novo para ver como ela está agora e refaça a alteração.';
const PAID_VALUE =
  'Esta cobrança já está paga e o valor de uma cobrança paga não muda. Para corrigi-lo, desfaça o pagamento primeiro (desmarque "Pago" e salve) e depois altere o valor.';

/**
 * Issue 34: a paid charge's value and its recorded payment never disagree. Writes carry the version they read (a
 * stale one is 409); a write without one (the original client) still works, but never changes a paid charge's value.
 */
describeOnDatabases('charge versions: the value of a paid charge and its payment never disagree', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  let n = 0;

  /** A new unpaid charge of R$ 100,00 on a new student's enrolment. */
  async function charge(): Promise<{ id: number; version: number; registration_id: number }> {
    const student = await call('POST', '/api/students', { name: `Aluna Versionada ${++n}` });
    const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    const created = await call('POST', '/api/financials', {
      registration_id: registration.body.data.id,
      value: '100,00',
      due_date: '2030-03-10',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }
  const stored = (id: number) =>
    dynamic(shared.server.db)
      .selectFrom('financials')
      .select(['value_cents', 'paid', 'paid_principal_cents', 'paid_total_cents', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('answers each charge with its version, raised by every write', async () => {
    const created = await charge();
    expect(created.version).toBe(1);
    const edited = await call('PUT', `/api/financials/${created.id}`, { observations: 'Primeira', version: 1 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.version).toBe(2);
    expect((await call('GET', `/api/financials/${created.id}`)).body.version).toBe(2);
  });

  it('two clerks marking one charge paid with different values: one is written, the other is told, and what was paid is the value', async () => {
    // The original client sends no version: the later write is decided again on the charge as the first left it.
    const unversioned = await charge();
    const answers = await Promise.all(
      ['120,00', '130,00'].map((value) => call('PUT', `/api/financials/${unversioned.id}`, { paid: 1, value })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body).toMatchObject({ message: PAID_VALUE, errors: { value: [PAID_VALUE] } });
    const row = await stored(unversioned.id);
    expect(Number(row.paid)).toBe(1);
    expect(Number(row.paid_principal_cents)).toBe(Number(row.value_cents));
    expect(Number(row.value_cents)).toBe(answers[0].status === 200 ? 12000 : 13000);

    // This project's screen sends the version it read: the later one gets 409 and changes nothing.
    const versioned = await charge();
    const both = await Promise.all(
      ['120,00', '130,00'].map((value) =>
        call('PUT', `/api/financials/${versioned.id}`, { paid: 1, value, version: versioned.version }),
      ),
    );
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.status === 409)!.body).toEqual({ message: STALE });
    const written = both.find((a) => a.status === 200)!.body.data;
    expect(await stored(versioned.id)).toMatchObject({ version: 2 });
    expect(Number((await stored(versioned.id)).value_cents)).toBe(written.value_cents);
    // Even when the other clerk's save sent nothing that differs: the form was read before the change.
    const late = await call('PUT', `/api/financials/${versioned.id}`, { observations: 'ok', version: 1 });
    expect(late.status).toBe(409);
    expect((await call('GET', `/api/financials/${versioned.id}`)).body.observations).toBeNull();
  });

  it("changes a paid charge's value only once its payment is undone, and the receipt prints what was paid", async () => {
    const created = await charge();
    expect((await call('PUT', `/api/financials/${created.id}`, { paid: 1 })).status).toBe(200);
    // With or without the version, the value of a paid charge does not move by itself.
    for (const body of [{ value: '150,00' }, { value: '150,00', version: 2 }, { paid: 1, value: '150,00' }]) {
      const refused = await call('PUT', `/api/financials/${created.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.errors).toEqual({ value: [PAID_VALUE] });
    }
    expect(await stored(created.id)).toMatchObject({ version: 2 });
    // The same value sent again (the original client's edit form sends every field) is no change.
    const same = await call('PUT', `/api/financials/${created.id}`, { paid: 1, value: '100,00', observations: 'Ok' });
    expect(same.status).toBe(200);
    // Undone, changed, paid again: the payment records the new value, and so does the receipt.
    const undone = await call('PUT', `/api/financials/${created.id}`, { paid: 0, value: '150,00' });
    expect(undone.body.data).toMatchObject({ paid: 0, value_cents: 15000, paid_parts: null });
    expect((await call('PUT', `/api/financials/${created.id}`, { paid: 1 })).status).toBe(200);
    const row = await stored(created.id);
    expect([Number(row.value_cents), Number(row.paid_principal_cents), Number(row.paid_total_cents)]).toEqual([
      15000, 15000, 15000,
    ]);
    const receipt = await fetch(`${shared.server.url}/api/exports/receipt/${created.id}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const text = await pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain('R$ 150,00');
    expect(text).not.toContain('R$ 100,00');
  });

  it('refuses a stale version on delete, and a bad one as input', async () => {
    const created = await charge();
    await call('PUT', `/api/financials/${created.id}`, { observations: 'Mudou' });
    const stale = await call('DELETE', `/api/financials/${created.id}?version=1`);
    expect(stale).toMatchObject({ status: 409, body: { message: STALE } });
    expect((await call('GET', `/api/financials/${created.id}`)).status).toBe(200);
    const bad = await call('PUT', `/api/financials/${created.id}`, { version: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.version).toEqual(['A versão da pendência deve ser um número inteiro positivo.']);
    expect((await call('DELETE', `/api/financials/${created.id}?version=0`)).status).toBe(422);
    expect((await call('DELETE', `/api/financials/${created.id}?version=2`)).status).toBe(200);
    expect((await call('GET', `/api/financials/${created.id}`)).status).toBe(404);
  });
});

/**
 * Audit inside the transaction of the change it records (issue 34: "5 of 32 plan applications killed mid-request kept
 * their charges without audit"). With the audit log unwritable, each finance write must leave nothing behind.
 */
describeOnDatabases('finance writes and their audit commit together', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  it('makes no charge, change, removal, plan or scholarship whose audit row could not be written', async () => {
    const db = dynamic(shared.server.db);
    const student = await call('POST', '/api/students', { name: 'Aluna Sem Rastro' });
    const registration = (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 }))
      .body.data.id as number;
    const existing = (
      await call('POST', '/api/financials', { registration_id: registration, value: '100,00', due_date: '2030-03-10' })
    ).body.data;
    const plan = await call('POST', '/api/payment-plans', {
      name: 'Anuidade sem rastro',
      service_type_id: 1,
      payment_type_id: 4,
      instalments: 3,
      value: '200,00',
      due_day: 10,
      first_month: '2030-02',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('financials')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('registration_id', '=', registration)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const attempts = [
        await call('POST', '/api/financials', {
          registration_id: registration,
          value: '50,00',
          due_date: '2030-04-10',
        }),
        await call('POST', `/api/registrations/${registration}/apply-plan`, { payment_plan_id: plan.body.data.id }),
        await call('PUT', `/api/financials/${existing.id}`, { value: '999,00' }),
        await call('DELETE', `/api/financials/${existing.id}`),
        await call('PUT', `/api/registrations/${registration}/scholarship`, { kind: 'percent', value: 10 }),
      ];
      for (const answer of attempts) expect(answer.status).toBeGreaterThanOrEqual(500);
    } finally {
      await db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
    expect(await count()).toBe(1);
    expect((await call('GET', `/api/financials/${existing.id}`)).body).toMatchObject({
      value_cents: 10000,
      version: 1,
    });
    expect((await call('GET', `/api/registrations/${registration}/scholarship`)).body.data).toBeNull();
  });
});
