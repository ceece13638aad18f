import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { createMailer } from '../../server/mail/mailer';
import { remindPending, sweepEnrolment } from '../../server/enrolment/reminders';
import { debtOf } from '../../server/enrolment/debt';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases, ROLE_IDS } from './support/server';

const APP_URL = 'https://secretaria.escola.test';
const HOUR = 3_600_000;

/**
 * The enrolment season, the office's side (issue 39), through the API: campaigns and every refusal of their lines,
 * the prefill from the rollover's successors, the invitation (once, however often and however parallel), the panel
 * and the list of requests, returning a request, the reminders (once a day), the debt and who may do any of it. Each
 * test builds its own teams and families, so they pass in any order on one database.
 */
describeOnDatabases('enrolment campaigns (office)', (dialect) => {
  const shared = serverPerFile(dialect, { appUrl: APP_URL });
  const call = shared.call;
  let y2026: number, y2027: number, grid: number, plan: number, template: number;
  let serial = 0;

  async function ok(method: string, path: string, body?: unknown, status = 201) {
    const answer = await call(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  const team = async (name: string, yearId: number, start: string) =>
    Number(
      (
        await ok('POST', '/api/teams', {
          name,
          start_date: start,
          end_date: `${start.slice(0, 4)}-12-18`,
          polo_id: 1,
          grid_id: grid,
          school_year_id: yearId,
        })
      ).data.id,
    );

  /** A 2026 team with these students (each with a paying mother who has an e-mail), and its 2027 successor. */
  async function classOf(students: string[]) {
    const tag = ++serial;
    const from = await team(`6º ano A 2026 (${tag})`, y2026, '2026-02-02');
    const to = await team(`7º ano A 2027 (${tag})`, y2027, '2027-02-01');
    await dynamic(shared.server.db)
      .updateTable('teams')
      .set({ previous_team_id: from, payment_plan_id: plan })
      .where('id', '=', to)
      .execute();
    const ids: number[] = [];
    for (const name of students) {
      const student = Number((await ok('POST', '/api/students', { name })).data.id);
      await ok('POST', '/api/teams/register-student', {
        student_id: student,
        team_id: from,
        enrolled_on: '2026-02-02',
      });
      const mother = await ok('POST', '/api/guardians', {
        name: `Mãe de ${name}`,
        email: `mae.${student}@familia.test`,
      });
      await ok('POST', `/api/students/${student}/guardians`, {
        guardian_id: mother.data.id,
        kinship: 'mae',
        financial_responsible: true,
        pedagogical_responsible: true,
      });
      ids.push(student);
    }
    return { from, to, students: ids };
  }

  const campaignBody = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
    school_year_id: y2027,
    kind: 'rematricula',
    opens_on: '2020-11-01',
    closes_on: '2099-01-31',
    documents: ['Comprovante de residência', 'Declaração de quitação'],
    terms: 'Declaro que as informações são verdadeiras.',
    teams: lines,
    ...extra,
  });

  async function openCampaign(from: number, to: number) {
    const created = await ok(
      'POST',
      '/api/enrolment-campaigns',
      campaignBody([{ from_team_id: from, to_team_id: to, payment_plan_id: plan, contract_template_id: template }]),
    );
    return Number(created.data.id);
  }

  const outboxTo = async (prefix: string) =>
    dynamic(shared.server.db)
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'body'])
      .where('to_address', 'like', `${prefix}%`)
      .orderBy('id')
      .execute();

  const requestsOf = (campaign: number) =>
    dynamic(shared.server.db)
      .selectFrom('enrolment_requests')
      .selectAll()
      .where('campaign_id', '=', campaign)
      .orderBy('student_id')
      .execute();

  async function mailer<T>(work: (m: ReturnType<typeof createMailer>) => Promise<T>): Promise<T> {
    const m = createMailer(shared.server.db, { from: 'Escola <nao-responda@escola.test>' });
    try {
      return await work(m);
    } finally {
      await m.close();
    }
  }

  beforeAll(async () => {
    const years = (await ok('GET', '/api/school-years?page=0', undefined, 200)).data as { id: number; year: number }[];
    y2026 = years.find((y) => y.year === 2026)!.id;
    y2027 = years.find((y) => y.year === 2027)!.id;
    grid = Number((await ok('POST', '/api/grids', { name: 'Fundamental II', course_id: 1 })).data.id);
    plan = Number(
      (
        await ok('POST', '/api/payment-plans', {
          name: 'Mensalidade 2027',
          service_type_id: 1,
          payment_type_id: 4,
          instalments: 3,
          value: '850,00',
          due_day: 10,
          first_month: '2027-02',
        })
      ).data.id,
    );
    template = Number(
      (await ok('POST', '/api/text-documents', { name: 'Contrato 2027', content: 'Contrato de {{aluno}}.' })).data.id,
    );
  });

  it('creates and edits a campaign with its teams and documents, and reads it back as the list and the record', async () => {
    const { from, to } = await classOf([]);
    const id = await openCampaign(from, to);
    const [record] = await ok('GET', `/api/enrolment-campaigns/${id}`, undefined, 200);
    expect(record).toMatchObject({
      id,
      school_year_id: y2027,
      kind: 'rematricula',
      // What a reference to the campaign shows (the admissions list), written by the server.
      name: 'Rematrícula 2027',
      opens_on: '2020-11-01',
      closes_on: '2099-01-31',
      documents: ['Comprovante de residência', 'Declaração de quitação'],
      teams: [{ from_team_id: from, to_team_id: to, payment_plan_id: plan, contract_template_id: template }],
    });
    const edited = await ok(
      'PUT',
      `/api/enrolment-campaigns/${id}`,
      { closes_on: '2099-02-15', documents: ['RG do aluno'] },
      200,
    );
    expect(edited.data).toMatchObject({ closes_on: '2099-02-15', documents: ['RG do aluno'] });
    expect(edited.data.teams).toHaveLength(1);
    const list = await ok('GET', '/api/enrolment-campaigns?page=0', undefined, 200);
    expect(list.data.find((c: { id: number }) => c.id === id).teams[0].to_team_id).toBe(to);
  });

  it('refuses, in Portuguese, dates out of order and every wrong line of teams', async () => {
    const { from, to } = await classOf([]);
    const other = await classOf([]);
    const refused = async (body: unknown, field: string, text: RegExp) => {
      const answer = await call('POST', '/api/enrolment-campaigns', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.errors[field]?.join(' '), JSON.stringify(answer.body)).toMatch(text);
    };
    const line = { from_team_id: from, to_team_id: to };
    await refused(campaignBody([line], { closes_on: '2020-10-01' }), 'closes_on', /não pode ser anterior|antes/);
    await refused(
      campaignBody([{ from_team_id: from, to_team_id: other.from }]),
      'teams.0.to_team_id',
      /não é do ano letivo/,
    );
    await refused(
      campaignBody([{ from_team_id: other.to, to_team_id: to }]),
      'teams.0.from_team_id',
      /já é do ano letivo/,
    );
    await refused(
      campaignBody([line, { from_team_id: from, to_team_id: other.to }]),
      'teams.1.from_team_id',
      /duas vezes/,
    );
    await refused(campaignBody([{ ...line, payment_plan_id: 999999 }]), 'teams.0.payment_plan_id', /não existe/);
    await refused(
      campaignBody([{ ...line, contract_template_id: 999999 }]),
      'teams.0.contract_template_id',
      /não existe/,
    );
    await refused(campaignBody([{ from_team_id: from }]), 'teams.0.to_team_id', /turma de destino/);
    await refused(campaignBody([line], { kind: 'outra' }), 'kind', /./);
    // An edit is checked as a creation is: the campaign stays as it was.
    const id = await openCampaign(from, to);
    const bad = await call('PUT', `/api/enrolment-campaigns/${id}`, { opens_on: '2100-01-01' });
    expect(bad.status).toBe(422);
    expect((await ok('GET', `/api/enrolment-campaigns/${id}`, undefined, 200))[0].opens_on).toBe('2020-11-01');
    expect((await call('PUT', '/api/enrolment-campaigns/999999', { terms: 'x' })).status).toBe(404);
  });

  it('prefills the lines from the successors of the rollover, with each target team’s plan', async () => {
    const { from, to } = await classOf([]);
    const prefill = await ok('GET', `/api/enrolment-campaigns/prefill?school_year_id=${y2027}`, undefined, 200);
    expect(prefill.data).toContainEqual(
      expect.objectContaining({ from_team_id: from, to_team_id: to, payment_plan_id: plan }),
    );
    expect((await call('GET', '/api/enrolment-campaigns/prefill')).status).toBe(422);
  });

  it('invites each active student once, however often and however parallel, and e-mails each family once', async () => {
    const { from, to, students } = await classOf(['Ana Beatriz Souza', 'Bruno Oliveira', 'Carla Mendes']);
    // Carla left the school: she is not invited.
    await dynamic(shared.server.db)
      .updateTable('registrations')
      .set({ left_on: '2026-06-30' })
      .where('student_id', '=', students[2])
      .execute();
    const id = await openCampaign(from, to);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/enrolment-campaigns/${id}/invite`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((n, a) => n + Number(a.body.data.created), 0)).toBe(2);
    await ok('POST', `/api/enrolment-campaigns/${id}/invite`, undefined, 200);
    await mailer((m) =>
      Promise.all([
        sweepEnrolment(shared.server.db, m, { appUrl: APP_URL }),
        sweepEnrolment(shared.server.db, m, { appUrl: APP_URL }),
      ]),
    );
    const requests = await requestsOf(id);
    expect(requests.map((r) => [Number(r.student_id), r.step, r.status, Number(r.to_team_id)])).toEqual([
      [students[0], 'convidado', 'pendente', to],
      [students[1], 'convidado', 'pendente', to],
    ]);
    expect(requests.every((r) => r.guardian_id !== null)).toBe(true);
    for (const student of students.slice(0, 2)) {
      const mails = await outboxTo(`mae.${student}@`);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/^Rematrícula 2027: /);
    }
    expect(await outboxTo(`mae.${students[2]}@`)).toHaveLength(0);
  });

  it('the family’s first look opens a request the invitation made: the card offers Começar, the panel counts it', async () => {
    const { from, to, students } = await classOf(['Valentina Prado']);
    const id = await openCampaign(from, to);
    await ok('POST', `/api/enrolment-campaigns/${id}/invite`, undefined, 200);
    const [request] = await requestsOf(id);
    expect(request.step).toBe('convidado');
    const mother = await dynamic(shared.server.db)
      .selectFrom('guardians')
      .select(['id', 'email'])
      .where('id', '=', Number(request.guardian_id))
      .executeTakeFirstOrThrow();
    const token = await portalSession(shared.server, Number(mother.id), String(mother.email));
    const look = await shared.server.request('GET', `/api/portal/students/${students[0]}/re-enrolment`, { token });
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.step).toBe('aberto');
    const [opened] = await requestsOf(id);
    expect(opened.step).toBe('aberto');
    expect(opened.opened_at).not.toBeNull();
    const panel = await ok('GET', `/api/enrolment-campaigns/${id}/panel`, undefined, 200);
    expect(panel.data[0]).toMatchObject({ invited: 1, opened: 1 });
  });

  it('counts the panel per team from requests in several steps and statuses, and filters the list', async () => {
    const { from, to, students } = await classOf([
      'Davi Lima',
      'Elisa Rocha',
      'Fábio Nunes',
      'Gabriela Castro',
      'Heitor Alves',
    ]);
    const id = await openCampaign(from, to);
    await ok('POST', `/api/enrolment-campaigns/${id}/invite`, undefined, 200);
    const set = (student: number, values: Record<string, unknown>) =>
      dynamic(shared.server.db)
        .updateTable('enrolment_requests')
        .set(values)
        .where('campaign_id', '=', id)
        .where('student_id', '=', student)
        .execute();
    await set(students[1], { step: 'documentos' });
    await set(students[2], { step: 'assinado', status: 'enviado', submitted_at: new Date().toISOString() });
    // Accepted by the office after the family sent it: it still counts among those who sent.
    await set(students[3], { step: 'pago', status: 'aceito', submitted_at: new Date().toISOString() });
    await set(students[4], { step: 'aberto', status: 'desistiu' });
    const panel = await ok('GET', `/api/enrolment-campaigns/${id}/panel`, undefined, 200);
    expect(panel.data).toEqual([
      {
        from_team: { id: from, name: expect.stringMatching(/^6º ano A 2026/) },
        to_team: { id: to, name: expect.stringMatching(/^7º ano A 2027/) },
        invited: 5,
        opened: 4,
        confirmed: 2,
        signed: 2,
        paid: 1,
        declined: 1,
        accepted: 1,
        pending: 2,
      },
    ]);
    const list = async (query: string) => ok('GET', `/api/enrolment-campaigns/${id}/requests?${query}`, undefined, 200);
    const all = await list('perPage=2&page=1');
    expect(all.total).toBe(5);
    expect(all.data.map((r: { student: { name: string } }) => r.student.name)).toEqual(['Davi Lima', 'Elisa Rocha']);
    expect(all.data[0]).toMatchObject({
      step: 'convidado',
      status: 'pendente',
      guardian: { name: 'Mãe de Davi Lima' },
    });
    expect((await list('status=enviado')).data.map((r: { student: { id: number } }) => r.student.id)).toEqual([
      students[2],
    ]);
    expect((await list('step=pago')).total).toBe(1);
    expect((await list(`team_id=${to}&search=fabio`)).data[0].student.name).toBe('Fábio Nunes');
    expect((await list('team_id=999999')).total).toBe(0);
    expect((await call('GET', `/api/enrolment-campaigns/${id}/requests?step=voando`)).status).toBe(422);
    expect((await call('GET', `/api/enrolment-campaigns/${id}/requests?sortBy=senha`)).status).toBe(422);
    expect((await call('GET', '/api/enrolment-campaigns/999999/panel')).status).toBe(404);
  });

  it('sends a request back with a note the family reads, audited, and never one already accepted', async () => {
    const { from, to, students } = await classOf(['Isabela Martins', 'João Pedro Ramos']);
    const id = await openCampaign(from, to);
    await ok('POST', `/api/enrolment-campaigns/${id}/invite`, undefined, 200);
    const [first, second] = await requestsOf(id);
    await dynamic(shared.server.db)
      .updateTable('enrolment_requests')
      .set({ status: 'enviado' })
      .where('id', '=', first.id)
      .execute();
    await dynamic(shared.server.db)
      .updateTable('enrolment_requests')
      .set({ status: 'aceito' })
      .where('id', '=', second.id)
      .execute();
    const note = 'O comprovante de residência está ilegível; envie outra foto.';
    expect((await call('POST', `/api/enrolment-requests/${first.id}/return`, {})).status).toBe(422);
    const returned = await ok('POST', `/api/enrolment-requests/${first.id}/return`, { note }, 200);
    expect(returned.data).toMatchObject({ status: 'devolvido', office_note: note });
    const [stored] = await requestsOf(id);
    expect(stored).toMatchObject({ status: 'devolvido', office_note: note });
    const mails = await outboxTo(`mae.${students[0]}@`);
    expect(mails.at(-1)!.body).toContain(note);
    const audited = await dynamic(shared.server.db)
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'enrolment-requests')
      .where('entity_id', '=', Number(first.id))
      .execute();
    expect(audited).toHaveLength(1);
    const accepted = await call('POST', `/api/enrolment-requests/${second.id}/return`, { note });
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toMatch(/já foi aceito/);
    expect((await call('POST', '/api/enrolment-requests/999999/return', { note })).status).toBe(404);
  });

  it('reminds the pending families at most once a day, whoever sweeps and however often', async () => {
    const { from, to, students } = await classOf(['Laura Pires', 'Miguel Teixeira']);
    const id = await openCampaign(from, to);
    await ok('POST', `/api/enrolment-campaigns/${id}/invite`, undefined, 200);
    await dynamic(shared.server.db)
      .updateTable('enrolment_requests')
      .set({ status: 'enviado' })
      .where('campaign_id', '=', id)
      .where('student_id', '=', students[1])
      .execute();
    const reminders = async (student: number) =>
      (await outboxTo(`mae.${student}@`)).filter((m) => m.subject.startsWith('Lembrete'));
    // The invitation counts as the day's message: no reminder the same day.
    expect((await ok('POST', `/api/enrolment-campaigns/${id}/remind`, undefined, 200)).data.reminded).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * HOUR);
    const twice = await mailer((m) =>
      Promise.all([
        remindPending(shared.server.db, m, { appUrl: APP_URL, now: tomorrow, campaignId: id }),
        remindPending(shared.server.db, m, { appUrl: APP_URL, now: tomorrow, campaignId: id }),
      ]),
    );
    expect(twice[0] + twice[1]).toBe(1);
    const later = new Date(tomorrow.getTime() + 2 * HOUR);
    expect(
      await mailer((m) => remindPending(shared.server.db, m, { appUrl: APP_URL, now: later, campaignId: id })),
    ).toBe(0);
    expect(await reminders(students[0])).toHaveLength(1);
    expect(await reminders(students[1])).toHaveLength(0);
    const nextDay = new Date(tomorrow.getTime() + 25 * HOUR);
    expect(
      await mailer((m) => remindPending(shared.server.db, m, { appUrl: APP_URL, now: nextDay, campaignId: id })),
    ).toBe(1);
    expect(await reminders(students[0])).toHaveLength(2);
  });

  it('tells the debt of a student: the overdue unpaid charges, at what they ask today', async () => {
    const { students } = await classOf(['Nina Barros']);
    const k = dynamic(shared.server.db);
    const registration = await k
      .selectFrom('registrations')
      .select('id')
      .where('student_id', '=', students[0])
      .executeTakeFirstOrThrow();
    const charge = (due_date: string, paid: number) =>
      k
        .insertInto('financials')
        .values({
          registration_id: registration.id,
          value_cents: 85000,
          due_date,
          paid,
          quota: 1,
          service_type_id: 1,
          payment_type_id: 4,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const overdue = await charge('2026-03-10', 0);
    await charge('2026-02-10', 1);
    await charge('2099-03-10', 0);
    const debt = await debtOf(shared.server.db, students[0], '2026-04-10');
    expect(debt.charges.map((c) => [c.id, c.due_date])).toEqual([[Number(overdue.id), '2026-03-10']]);
    expect(debt.cents).toBe(debt.charges[0].value_cents);
    expect(debt.cents).toBeGreaterThanOrEqual(85000);
    expect((await debtOf(shared.server.db, students[0], '2026-03-01')).cents).toBe(0);
    const settings = (await ok('GET', '/api/school-settings', undefined, 200)).data;
    expect(settings.refuse_debtors).toBe(false);
    await ok('PUT', '/api/school-settings', { ...settings, refuse_debtors: true }, 200);
    expect((await ok('GET', '/api/school-settings', undefined, 200)).data.refuse_debtors).toBe(true);
    await ok('PUT', '/api/school-settings', { ...settings, refuse_debtors: false }, 200);
  });

  it('is for whoever holds enrolment.manage: Financeiro and a teacher are refused with a message', async () => {
    const { from, to } = await classOf([]);
    const id = await openCampaign(from, to);
    for (const [role, email] of [
      [ROLE_IDS.financeiro, 'financeiro.campanha@escola.com.br'],
      [ROLE_IDS.professor, 'professora.campanha@escola.com.br'],
    ] as const) {
      await ok('POST', '/api/users', { name: 'Usuária Sem Campanha', email, password: 'senha-forte-1', role_id: role });
      const token = await shared.server.login(email, 'senha-forte-1');
      for (const [method, path] of [
        ['GET', '/api/enrolment-campaigns'],
        ['POST', '/api/enrolment-campaigns'],
        ['GET', `/api/enrolment-campaigns/${id}/panel`],
        ['GET', `/api/enrolment-campaigns/${id}/requests`],
        ['POST', `/api/enrolment-campaigns/${id}/remind`],
        ['POST', '/api/enrolment-requests/1/return'],
      ] as const) {
        const answer = await shared.server.request(method, path, { token, body: method === 'POST' ? {} : undefined });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.message).toMatch(/campanhas de rematrícula/);
      }
    }
    const secretaria = 'secretaria.campanha@escola.com.br';
    await ok('POST', '/api/users', {
      name: 'Secretária',
      email: secretaria,
      password: 'senha-forte-1',
      role_id: ROLE_IDS.secretaria,
    });
    const token = await shared.server.login(secretaria, 'senha-forte-1');
    expect((await shared.server.request('GET', `/api/enrolment-campaigns/${id}/panel`, { token })).status).toBe(200);
    expect((await shared.server.request('GET', '/api/enrolment-campaigns', {})).status).toBe(401);
  });
});
