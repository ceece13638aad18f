import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { addDays } from '../../server/notifications/events';
import { diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('amount due of a charge', (dialect) => {
  const fresh = serverPerFile(dialect);

  async function charge(name: string, value: number | string, due_date: string) {
    const { enrol } = await diaryOf(fresh);
    const registration = await enrol(name);
    const created = await fresh.call('POST', '/api/financials', { registration_id: registration, value, due_date });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { registration, id: Number(created.body.data.id) };
  }
  const due = async (id: number, date?: string) =>
    fresh.call('GET', `/api/financials/${id}/amount-due${date === undefined ? '' : `?date=${date}`}`);

  it('answers the example of docs/escola/financas.md: R$ 500,00 due 10/03/2027 paid 25/03/2027 owes R$ 512,50', async () => {
    const { id } = await charge('Ana Exemplo', '500,00', '2027-03-10');
    expect((await due(id, '2027-03-25')).body).toEqual({
      principal: 50000,
      discount: 0,
      fine: 1000,
      interest: 250,
      total: 51250,
    });
    expect((await due(id, '2027-03-10')).body.total).toBe(50000);
    // Today (São Paulo) when no date is given: a charge due in a month owes its value.
    const future = await charge('Bruno Futuro', 80, addDays(schoolDayOf(), 30));
    expect((await due(future.id)).body).toEqual({ principal: 8000, discount: 0, fine: 0, interest: 0, total: 8000 });
  });

  it("takes the school's settings and the enrolment's scholarship, and a paid charge answers its value", async () => {
    const { id, registration } = await charge('Carla Bolsista', 500, '2027-03-10');
    const settings = (await fresh.call('GET', '/api/school-settings')).body.data;
    const saved = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      late_fees: { fine_percent: 2, interest_percent: 1, punctuality: { kind: 'percent', value: 5, days_before: 5 } },
    });
    expect(saved.status).toBe(200);
    try {
      const granted = await fresh.call('PUT', `/api/registrations/${registration}/scholarship`, {
        kind: 'percent',
        value: 10,
        reason: 'Convênio',
      });
      expect(granted.status).toBe(200);
      expect((await due(id, '2027-03-05')).body).toEqual({
        principal: 50000,
        discount: 7250,
        fine: 0,
        interest: 0,
        total: 42750,
      });
      expect((await due(id, '2027-03-25')).body).toEqual({
        principal: 50000,
        discount: 5000,
        fine: 900,
        interest: 225,
        total: 46125,
      });
      const paid = await fresh.call('PUT', `/api/financials/${id}`, { paid: 1, pay_day: '2027-03-25' });
      expect(paid.status).toBe(200);
      // Settled by hand on 25/03: what that day asked, whatever day is asked about later.
      expect(paid.body.data.paid_parts).toEqual({
        principal: 50000,
        discount: 5000,
        fine: 900,
        interest: 225,
        total: 46125,
      });
      expect((await due(id, '2027-04-30')).body).toEqual(paid.body.data.paid_parts);
    } finally {
      await fresh.call('PUT', '/api/school-settings', settings);
    }
  });

  it('refuses a date that is not a calendar day, and a charge that does not exist', async () => {
    const { id } = await charge('Davi Datas', 100, '2027-03-10');
    for (const bad of ['2027-02-30', '25/03/2027', 'hoje', '2027-3-1']) {
      const answer = await due(id, bad);
      expect(answer.status, bad).toBe(422);
      expect(answer.body.errors.date).toEqual(['Informe a data como AAAA-MM-DD, por exemplo 2027-03-25.']);
    }
    const missing = await due(999999, '2027-03-10');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Pendência financeira não encontrada.');
  });
});
