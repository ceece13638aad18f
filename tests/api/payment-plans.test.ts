import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

let seq = 0;

describeOnDatabases('payment plans: the resource and applying one to an enrolment', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  const annual = {
    name: 'Mensalidade 2027 — Ensino Fundamental',
    service_type_id: 1,
    payment_type_id: 4,
    instalments: 12,
    value: '1.250,00',
    due_day: 10,
    first_month: '2027-02',
  };

  async function plan(overrides: Record<string, unknown> = {}): Promise<number> {
    const created = await call('POST', '/api/payment-plans', { ...annual, name: `Plano ${++seq}`, ...overrides });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  }

  /** A new student enrolled in team 1: the registration's id. */
  async function enrolment(): Promise<number> {
    const student = await call('POST', '/api/students', { name: `Aluna do Plano ${++seq}` });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    expect(registration.status, JSON.stringify(registration.body)).toBe(201);
    return registration.body.data.id as number;
  }

  const chargesOf = async (registration: number) =>
    dynamic(shared.server.db)
      .selectFrom('financials')
      .select(['quota', 'due_date', 'value_cents', 'payment_plan_id', 'service_type_id', 'payment_type_id'])
      .where('registration_id', '=', registration)
      .orderBy('quota')
      .execute();

  async function signedInAs(role: keyof typeof ROLE_IDS): Promise<string> {
    const email = `planos.${role}.${++seq}@escolamodelo.edu.br`;
    const body = { name: `Planos ${role}`, email, password: 'senha-dos-planos-1', role_id: ROLE_IDS[role] };
    expect((await call('POST', '/api/users', body)).status).toBe(201);
    return shared.server.session(email);
  }

  it('creates, lists, shows, edits and deletes a plan; the value travels in reais and is kept in centavos', async () => {
    const created = await call('POST', '/api/payment-plans', annual);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const shown = await call('GET', `/api/payment-plans/${id}`);
    expect(shown.body[0]).toMatchObject({
      name: 'Mensalidade 2027 — Ensino Fundamental',
      instalments: 12,
      value: 1250,
      value_cents: 125000,
      due_day: 10,
      first_month: '2027-02',
      service_type: { id: 1 },
      payment_type: { id: 4 },
    });
    const stored = await dynamic(shared.server.db)
      .selectFrom('payment_plans')
      .select('value_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.value_cents)).toBe(125000);

    const edited = await call('PUT', `/api/payment-plans/${id}`, { value: 1300.5, first_month: '03/2027' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await call('GET', `/api/payment-plans/${id}`);
    expect(again.body[0]).toMatchObject({ value: 1300.5, value_cents: 130050, first_month: '2027-03' });

    const list = await call('GET', '/api/payment-plans?search=fundamental&sortBy=value&sortDesc=true');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: number }) => p.id)).toContain(id);

    expect((await call('DELETE', `/api/payment-plans/${id}`)).status).toBe(200);
    expect((await call('GET', `/api/payment-plans/${id}`)).status).toBe(404);
  });

  it('refuses bad values with pt-BR messages naming each field', async () => {
    const bad = await call('POST', '/api/payment-plans', {
      name: '',
      service_type_id: 999999,
      instalments: 25,
      value: '0',
      due_day: 32,
      first_month: '2027-13',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      name: ['O campo Nome é obrigatório.'],
      payment_type_id: ['O campo Forma de pagamento é obrigatório.'],
      instalments: ['O campo Parcelas deve ser no máximo 24.'],
      value: ['O campo Valor da parcela deve ser um valor em reais maior que zero, como 1.234,56.'],
      due_day: ['O campo Dia de vencimento deve ser no máximo 31.'],
      first_month: ['O campo Mês da primeira parcela deve ser um mês válido, como 2027-02.'],
    });
    const zero = await call('POST', '/api/payment-plans', { ...annual, instalments: 0, due_day: 0, value: 'abc' });
    expect(zero.body.errors).toMatchObject({
      instalments: ['O campo Parcelas deve ser no mínimo 1.'],
      due_day: ['O campo Dia de vencimento deve ser no mínimo 1.'],
      value: ['O campo Valor da parcela deve ser um valor em reais maior que zero, como 1.234,56.'],
    });
    const missing = await call('POST', '/api/payment-plans', { ...annual, service_type_id: 999999 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.service_type_id).toBeDefined();
  });

  it('applies a plan: instalment i on the due day of month first_month + i, clamped across February 2027 and 2028', async () => {
    const id = await plan({ due_day: 31, first_month: '2027-01', instalments: 14, value: '1.250,00' });
    const registration = await enrolment();
    const applied = await call('POST', `/api/registrations/${registration}/apply-plan`, { payment_plan_id: id });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.message).toBe('14 pendências financeiras adicionadas com sucesso!');
    expect(applied.body.data).toHaveLength(14);
    expect(applied.body.data[0]).toMatchObject({
      registration_id: registration,
      value: 1250,
      value_cents: 125000,
      quota: 1,
      paid: 0,
      payment_plan_id: id,
      service_type: { id: 1 },
      payment_type: { id: 4 },
    });
    const rows = await chargesOf(registration);
    expect(rows.map((r) => r.due_date)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
    ]);
    expect(rows.map((r) => Number(r.quota))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(rows.every((r) => Number(r.value_cents) === 125000 && Number(r.payment_plan_id) === id)).toBe(true);
  });

  it('numbers the quotas from the next free one and moves the first due date with first_due_date', async () => {
    const id = await plan({ due_day: 10, first_month: '2027-02', instalments: 3 });
    const registration = await enrolment();
    const byHand = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '300,00',
      due_date: '2027-01-05',
      service_type_id: 1,
    });
    expect(byHand.status).toBe(201);
    const applied = await call('POST', `/api/registrations/${registration}/apply-plan`, {
      payment_plan_id: id,
      first_due_date: '2027-01-30',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const rows = await chargesOf(registration);
    expect(rows.map((r) => [Number(r.quota), r.due_date])).toEqual([
      [1, '2027-01-05'],
      [2, '2027-01-30'],
      [3, '2027-02-28'],
      [4, '2027-03-30'],
    ]);
    const bad = await call('POST', `/api/registrations/${registration}/apply-plan`, {
      payment_plan_id: id,
      first_due_date: '31/02/2027',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.first_due_date).toEqual(['O campo Primeiro vencimento deve ser uma data válida.']);
  });

  it('refuses a plan the enrolment already has (409), and a plan in use cannot be deleted', async () => {
    const id = await plan({ instalments: 2 });
    const registration = await enrolment();
    const url = `/api/registrations/${registration}/apply-plan`;
    expect((await call('POST', url, { payment_plan_id: id })).status).toBe(201);
    const again = await call('POST', url, { payment_plan_id: id });
    expect(again.status).toBe(409);
    const name = (await call('GET', `/api/payment-plans/${id}`)).body[0].name;
    expect(again.body.message).toBe(`Esta matrícula já tem as cobranças do plano “${name}”.`);
    expect(await chargesOf(registration)).toHaveLength(2);

    const removed = await call('DELETE', `/api/payment-plans/${id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toMatch(/^Não é possível apagar .*pendências financeiras/);
  });

  it('two (and six) requests at once: one 201, the others 409, exactly N charges', async () => {
    const id = await plan({ instalments: 12 });
    const registration = await enrolment();
    const url = `/api/registrations/${registration}/apply-plan`;
    const answers = await Promise.all([
      call('POST', url, { payment_plan_id: id }),
      call('POST', url, { payment_plan_id: id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await chargesOf(registration)).toHaveLength(12);
    // More at once on another enrolment: still one of them only.
    const other = await enrolment();
    const many = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/api/registrations/${other}/apply-plan`, { payment_plan_id: id })),
    );
    expect(many.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await chargesOf(other)).toHaveLength(12);
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/^Esta matrícula já tem as cobranças do plano/);
    expect(await chargesOf(registration)).toHaveLength(12);
  });

  it('answers 422 for a missing or unknown plan and 404 for an enrolment that does not exist', async () => {
    const registration = await enrolment();
    const none = await call('POST', `/api/registrations/${registration}/apply-plan`, {});
    expect(none.status).toBe(422);
    expect(none.body.errors.payment_plan_id).toEqual(['Selecione o plano de pagamento.']);
    const unknown = await call('POST', `/api/registrations/${registration}/apply-plan`, { payment_plan_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.payment_plan_id).toEqual(['Plano de pagamento não encontrado.']);
    const id = await plan();
    const gone = await call('POST', '/api/registrations/999999/apply-plan', { payment_plan_id: id });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Matrícula não encontrada.');
  });

  it('enrols and applies a plan in one step; without the finance permission, or with an unknown plan, nobody is enrolled', async () => {
    const id = await plan({ instalments: 3 });
    const student = await call('POST', '/api/students', { name: `Aluno Matriculado com Plano ${++seq}` });
    const studentId = student.body.data.id as number;
    const registrationsOf = async () =>
      dynamic(shared.server.db).selectFrom('registrations').select('id').where('student_id', '=', studentId).execute();

    const unknown = await call('POST', '/api/registrations', {
      student_id: studentId,
      team_id: 1,
      payment_plan_id: 999999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.payment_plan_id).toEqual(['Plano de pagamento não encontrado.']);
    const office = await signedInAs('secretaria');
    const forbidden = await shared.server.request('POST', '/api/registrations', {
      token: office,
      body: { student_id: studentId, team_id: 1, payment_plan_id: id },
    });
    expect(forbidden.status).toBe(403);
    expect(await registrationsOf()).toHaveLength(0);

    const enrolled = await call('POST', '/api/registrations', {
      student_id: studentId,
      team_id: 1,
      payment_plan_id: id,
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    expect(enrolled.body.message).toBe('Matrícula realizada com sucesso!');
    expect(enrolled.body.data.financials).toHaveLength(3);
    const [registration] = await registrationsOf();
    expect((await chargesOf(Number(registration.id))).map((r) => r.due_date)).toEqual([
      '2027-02-10',
      '2027-03-10',
      '2027-04-10',
    ]);
  });

  it('is for finance.write: the office (finance.read) lists plans but neither writes nor applies them', async () => {
    const id = await plan();
    const registration = await enrolment();
    const office = await signedInAs('secretaria');
    const as = (method: string, path: string, body?: unknown) =>
      shared.server.request(method, path, { token: office, body });
    expect((await as('GET', '/api/payment-plans')).status).toBe(200);
    expect((await as('POST', '/api/payment-plans', annual)).status).toBe(403);
    const apply = await as('POST', `/api/registrations/${registration}/apply-plan`, { payment_plan_id: id });
    expect(apply.status).toBe(403);
    const teacher = await signedInAs('professor');
    expect((await shared.server.request('GET', '/api/payment-plans', { token: teacher })).status).toBe(403);
    const clerk = await signedInAs('financeiro');
    const applied = await shared.server.request('POST', `/api/registrations/${registration}/apply-plan`, {
      token: clerk,
      body: { payment_plan_id: id },
    });
    expect(applied.status).toBe(201);
  });
});
