import { describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic } from '../../server/db/connection';
import { createMailer } from '../../server/mail/mailer';
import { addDays } from '../../server/notifications/events';
import { sweepNotifications } from '../../server/notifications/sweep';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

const APP_URL = 'https://secretaria.escola.test';

/** A birth date `years` years ago on the school's calendar (a minor under 18, an adult over). */
const bornYearsAgo = (years: number) => `${Number(schoolDayOf().slice(0, 4)) - years}-01-15`;

describeOnDatabases('family notifications', (dialect) => {
  const fresh = serverPerTest(dialect, { appUrl: APP_URL });

  /** Sweeps as an instance of its own would (its own mailer on the same database), `times` at once. */
  const sweep = async (times = 1) => {
    const mailers = Array.from({ length: times }, () =>
      createMailer(fresh.server.db, { from: 'Escola <nao-responda@escola.test>' }),
    );
    const written = await Promise.all(mailers.map((m) => sweepNotifications(fresh.server.db, m, { appUrl: APP_URL })));
    await Promise.all(mailers.map((m) => m.close()));
    return written.reduce((a, b) => a + b, 0);
  };
  const outbox = async () =>
    (
      await dynamic(fresh.server.db)
        .selectFrom('outbox')
        .select(['to_address', 'subject', 'body'])
        .where('subject', 'not like', '%senha%')
        .orderBy('id')
        .execute()
    ).map((m) => ({ to: m.to_address, subject: m.subject, body: m.body }));

  /** A minor enrolled in team 1 with their mother (who pays), father (both with e-mail) and an aunt without one. */
  async function family() {
    const diary = await diaryOf(fresh);
    const registration = await diary.enrol('Lucas Andrade', daysAgo(30));
    const k = dynamic(fresh.server.db);
    const { student_id: student } = await k
      .selectFrom('registrations')
      .select('student_id')
      .where('id', '=', registration)
      .executeTakeFirstOrThrow();
    await k
      .updateTable('students')
      .set({ birth_date: bornYearsAgo(12) })
      .where('id', '=', student)
      .execute();
    const guardian = async (name: string, kinship: string, email: string | null, pays: boolean) => {
      const created = await fresh.call('POST', '/api/guardians', { name, ...(email ? { email } : {}) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const linked = await fresh.call('POST', `/api/students/${student}/guardians`, {
        guardian_id: created.body.data.id,
        kinship,
        financial_responsible: pays,
        pedagogical_responsible: true,
      });
      expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    };
    await guardian('Marina Andrade', 'mae', 'marina@familia.com.br', true);
    await guardian('Roberto Andrade', 'pai', 'roberto@familia.com.br', false);
    await guardian('Tia Célia', 'tio', null, false);
    return { ...diary, registration, student: Number(student) };
  }

  it('tells every guardian with an e-mail once when a stage is published, however many sweeps run at once', async () => {
    const { math } = await family();
    const stage = math.stages[0];
    expect(await sweep()).toBe(0);

    // Lucas has no grade yet: the office publishes anyway, having been told (publication-missing.test.ts).
    const published = await fresh.call('POST', '/api/teams/1/grade-publications', {
      stage_id: stage.id,
      confirm: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.message).toMatch(/publicadas/);
    const stages = (await fresh.call('GET', '/api/teams/1/grade-publications')).body.data;
    expect(stages.length).toBeGreaterThan(1);
    expect(stages[0]).toMatchObject({ stage_id: stage.id, published_by: { name: 'Administrador' } });
    expect(stages.slice(1).every((s: { published_at: unknown }) => s.published_at === null)).toBe(true);
    const twice = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: stage.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('As notas desta etapa já foram publicadas para esta turma.');

    // Three instances sweeping together: each message is written by one of them.
    expect(await sweep(3)).toBe(2);
    expect(await sweep()).toBe(0);
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual(['marina@familia.com.br', 'roberto@familia.com.br']);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^Notas publicadas: .+ — Lucas Andrade$/);
      expect(mail.body).toContain('foram publicadas');
      expect(mail.body).toContain(`${APP_URL}/portal`);
    }
    expect(mails.find((m) => m.to.startsWith('marina'))!.body).toMatch(/^Olá, Marina Andrade\./);
  });

  it('tells the payer of a charge due soon and of one overdue, once each, and not of a paid one', async () => {
    const { registration } = await family();
    const today = schoolDayOf();
    const charge = async (due_date: string) => {
      const created = await fresh.call('POST', '/api/financials', {
        registration_id: registration,
        value: '450,00',
        due_date,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return Number(created.body.data.id);
    };
    await charge(addDays(today, 2));
    await charge(addDays(today, 10));
    await charge(addDays(today, -2));
    const paid = await charge(addDays(today, -3));
    await dynamic(fresh.server.db)
      .updateTable('financials')
      .set({ paid: 1, pay_day: today })
      .where('id', '=', paid)
      .execute();

    expect(await sweep(2)).toBe(2);
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(['marina@familia.com.br', 'marina@familia.com.br']);
    const [due, overdue] = [
      mails.find((m) => m.subject.startsWith('Cobrança vence'))!,
      mails.find((m) => m.subject.startsWith('Cobrança vencida'))!,
    ];
    expect(due.body).toContain('R$ 450,00');
    expect(due.body).toContain(`vence em ${addDays(today, 2).split('-').reverse().join('/')}`);
    expect(overdue.body).toContain(`venceu em ${addDays(today, -2).split('-').reverse().join('/')}`);
    expect(await sweep()).toBe(0);
  });

  it('reminds the payer N days after the due date once, with two sweeps at once, never for a paid charge', async () => {
    const { registration, student } = await family();
    const settings = (await fresh.call('GET', '/api/school-settings')).body.data;
    const bad = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      notifications: { ...settings.notifications, charge_overdue_days: 31 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['notifications.charge_overdue_days']).toEqual([
      'Os dias depois do vencimento para o aviso de atraso devem ser um número inteiro de 1 a 30.',
    ]);
    const three = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      notifications: { ...settings.notifications, charge_due: false, charge_overdue_days: 3 },
    });
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    // A client that does not know the setting leaves it as it is.
    const { charge_overdue_days: _days, ...older } = three.body.data.notifications;
    const kept = await fresh.call('PUT', '/api/school-settings', { ...settings, notifications: older });
    expect(kept.body.data.notifications).toMatchObject({ charge_due: false, charge_overdue_days: 3 });

    const today = schoolDayOf();
    const charge = async (due_date: string, value = '450,00') => {
      const created = await fresh.call('POST', '/api/financials', { registration_id: registration, value, due_date });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return Number(created.body.data.id);
    };
    const pay = (id: number) =>
      dynamic(fresh.server.db)
        .updateTable('financials')
        .set({ paid: 1, pay_day: today })
        .where('id', '=', id)
        .execute();
    const twoDays = await charge(addDays(today, -2), '120,00');
    await charge(addDays(today, -3), '450,00');
    await pay(await charge(addDays(today, -4), '999,00'));
    await charge(addDays(today, -10), '777,00');

    // Two instances sweeping at once: the charge three days late is told of, once; the others not.
    expect(await sweep(2)).toBe(1);
    const [mail] = await outbox();
    expect(mail.to).toBe('marina@familia.com.br');
    expect(mail.subject).toBe('Cobrança vencida — Lucas Andrade');
    expect(mail.body).toContain(`venceu em ${addDays(today, -3).split('-').reverse().join('/')}`);
    // 3 days late on the school's defaults: R$ 450,00 + 2 % fine (9,00) + 3 × 1/30 of 1 % interest (0,45).
    expect(mail.body).toContain('Valor a pagar hoje: R$ 459,45.');
    expect(mail.body).toContain('seção Financeiro de Lucas Andrade no portal das famílias');
    expect(mail.body).toContain(`${APP_URL}/portal/alunos/${student}`);
    expect(await sweep(2)).toBe(0);

    // The next day the charge two days late would be due its reminder, but it was paid meanwhile.
    await pay(twoDays);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const mailer = createMailer(fresh.server.db, { from: 'Escola <nao-responda@escola.test>' });
    expect(await sweepNotifications(fresh.server.db, mailer, { appUrl: APP_URL, now: tomorrow })).toBe(0);
    await mailer.close();
    expect(await outbox()).toHaveLength(1);
  });

  it('loses no notice when a sweep dies between claiming it and writing it to the outbox', async () => {
    const { math } = await family();
    const published = await fresh.call('POST', '/api/teams/1/grade-publications', {
      stage_id: math.stages[0].id,
      confirm: true,
    });
    expect(published.status).toBe(201);
    // A sweep whose process stops right after its claim: the message never reaches the outbox.
    const real = createMailer(fresh.server.db, { from: 'Escola <nao-responda@escola.test>' });
    const dying = {
      ...real,
      send: async () => {
        throw new Error('processo encerrado no meio do aviso');
      },
    };
    await expect(sweepNotifications(fresh.server.db, dying, { appUrl: APP_URL })).rejects.toThrow('processo encerrado');
    await real.close();
    expect(await outbox()).toEqual([]);
    // The next sweep tells both guardians with an e-mail, once.
    expect(await sweep()).toBe(2);
    expect((await outbox()).map((m) => m.to).sort()).toEqual(['marina@familia.com.br', 'roberto@familia.com.br']);
    expect(await sweep()).toBe(0);
  });

  it('writes nothing of a kind the school turned off, and refuses a bad number of days', async () => {
    const { registration } = await family();
    const settings = (await fresh.call('GET', '/api/school-settings')).body.data;
    expect(settings.notifications).toEqual({
      grades: true,
      documents: true,
      charge_due: true,
      charge_due_days: 3,
      charge_overdue: true,
      charge_overdue_days: 1,
    });
    const bad = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      notifications: { ...settings.notifications, charge_due_days: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['notifications.charge_due_days'] ?? bad.body.errors.notifications).toBeDefined();
    const off = await fresh.call('PUT', '/api/school-settings', {
      ...settings,
      notifications: { ...settings.notifications, charge_due: false, charge_due_days: 10 },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.notifications).toMatchObject({ charge_due: false, charge_due_days: 10 });
    await fresh.call('POST', '/api/financials', {
      registration_id: registration,
      value: 100,
      due_date: addDays(schoolDayOf(), 1),
    });
    expect(await sweep()).toBe(0);
  });

  it('tells of an issued document, and an adult who answers for themselves at their own e-mail', async () => {
    const { student } = await family();
    const adult = await fresh.call('POST', '/api/students', {
      name: 'Beatriz Lima',
      email: 'beatriz@aluna.com.br',
      birth_date: bornYearsAgo(30),
    });
    expect(adult.status, JSON.stringify(adult.body)).toBe(201);
    const now = new Date().toISOString();
    const k = dynamic(fresh.server.db);
    for (const [i, id] of [student, Number(adult.body.data.id)].entries())
      await k
        .insertInto('documents')
        .values({
          student_id: id,
          type: 'CERTIFICATE',
          code: `CERT_NOTIFY${i}`,
          folder: 'certificate',
          file_name: `n${i}.pdf`,
          document_name: `n${i}.pdf`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    expect(await sweep()).toBe(3);
    const mails = await outbox();
    expect(mails.map((m) => m.to).sort()).toEqual([
      'beatriz@aluna.com.br',
      'marina@familia.com.br',
      'roberto@familia.com.br',
    ]);
    expect(mails.find((m) => m.to.startsWith('beatriz'))).toMatchObject({
      subject: 'Documento emitido: Certificado — Beatriz Lima',
      body: expect.stringContaining('Código de verificação: CERT_NOTIFY1.'),
    });
  });

  describe('publishing', () => {
    it('is for the office: a professor may not publish, and a stage outside the grid is refused', async () => {
      const { math, mathTeacher } = await family();
      const teacher = await mathTeacher();
      const refused = await teacher.as('POST', '/api/teams/1/grade-publications', { stage_id: math.stages[0].id });
      expect(refused.status).toBe(403);
      const stray = await fresh.call('POST', '/api/stages', { stage: 42, description: 'Recuperação' });
      const outside = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: stray.body.data.id });
      expect(outside.status).toBe(422);
      expect(outside.body.errors.stage_id).toEqual(['Esta etapa não faz parte da grade da turma.']);
      expect((await fresh.call('DELETE', `/api/teams/1/grade-publications/${math.stages[0].id}`)).status).toBe(404);
      expect(ROLE_IDS.professor).toBe(5);
    });
  });

  describe('in the background', () => {
    const polling = serverPerTest(dialect, { appUrl: APP_URL, notifyPollMs: 200 });

    it('writes the e-mail of a publication without anyone sweeping by hand', async () => {
      const diary = await diaryOf(polling);
      const registration = await diary.enrol('Clara Nunes', daysAgo(10));
      const k = dynamic(polling.server.db);
      const { student_id: student } = await k
        .selectFrom('registrations')
        .select('student_id')
        .where('id', '=', registration)
        .executeTakeFirstOrThrow();
      const guardian = await polling.call('POST', '/api/guardians', {
        name: 'Sônia Nunes',
        email: 'sonia@familia.com.br',
      });
      await polling.call('POST', `/api/students/${student}/guardians`, {
        guardian_id: guardian.body.data.id,
        kinship: 'mae',
        financial_responsible: true,
        pedagogical_responsible: true,
      });
      const published = await polling.call('POST', '/api/teams/1/grade-publications', {
        stage_id: diary.math.stages[0].id,
        confirm: true,
      });
      expect(published.status).toBe(201);
      await expect
        .poll(
          async () =>
            (
              await k.selectFrom('outbox').select('to_address').where('subject', 'like', 'Notas publicadas%').execute()
            ).map((r) => r.to_address),
          { timeout: 10_000 },
        )
        .toEqual(['sonia@familia.com.br']);
    });
  });
});
