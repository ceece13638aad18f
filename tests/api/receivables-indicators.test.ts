import { expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic } from '../../server/db/connection';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

// Days as the school counts them, built here on their own (not with the module under test).
const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const firstOfMonth = (day: string, n = 0) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
const lastOfMonth = (day: string) => shift(firstOfMonth(day, 1), -1);

interface Charge {
  team: 1 | 3;
  value: number;
  due: string;
  pay_day?: string;
}

describeOnDatabases('GET /indicators/receivables', (dialect) => {
  const fresh = serverPerTest(dialect);
  const today = schoolDayOf();
  const T = (n: number) => shift(today, n);

  /** One student enrolled in each of teams 1 and 3, and the charges written straight into the database. */
  async function build(charges: Charge[]) {
    const registration: Record<number, number> = {};
    for (const team of [1, 3]) {
      const student = await fresh.call('POST', '/api/students', { name: `Aluno da turma ${team}` });
      expect(student.status, JSON.stringify(student.body)).toBe(201);
      const enrolled = await fresh.call('POST', '/api/registrations', {
        student_id: student.body.data.id,
        team_id: team,
      });
      registration[team] = enrolled.body.data.id;
    }
    const now = new Date().toISOString();
    await dynamic(fresh.server.db)
      .insertInto('financials')
      .values(
        charges.map((c, i) => ({
          registration_id: registration[c.team],
          value_cents: c.value,
          quota: i + 1,
          due_date: c.due,
          paid: c.pay_day ? 1 : 0,
          pay_day: c.pay_day ?? null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  // Values are powers of two (in centavos): each sum names the charges in it.
  const CHARGES: Charge[] = [
    { team: 1, value: 1, due: T(0) }, // open, due today: to receive, not overdue
    { team: 1, value: 2, due: lastOfMonth(today) }, // open, due at the month's end
    { team: 1, value: 4, due: T(-1) }, // 1 day late
    { team: 1, value: 8, due: T(-30) }, // 30 days late
    { team: 1, value: 16, due: T(-31) }, // 31
    { team: 3, value: 32, due: T(-60) }, // 60
    { team: 3, value: 64, due: T(-61) }, // 61
    { team: 3, value: 128, due: T(-90) }, // 90
    { team: 3, value: 256, due: T(-91) }, // 91
    { team: 3, value: 512, due: T(-400) }, // over a year late: overdue, outside the 12 months of the rate
    { team: 1, value: 1024, due: T(-40), pay_day: T(0) }, // paid today, 40 days late
    { team: 3, value: 2048, due: T(-45), pay_day: T(-45) }, // paid on its due date, before this month
    { team: 1, value: 4096, due: T(20), pay_day: T(0) }, // paid today, ahead of its due date
    { team: 3, value: 8192, due: T(-100), pay_day: T(-101) }, // paid the day before it was due
  ];
  const inMonth = (day: string) => day >= firstOfMonth(today) && day <= lastOfMonth(today);
  const sum = (list: Charge[]) => list.reduce((s, c) => s + c.value, 0);
  const open = (c: Charge) => !c.pay_day;

  it('sums to receive, received, overdue and its aging, for the school and per team, each with its filter', async () => {
    await build(CHARGES);
    const answer = await fresh.call('GET', '/api/indicators/receivables');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body.today).toBe(today);

    const toReceive = CHARGES.filter((c) => open(c) && inMonth(c.due));
    expect(body.to_receive).toEqual({
      count: toReceive.length,
      total: sum(toReceive),
      filter: { due_from: firstOfMonth(today), due_to: lastOfMonth(today), paid: 0 },
    });
    // Paid today: the 40-days-late one and the one paid ahead (1024 + 4096).
    expect(body.received).toEqual({
      count: 2,
      total: 5120,
      filter: { pay_from: firstOfMonth(today), pay_to: lastOfMonth(today), paid: 1 },
    });
    // Every open charge due before today: 4 + 8 + … + 512.
    expect(body.overdue).toEqual({ count: 8, total: 1020, filter: { due_to: T(-1), paid: 0 } });
    expect(body.aging).toEqual([
      { key: '1-30', label: '1 a 30 dias', count: 2, total: 12, filter: { due_from: T(-30), due_to: T(-1), paid: 0 } },
      {
        key: '31-60',
        label: '31 a 60 dias',
        count: 2,
        total: 48,
        filter: { due_from: T(-60), due_to: T(-31), paid: 0 },
      },
      {
        key: '61-90',
        label: '61 a 90 dias',
        count: 2,
        total: 192,
        filter: { due_from: T(-90), due_to: T(-61), paid: 0 },
      },
      { key: '91+', label: 'Mais de 90 dias', count: 2, total: 768, filter: { due_to: T(-91), paid: 0 } },
    ]);

    // Per team: Turma Médio 2026 A (1) and Enfermagem 2026.1 (3), by name.
    expect(body.teams.map((t: { name: string }) => t.name)).toEqual(['Enfermagem 2026.1', 'Turma Médio 2026 A']);
    const [nursing, medio] = body.teams;
    expect(medio.team_id).toBe(1);
    expect(medio.overdue).toEqual({ count: 3, total: 28, filter: { due_to: T(-1), paid: 0, team_id: 1 } });
    expect(medio.received).toMatchObject({ count: 2, total: 5120 });
    expect(medio.to_receive.total).toBe(sum(toReceive.filter((c) => c.team === 1)));
    expect(medio.aging.map((a: { total: number }) => a.total)).toEqual([12, 16, 0, 0]);
    expect(nursing.overdue).toEqual({ count: 5, total: 992, filter: { due_to: T(-1), paid: 0, team_id: 3 } });
    expect(nursing.received).toMatchObject({ count: 0, total: 0 });
    expect(nursing.aging.map((a: { total: number }) => a.total)).toEqual([0, 32, 192, 768]);
    expect(nursing.aging[3].filter).toEqual({ due_to: T(-91), paid: 0, team_id: 3 });
  });

  it('gives the default rate of each of the last 12 months: the share of what fell due still open or paid late', async () => {
    await build(CHARGES);
    const body = (await fresh.call('GET', '/api/indicators/receivables')).body;
    const months = Array.from({ length: 12 }, (_, i) => firstOfMonth(today, i - 11).slice(0, 7));
    expect(body.default_rate.map((m: { month: string }) => m.month)).toEqual(months);
    // Counted: due from the first of the month 11 months ago up to yesterday (the 400-days-late and the
    // not-yet-due ones are not); late: open, or paid after the due date (1024; 2048 and 8192 were on time).
    const counted = CHARGES.filter((c) => c.due >= firstOfMonth(today, -11) && c.due < today);
    const late = (c: Charge) => !c.pay_day || c.pay_day > c.due;
    for (const [i, month] of months.entries()) {
      const due = counted.filter((c) => c.due.startsWith(month));
      const dueTotal = sum(due);
      const lateTotal = sum(due.filter(late));
      expect(body.default_rate[i], month).toMatchObject({
        month,
        due_total: dueTotal,
        late_total: lateTotal,
        rate: dueTotal ? Math.round((lateTotal / dueTotal) * 10_000) / 10_000 : null,
      });
    }
    // Over the 12 months: 4+8+16+32+64+128+256+1024 late of those plus 2048 and 8192.
    expect(sum(counted)).toBe(11772);
    expect(body.default_rate.reduce((s: number, m: { late_total: number }) => s + m.late_total, 0)).toBe(1532);
    expect(body.teams[1].default_rate).toEqual({ due_total: 1052, late_total: 1052, rate: 1 });
    expect(body.teams[0].default_rate).toEqual({ due_total: 10720, late_total: 480, rate: 0.0448 });
    // The current month links to the charges due from its first day to yesterday.
    expect(body.default_rate[11].filter).toEqual({ due_from: firstOfMonth(today), due_to: T(-1) });
  });

  it('narrows every figure to one team with ?team_id=, and refuses a team that is no id', async () => {
    await build(CHARGES);
    const body = (await fresh.call('GET', '/api/indicators/receivables?team_id=3')).body;
    expect(body.team_id).toBe(3);
    expect(body.overdue).toEqual({ count: 5, total: 992, filter: { due_to: T(-1), paid: 0, team_id: 3 } });
    expect(body.received).toMatchObject({ count: 0, total: 0 });
    expect(body.teams.map((t: { team_id: number }) => t.team_id)).toEqual([3]);
    const bad = await fresh.call('GET', '/api/indicators/receivables?team_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Selecione uma turma válida.');
  });

  it('follows every change of the charges and of the enrolment’s team (the sums kept by triggers)', async () => {
    await build(CHARGES);
    const k = dynamic(fresh.server.db);
    const figures = async () => (await fresh.call('GET', '/api/indicators/receivables')).body;
    const byTeam = (body: { teams: { team_id: number; overdue: { total: number } }[] }) =>
      Object.fromEntries(body.teams.map((t) => [t.team_id, t.overdue.total]));
    expect(byTeam(await figures())).toEqual({ 1: 28, 3: 992 });

    // The 1-day-late charge is paid today through the API: no longer overdue, received this month.
    const late = await k.selectFrom('financials').select('id').where('value_cents', '=', 4).executeTakeFirstOrThrow();
    expect((await fresh.call('PUT', `/api/financials/${late.id}`, { paid: 1, pay_day: today })).status).toBe(200);
    let body = await figures();
    expect(body.overdue).toMatchObject({ count: 7, total: 1016 });
    expect(body.received).toMatchObject({ count: 3, total: 5124 });

    // Team 1's enrolment moves to team 2 (Turma Médio 2026 B): its charges go with it.
    const medio = await k
      .selectFrom('financials')
      .select('registration_id')
      .where('value_cents', '=', 8)
      .executeTakeFirstOrThrow();
    await k.updateTable('registrations').set({ team_id: 2 }).where('id', '=', medio.registration_id).execute();
    body = await figures();
    expect(byTeam(body)).toEqual({ 2: 24, 3: 992 });
    // A charge deleted and one whose value changed, in bulk SQL.
    await k.deleteFrom('financials').where('value_cents', '=', 512).execute();
    await k.updateTable('financials').set({ value_cents: 1000 }).where('value_cents', '=', 256).execute();
    body = await figures();
    expect(byTeam(body)).toEqual({ 2: 24, 3: 1224 });
    expect(body.aging[3]).toMatchObject({ count: 1, total: 1000 });
  });

  it('counts as received what the paid charges brought in (their paid parts), not their face value', async () => {
    const student = await fresh.call('POST', '/api/students', { name: 'Aluna Recebida Nogueira' });
    const enrolled = await fresh.call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    const add = async (value: string, due: string) =>
      (await fresh.call('POST', '/api/financials', { registration_id: enrolled.body.data.id, value, due_date: due }))
        .body.data.id as number;
    // R$ 500,00 ten days late, paid today at the desk: 500,00 + 10,00 fine + 1,67 interest (the school's 2 % and
    // 1 % a month) = 511,67. And R$ 120,00 paid on its due date: 120,00.
    const late = await add('500,00', T(-10));
    const onTime = await add('120,00', T(0));
    for (const id of [late, onTime])
      expect((await fresh.call('PUT', `/api/financials/${id}`, { paid: 1, pay_day: today })).status).toBe(200);
    let body = (await fresh.call('GET', '/api/indicators/receivables')).body;
    expect(body.received).toMatchObject({ count: 2, total: 51167 + 12000 });
    expect(body.teams[0].received).toMatchObject({ count: 2, total: 63167 });

    // What a charge was paid of each part, changed in bulk SQL: the sums follow (the triggers watch it too).
    await dynamic(fresh.server.db)
      .updateTable('financials')
      .set({ paid_total_cents: 12500 })
      .where('id', '=', onTime)
      .execute();
    body = (await fresh.call('GET', '/api/indicators/receivables')).body;
    expect(body.received.total).toBe(51167 + 12500);
    // Reopened (undone), it is no longer received.
    expect((await fresh.call('PUT', `/api/financials/${late}`, { paid: 0 })).status).toBe(200);
    body = (await fresh.call('GET', '/api/indicators/receivables')).body;
    expect(body.received).toMatchObject({ count: 1, total: 12500 });
  });

  // Who may ask is in permissions-matrix.test.ts (finance.read).
  it('answers zeros on a school without charges', async () => {
    const body = (await fresh.call('GET', '/api/indicators/receivables')).body;
    expect(body.overdue).toMatchObject({ count: 0, total: 0 });
    expect(body.default_rate.every((m: { rate: number | null }) => m.rate === null)).toBe(true);
    expect(body.teams).toEqual([]);
  });
});
