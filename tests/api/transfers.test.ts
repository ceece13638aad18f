import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfText } from '../support/pdf-text';
import { daysAgo, diaryOf } from './support/diary';
import { solveCaptcha } from './support/mail';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describeOnDatabases('leaving the school: transfer and the other ways out (issue 38)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  const get = async (path: string) => {
    const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${fresh.token}` } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      content: Buffer.from(await response.arrayBuffer()),
    };
  };
  const lookup = async (code: string) => {
    const altcha = await solveCaptcha((await fresh.server.request('GET', '/api/captcha/challenge')).body);
    return fresh.server.request('GET', `/api/documents/has-document/${code}`, { headers: { 'x-altcha': altcha } });
  };
  const onRoll = async (lessonId: number) =>
    ((await call('GET', `/api/lessons/${lessonId}/attendance`)).body.attendance as { registration_id: number }[]).map(
      (a) => a.registration_id,
    );
  const studentOf = async (registration: number) =>
    Number((await call('GET', `/api/registrations/${registration}`)).body.data[0].student.id);

  it('ends the enrolment on the day, leaves the student off later roll calls, issues the declaration and the history', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const lara = await enrol('Lara Mudou de Cidade', daysAgo(60));
    const before = await lesson({ date: daysAgo(20) });
    const after = await lesson({ date: daysAgo(5) });
    expect(await onRoll(after)).toContain(lara);

    const moved = await call('POST', `/api/registrations/${lara}/transfer`, {
      date: br(daysAgo(10)),
      destination_school: 'Escola Estadual Professora Maria Amélia',
      destination_city: 'Belém - PA',
      reason: 'Mudança da família',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.message).toBe(
      'Transferência registrada. A declaração de transferência e o histórico foram emitidos.',
    );
    expect(moved.body.data).toMatchObject({ kind: 'transferencia', date: daysAgo(10), status: 'Transferido' });

    // The enrolment ended on the day; the student is Transferido; roll calls after it leave her out.
    expect((await call('GET', `/api/registrations/${lara}`)).body.data[0].left_on).toBe(daysAgo(10));
    const student = await studentOf(lara);
    expect((await call('GET', `/api/students/${student}`)).body[0].status).toBe('Transferido');
    expect(await onRoll(after)).not.toContain(lara);
    expect(await onRoll(before)).toContain(lara);

    // The declaration names where she went, carries its code, and the public page vouches for it.
    const { declaration, history } = moved.body.data as Record<string, { code: string; url: string }>;
    const file = await get(declaration.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = await pdfText(file.content);
    expect(text).toContain('DECLARAÇÃO DE TRANSFERÊNCIA');
    expect(text).toContain('Escola Estadual Professora Maria Amélia');
    expect(text).toContain(`transferido(a) em ${br(daysAgo(10))}`);
    expect(text).toContain(declaration.code);
    const verified = await lookup(declaration.code);
    expect(verified.status).toBe(200);
    expect(verified.body[0]).toMatchObject({ type: 'TRANSFER', type_name: 'Declaração de transferência' });
    expect(verified.body[0].student.name).toBe('Lara Mudou de Cidade');

    // The history of the enrolment is issued with it, and verifies too.
    const historyFile = await get(history.url);
    expect(await pdfText(historyFile.content)).toContain('HISTÓRICO ESCOLAR');
    expect((await lookup(history.code)).status).toBe(200);

    // The movement is recorded once, with who and the documents, and audited.
    const db = dynamic(fresh.server.db);
    const movements = await db.selectFrom('registration_movements').selectAll().execute();
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({
      kind: 'transferencia',
      destination_school: 'Escola Estadual Professora Maria Amélia',
      destination_city: 'Belém - PA',
      note: 'Mudança da família',
    });
    expect(movements[0].user_id).not.toBeNull();
    expect(movements[0].declaration_id).not.toBeNull();
    const audited = await db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'registrations')
      .where('entity_id', '=', lara)
      .where('action', '=', 'update')
      .execute();
    expect(audited.map((a) => JSON.parse(String(a.changes)))).toContainEqual(
      expect.objectContaining({ left_on: [null, daysAgo(10)], movement: 'transferencia' }),
    );
  });

  it('is never refused for debt, and answers in Portuguese: already left, before the enrolment, unknown kind', async () => {
    const { enrol } = await diaryOf(fresh);
    const davi = await enrol('Davi Devedor', daysAgo(30));
    // An unpaid charge of his enrolment (Lei 9.870, art. 6: the transfer is never held back for it).
    const db = dynamic(fresh.server.db);
    const charged = await call('POST', '/api/financials', {
      registration_id: davi,
      value: '450,00',
      due_date: daysAgo(20),
    });
    const unpaid = await db.selectFrom('financials').select('id').where('registration_id', '=', davi).execute();
    expect(unpaid.length, JSON.stringify(charged.body)).toBeGreaterThan(0);

    const early = await call('POST', `/api/registrations/${davi}/transfer`, {
      date: daysAgo(31),
      destination_school: 'Colégio Tiradentes',
      destination_city: 'Ananindeua - PA',
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ date: [`A data não pode ser anterior à matrícula (${br(daysAgo(30))}).`] });
    const future = await call('POST', `/api/registrations/${davi}/transfer`, {
      date: daysAgo(-1),
      destination_school: 'Colégio Tiradentes',
      destination_city: 'Ananindeua - PA',
    });
    expect(future.body.errors).toEqual({ date: ['O campo Data da transferência não pode ser uma data futura.'] });
    const blank = await call('POST', `/api/registrations/${davi}/transfer`, { date: daysAgo(1) });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toMatchObject({
      destination_school: ['O campo Escola de destino é obrigatório.'],
      destination_city: ['O campo Cidade de destino é obrigatório.'],
    });

    const transfer = {
      date: daysAgo(1),
      destination_school: 'Colégio Tiradentes',
      destination_city: 'Ananindeua - PA',
    };
    // Two clicks at once: one transfer, one answer that it already happened.
    const both = await Promise.all([
      call('POST', `/api/registrations/${davi}/transfer`, transfer),
      call('POST', `/api/registrations/${davi}/transfer`, transfer),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.status === 422)!.body.errors).toEqual({
      date: [`Esta matrícula já foi encerrada em ${br(daysAgo(1))}: registre a saída uma vez só.`],
    });
    expect(await db.selectFrom('registration_movements').select('id').execute()).toHaveLength(1);

    const other = await enrol('Olga Outra', daysAgo(30));
    const unknown = await call('POST', `/api/registrations/${other}/leave`, { date: daysAgo(1), kind: 'sumiço' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      kind: ['Tipo de saída desconhecido. Use: Abandono, Falecimento, Conclusão.'],
    });
    expect((await call('POST', '/api/registrations/999999/leave', { date: daysAgo(1), kind: 'abandono' })).status).toBe(
      404,
    );
  });

  it('records the other ways out: abandonment → Evadido, death → Falecido, completion → Concluído', async () => {
    const { enrol } = await diaryOf(fresh);
    const cases = [
      ['abandono', 'Evadido', 'Parou de frequentar em abril'],
      ['falecimento', 'Falecido', null],
      ['conclusao', 'Concluído', 'Concluiu o curso'],
    ] as const;
    for (const [kind, status, note] of cases) {
      const registration = await enrol(`Aluno ${status}`, daysAgo(40));
      const left = await call('POST', `/api/registrations/${registration}/leave`, { date: daysAgo(3), kind, note });
      expect(left.status, JSON.stringify(left.body)).toBe(201);
      expect(left.body).toMatchObject({ message: 'Saída registrada com sucesso!', data: { kind, status } });
      const student = await studentOf(registration);
      expect((await call('GET', `/api/students/${student}`)).body[0].status).toBe(status);
      expect((await call('GET', `/api/registrations/${registration}`)).body.data[0].left_on).toBe(daysAgo(3));
      const history = (await call('GET', `/api/students/${student}/status-history`)).body.data;
      expect(history[0]).toMatchObject({ previous_status: 'Ativo', new_status: status });
    }
  });

  it("records an arriving student's school of origin and the grades brought from there, printed on the history", async () => {
    const student = Number((await call('POST', '/api/students', { name: 'Caio Chegou de Marabá' })).body.data.id);
    const badUf = await call('POST', '/api/registrations', { student_id: student, team_id: 1, origin_uf: 'XX' });
    expect(badUf.status).toBe(422);
    expect(Object.keys(badUf.body.errors)).toEqual(['origin_uf']);
    const made = await call('POST', '/api/registrations', {
      student_id: student,
      team_id: 1,
      origin_school: 'Escola Municipal Irmã Dulce',
      origin_city: 'Marabá',
      origin_uf: 'PA',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = Number(made.body.data.id);
    expect((await call('GET', `/api/registrations/${id}`)).body.data[0]).toMatchObject({
      origin_school: 'Escola Municipal Irmã Dulce',
      origin_city: 'Marabá',
      origin_uf: 'PA',
    });
    // Corrected later on the enrolment, audited.
    const edited = await call('PUT', `/api/registrations/${id}`, { origin_city: 'Marabá ' });
    expect(edited.status).toBe(200);

    const missing = await call('POST', `/api/registrations/${id}/prior-studies`, { year: 2025 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      series: ['O campo Série/ano é obrigatório.'],
      discipline: ['O campo Disciplina é obrigatório.'],
      grade: ['O campo Nota ou conceito é obrigatório.'],
    });
    for (const [discipline, grade, hours] of [
      ['Língua Portuguesa', '8,5', 160],
      ['Matemática', 'B', null],
    ] as const) {
      const added = await call('POST', `/api/registrations/${id}/prior-studies`, {
        year: 2025,
        series: '6º ano',
        discipline,
        grade,
        hours,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const studies = (await call('GET', `/api/registrations/${id}/prior-studies`)).body.data;
    expect(studies.map((s: { discipline: string }) => s.discipline)).toEqual(['Língua Portuguesa', 'Matemática']);

    const issued = await call('POST', `/api/documents/${student}/history`, {
      team_id: 1,
      city: 'Belém',
      uf: 'PA',
      day: 10,
      month: 3,
      year: 2026,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const text = await pdfText(
      (await get(`/api/documents/storage/${issued.body.data.folder}/${issued.body.data.file_name}`)).content,
    );
    expect(text).toContain('ESTUDOS REALIZADOS EM OUTRAS ESCOLAS');
    expect(text).toContain('Escola Municipal Irmã Dulce (Marabá - PA)');
    expect(text).toMatch(/2025 6º ano .*Língua Portuguesa 8,5 160 h/);

    const removed = await call('DELETE', `/api/registrations/${id}/prior-studies/${studies[1].id}`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `/api/registrations/${id}/prior-studies`)).body.data).toHaveLength(1);
    expect((await call('DELETE', `/api/registrations/${id}/prior-studies/${studies[1].id}`)).status).toBe(404);
  });
});
