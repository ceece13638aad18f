import { afterAll, beforeAll, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic } from '../../server/db/connection';
import { startSmtp } from './support/mail';
import { serverPerFile } from './support/per-test';
import { DOCS, PDF, PNG, day, reEnrolmentKit } from './support/re-enrolment';
import { describeOnDatabases } from './support/server';

/**
 * The family's re-enrolment in the portal (issue 39) and the office's acceptance. Each test builds its own
 * campaign, teams and family on one server, so the tests pass in any order. Campaigns are written straight to the
 * tables (the office's campaign API is another part of the issue).
 */
describeOnDatabases('re-enrolment in the portal and the office acceptance', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.close());
  const fresh = serverPerFile(dialect, () => ({ payments: { sandbox: true }, smtpUrl: smtp.url }));
  const { call } = fresh;
  const { ok, season, familyIn, signedAndPaid } = reEnrolmentKit(fresh, () => smtp.mails);

  it('walks a family from the first look to enviado and the office acceptance enrols with the plan', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Helena');
    const first = await f.as('GET', '');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      campaign: { kind: 'rematricula', year: 2027 },
      step: 'aberto',
      status: 'pendente',
      team: { id: s.to },
      plans: [{ id: s.plan, instalments: 12, value: 125000 }],
      plan_id: null,
      documents: DOCS.map((name) => ({ name, uploaded: null })),
      missing: ['documentos', 'plano', 'assinatura', 'pagamento'],
      next: 'dados',
    });
    // A second look (another tab) opens no second request.
    expect((await f.as('GET', '')).body.id).toBe(first.body.id);
    // Opened by the family, the request is still with its financial responsible (the office's panel names them).
    const opened = await dynamic(fresh.server.db)
      .selectFrom('enrolment_requests')
      .select('guardian_id')
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(opened.guardian_id)).toBe(f.guardian);

    // Data changes are kept as a proposal: the guardian's record is untouched until the office accepts.
    const changed = await f.as('PUT', '', {
      plan_id: s.plan,
      changes: { guardians: [{ id: f.guardian, phone: '(91) 98888-7777', street: 'Travessa Rui Barbosa' }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.step).toBe('plano');
    const stored = await dynamic(fresh.server.db)
      .selectFrom('guardians')
      .select(['phone', 'street'])
      .where('id', '=', f.guardian)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ phone: null, street: 'Avenida Nazaré' });

    expect((await f.upload(DOCS[0], PDF, 'comprovante.pdf')).status).toBe(201);
    // A photo is taken for the second; a second upload of the same name replaces the first.
    expect((await f.upload(DOCS[1], PNG, 'quitacao.png', 'image/png')).status).toBe(201);
    const replaced = await f.upload(DOCS[1], PDF, 'quitacao.pdf');
    expect(replaced.status).toBe(201);
    const files = await dynamic(fresh.server.db)
      .selectFrom('enrolment_request_documents')
      .select(['name', 'mime'])
      .where('request_id', '=', first.body.id)
      .orderBy('name')
      .execute();
    expect(files).toEqual([
      { name: DOCS[0], mime: 'application/pdf' },
      { name: DOCS[1], mime: 'application/pdf' },
    ]);

    // The contract is the same bytes at every reading while nothing changes.
    const read = await f.contract();
    expect((await f.contract()).sha256).toBe(read.sha256);
    const before = f.mailsSoFar();
    const sent = await f.as('POST', '/sign-code');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toMatch(/^m\*\*\*@familia\.com\.br$/);
    const code = await f.codeFromMail(before);
    const signed = await f.as('POST', '/sign', { code, sha256: read.sha256 });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.code).toEqual(expect.any(String));

    // The first instalment: a charge on the current registration, due today, paid through the portal's payment.
    const afterSign = (await f.as('GET', '')).body;
    expect(afterSign).toMatchObject({ step: 'assinado', missing: ['pagamento'], next: 'pagamento' });
    expect(afterSign.first_charge).toMatchObject({ value: 125000, due_date: schoolDayOf(), paid: false });
    const pix = await fresh.server.request(
      'POST',
      `/api/portal/students/${f.student}/charges/${afterSign.first_charge.id}/payment`,
      { token: f.token, body: { method: 'pix' } },
    );
    expect(pix.status, JSON.stringify(pix.body)).toBe(200);
    const key = String(pix.body.pix.url).split('/').at(-1);
    const paid = await fresh.server.request('POST', `/api/portal/payments/sandbox/${key}/pay`, { token: f.token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await f.as('GET', '')).body).toMatchObject({ step: 'pago', missing: [], next: 'enviar' });

    const submitted = await f.as('POST', '/submit');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'enviado', next: 'situacao' });
    // Sent: nothing more may change.
    expect((await f.as('PUT', '', { plan_id: s.plan })).status).toBe(422);

    const accepted = await call('POST', `/api/enrolment-requests/${first.body.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const k = dynamic(fresh.server.db);
    const registrations = await k
      .selectFrom('registrations')
      .select(['id', 'enrolled_on'])
      .where('student_id', '=', f.student)
      .where('team_id', '=', s.to)
      .execute();
    expect(registrations).toEqual([{ id: accepted.body.data.registration_id, enrolled_on: '2027-02-01' }]);
    const charges = await k
      .selectFrom('financials')
      .select(['id', 'paid', 'plan_instalment', 'value_cents'])
      .where('registration_id', '=', registrations[0].id)
      .orderBy('plan_instalment')
      .execute();
    expect(charges).toHaveLength(12);
    expect(charges[0]).toMatchObject({ id: afterSign.first_charge.id, paid: 1, plan_instalment: 1 });
    expect(charges.slice(1).every((c) => Number(c.paid) === 0 && Number(c.value_cents) === 125000)).toBe(true);
    // The proposal is applied now, as the staff screens would have written it.
    expect(
      await k
        .selectFrom('guardians')
        .select(['phone', 'street'])
        .where('id', '=', f.guardian)
        .executeTakeFirstOrThrow(),
    ).toEqual({ phone: '91988887777', street: 'Travessa Rui Barbosa' });
    expect((await f.as('GET', '')).body).toMatchObject({ status: 'aceito', next: 'situacao' });
  });

  it('answers 404 for a closed campaign, a student of no campaign and another family’s student', async () => {
    const closed = await season({ closes_on: day(-1) });
    const late = await familyIn(closed.from, 'Atrasado');
    expect(await late.as('GET', '')).toEqual({
      status: 404,
      body: { message: 'Não há rematrícula aberta para este aluno.' },
    });
    const s = await season();
    const f = await familyIn(s.from, 'Bruno');
    const other = await familyIn(s.from, 'Outro');
    expect((await other.as('GET', '')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PUT', '', { plan_id: s.plan }],
      ['GET', '/contract', undefined],
      ['POST', '/sign-code', undefined],
      ['POST', '/sign', { code: '123456', sha256: 'a'.repeat(64) }],
      ['POST', '/submit', undefined],
    ] as const) {
      const answer = await fresh.server.request(method, `/api/portal/students/${other.student}/re-enrolment${path}`, {
        token: f.token,
        body,
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // Another family's request cannot be accepted into reach either: the office's route is staff-only.
    expect((await fresh.server.request('POST', '/api/enrolment-requests/1/accept', { token: f.token })).status).toBe(
      401,
    );
  });

  it('refuses an upload too large, of the wrong content or for a document not asked', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Carla');
    expect((await f.as('GET', '')).status).toBe(200);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await f.upload(DOCS[0], big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('O arquivo pode ter no máximo 10 MB.');
    // Named and declared a PDF, but it is a program: the content decides.
    const exe = await f.upload(DOCS[0], Buffer.from('MZ\x90\x00 este programa não é um documento'), 'doc.pdf');
    expect(exe.status).toBe(422);
    expect(exe.body.errors?.file).toEqual(['Envie um PDF ou uma foto (JPEG ou PNG).']);
    const notAsked = await f.upload('Certidão de casamento', PDF);
    expect(notAsked.status).toBe(422);
    expect(notAsked.body.errors?.name).toEqual(['Escolha um dos documentos pedidos pela escola.']);
  });

  it('validates the proposed data with the records’ own rules', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Davi');
    const bad = await f.as('PUT', '', {
      changes: { student: { cpf: '11111111111', email: 'sem-arroba' }, guardians: [{ id: f.guardian, cep: '123' }] },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'changes.guardians.0.cep',
      'changes.student.cpf',
      'changes.student.email',
    ]);
    const notTheirs = await f.as('PUT', '', { changes: { student: { status: 'Inativo' } } });
    expect(notTheirs.status).toBe(422);
    expect((await f.as('PUT', '', { plan_id: 999999 })).body.errors).toEqual({
      plan_id: ['Escolha um dos planos oferecidos.'],
    });
  });

  it('refuses signing before reading, a tampered hash, a reused code, and a submit with steps missing', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Elisa');
    const missing = await f.as('POST', '/submit');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(
      'Antes de enviar, falta enviar os documentos, escolher o plano, assinar o contrato, pagar a 1ª parcela.',
    );
    expect((await f.as('PUT', '', { plan_id: s.plan })).status).toBe(200);
    const unread = await f.as('POST', '/sign-code');
    expect(unread).toEqual({
      status: 422,
      body: { message: 'Leia o contrato antes de assinar.', errors: { sha256: ['Leia o contrato antes de assinar.'] } },
    });
    const { sha256 } = await f.contract();
    const before = f.mailsSoFar();
    expect((await f.as('POST', '/sign-code')).status).toBe(200);
    const code = await f.codeFromMail(before);
    const tampered = await f.as('POST', '/sign', { code, sha256: 'f'.repeat(64) });
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors.sha256).toEqual(['O documento mudou desde que foi lido. Leia-o novamente.']);
    expect((await f.as('POST', '/sign', { code, sha256 })).status).toBe(200);
    const reused = await f.as('POST', '/sign', { code, sha256 });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('O contrato já foi assinado.');
    const stillMissing = await f.as('POST', '/submit');
    expect(stillMissing.body.message).toBe('Antes de enviar, falta enviar os documentos, pagar a 1ª parcela.');
    // A change after signing makes a new contract to sign again; the code already used opens nothing.
    expect((await f.as('PUT', '', { changes: { student: { phone: '91987654321' } } })).body.step).toBe('plano');
    const again = await f.contract();
    const usedAgain = await f.as('POST', '/sign', { code, sha256: again.sha256 });
    expect(usedAgain.status).toBe(422);
    expect(usedAgain.body.errors.code).toEqual([expect.any(String)]);
    // The first instalment made at the first signature is not charged twice.
    const before2 = f.mailsSoFar();
    expect((await f.as('POST', '/sign-code')).status).toBe(200);
    expect((await f.as('POST', '/sign', { code: await f.codeFromMail(before2), sha256: again.sha256 })).status).toBe(
      200,
    );
    const k = dynamic(fresh.server.db);
    const own = await k.selectFrom('registrations').select('id').where('student_id', '=', f.student).execute();
    const charges = await k
      .selectFrom('financials')
      .select('id')
      .where('observations', 'like', '1ª parcela — Rematrícula%')
      .where(
        'registration_id',
        'in',
        own.map((r) => r.id),
      )
      .execute();
    expect(charges).toHaveLength(1);
  });

  it('holds the signature back while the family owes, only when the school refuses re-enrolment for debt', async () => {
    const { from, plan } = await season();
    const f = await familyIn(from, 'Devedor');
    const registration = Number(
      (
        await dynamic(fresh.server.db)
          .selectFrom('registrations')
          .select('id')
          .where('student_id', '=', f.student)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const owed = await ok('POST', '/api/financials', {
      registration_id: registration,
      value: '300,00',
      due_date: day(-20),
    });
    expect((await f.as('PUT', '', { plan_id: plan, changes: {} })).status).toBe(200);
    await f.contract();
    // The setting off (the default): a debt holds nothing back.
    expect((await f.as('GET', '')).body.debt).toBeNull();
    expect((await f.as('POST', '/sign-code')).status).toBe(200);
    const settings = (await call('GET', '/api/school-settings')).body.data;
    try {
      expect((await call('PUT', '/api/school-settings', { ...settings, refuse_debtors: true })).status).toBe(200);
      const state = (await f.as('GET', '')).body;
      expect(state.debt.charge_ids).toEqual([owed.data.id]);
      expect(state.debt.value).toBeGreaterThanOrEqual(30000);
      const refused = await f.as('POST', '/sign-code');
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['debt']);
      await dynamic(fresh.server.db)
        .updateTable('financials')
        .set({ paid: 1, pay_day: schoolDayOf() })
        .where('id', '=', owed.data.id)
        .execute();
      expect((await f.as('GET', '')).body.debt).toBeNull();
      expect((await f.as('POST', '/sign-code')).status).toBe(200);
    } finally {
      await call('PUT', '/api/school-settings', { ...settings, refuse_debtors: false });
    }
  });

  it('a change of plan or data after reading makes a new contract to read and sign', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Fábio');
    expect((await f.as('PUT', '', { plan_id: s.plan })).status).toBe(200);
    const first = await f.contract();
    expect((await f.as('PUT', '', { changes: { student: { phone: '91987654321' } } })).status).toBe(200);
    const second = await f.contract();
    expect(second.sha256).not.toBe(first.sha256);
  });

  it('two parallel acceptances enrol once, with one set of charges; only a sent request is accepted', async () => {
    const s = await season();
    const f = await familyIn(s.from, 'Gabriel');
    const state = await signedAndPaid(f, s.plan);
    const early = await call('POST', `/api/enrolment-requests/${state.id}/accept`);
    expect(early).toEqual({ status: 422, body: { message: 'Só um pedido enviado pela família pode ser aceito.' } });
    expect((await f.as('POST', '/submit')).status).toBe(200);
    const answers = await Promise.all([
      call('POST', `/api/enrolment-requests/${state.id}/accept`),
      call('POST', `/api/enrolment-requests/${state.id}/accept`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const k = dynamic(fresh.server.db);
    const registrations = await k
      .selectFrom('registrations')
      .select('id')
      .where('student_id', '=', f.student)
      .where('team_id', '=', s.to)
      .execute();
    expect(registrations).toHaveLength(1);
    const charges = await k
      .selectFrom('financials')
      .select('id')
      .where('registration_id', '=', registrations[0].id)
      .execute();
    expect(charges).toHaveLength(12);
    expect((await call('POST', '/api/enrolment-requests/99999999/accept')).status).toBe(404);
  });
});
