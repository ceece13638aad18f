import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { solveCaptcha } from './support/mail';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

// A real 1×1 PNG: the student's photo on the old system.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Waits for an import to end (done, preview or failed) and answers its record. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function finished(server: TestServer, token: string, id: number): Promise<any> {
  const until = Date.now() + 60_000;
  for (;;) {
    const { body } = await server.request('GET', `/api/imports/${id}`, { token });
    if (['done', 'preview', 'failed'].includes(body.data.status)) return body.data;
    if (Date.now() > until) throw new Error(`importação ${id} não terminou: ${JSON.stringify(body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 37, "From the previous system": this project's own server, with a seeded school, plays the old system; a
 * second one is the school moving in. Everything a secretary would check afterwards is checked on the target.
 */
describeOnDatabases('import from the previous system', (dialect) => {
  let source: TestServer;
  let target: TestServer;
  let sourceToken: string;
  let admin: string;
  let student: number;
  let certificateCode: string;
  const CPF = '52998224725';

  beforeAll(async () => {
    source = await startServer(dialect);
    target = await startServer(dialect, { jobs: { pollMs: 50 } });
    sourceToken = await source.login();
    admin = await target.login();
    const call = (method: string, path: string, body?: unknown) =>
      source.request(method, path, { token: sourceToken, body });

    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Maria Eduarda Figueiredo',
      cpf: CPF,
      birth_date: '2009-03-14',
      name_mother: 'Luciana Figueiredo Costa',
      city: 'Belém',
      uf: 'PA',
    }))
      form.append(k, v);
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const created = await fetch(`${source.url}/api/students`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sourceToken}`, 'x-date-format': 'iso' },
      body: form,
    });
    expect(created.status).toBe(201);
    student = ((await created.json()) as { data: { id: number } }).data.id;
    expect((await call('PUT', `/api/students/${student}/status`, { status: 'Trancado' })).status).toBe(200);
    expect((await call('PUT', `/api/students/${student}/status`, { status: 'Ativo' })).status).toBe(200);
    await call('POST', `/api/students/${student}/observations`, { observation: 'Transferida da rede estadual.' });
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    const paid = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '350,00',
      due_date: '2026-03-10',
      quota: 1,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const settle = await call('PUT', `/api/financials/${paid.body.data.id}`, {
      ...paid.body.data,
      value: '350,00',
      paid: 1,
      pay_day: '2026-03-08',
    });
    expect(settle.status, JSON.stringify(settle.body)).toBe(200);
    const open = await call('POST', '/api/financials', {
      registration_id: registration,
      value: '1.234,56',
      due_date: '2026-04-10',
      quota: 2,
    });
    expect(open.status).toBe(201);
    const grades = await call('POST', '/api/grades', {
      grades: [
        { student_id: student, stage_id: 1, discipline_id: 1, team_id: 1, grade: '8.5' },
        { student_id: student, stage_id: 2, discipline_id: 2, team_id: 1, grade: '10.0' },
      ],
    });
    expect(grades.status, JSON.stringify(grades.body)).toBe(200);
    const certificate = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text: 'Concluiu o Ensino Médio.',
      confirm: true,
    });
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(201);
    certificateCode = certificate.body.data.code;
  }, 120_000);
  afterAll(async () => {
    await target?.close();
    await source?.close();
  });

  const start = (body: Record<string, unknown>, token = admin) =>
    target.request('POST', '/api/imports/legacy', { token, body });
  const credentials = () => ({ base_url: source.url, email: ADMIN.email, password: ADMIN.password });

  it('refuses bad input with 422 in Portuguese, before anything is queued', async () => {
    const answer = await start({ base_url: 'ftp://escola.antiga', email: 'a@b.com', password: 'x' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.base_url).toEqual([
      'O endereço do sistema anterior deve começar com http:// ou https://.',
    ]);
    const empty = await start({});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['base_url', 'email', 'password']);
  });

  it('a dry run reads everything, writes nothing and counts what would be created', async () => {
    const answer = await start({ ...credentials(), dry_run: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const done = await finished(target, admin, answer.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe('preview');
    expect(done.counts.students).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(done.counts.financials).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(JSON.stringify(done)).not.toContain(ADMIN.password);
    const rows = await dynamic(target.db).selectFrom('students').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('copies students, enrolments, charges, grades and the certificate, whose code verifies on the target', async () => {
    const answer = await start(credentials());
    const done = await finished(target, admin, answer.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.done).toBe(done.total);
    expect(done.counts.students).toEqual({ created: 1, updated: 0, unchanged: 0 });

    const found = await target.request('GET', `/api/students?search=${CPF}`, { token: admin });
    expect(found.body.total).toBe(1);
    const id = found.body.data[0].id;
    const [record] = (await target.request('GET', `/api/students/${id}`, { token: admin })).body;
    expect(record).toMatchObject({
      name: 'Maria Eduarda Figueiredo',
      cpf: CPF,
      birth_date: '2009-03-14',
      name_mother: 'Luciana Figueiredo Costa',
      status: 'Ativo',
      has_photo: true,
    });
    expect(record.registrations).toHaveLength(1);
    expect(record.registrations[0].team.name).toBe('Turma Médio 2026 A');
    const charges = record.registrations[0].financials
      .map((c: { value_cents: number; due_date: string; paid: number; pay_day: string | null }) => [
        c.value_cents,
        c.due_date,
        c.paid,
        c.pay_day,
      ])
      .sort();
    expect(charges).toEqual([
      [123456, '2026-04-10', 0, null],
      [35000, '2026-03-10', 1, '2026-03-08'],
    ]);
    expect(record.observations.map((o: { observation: string }) => o.observation)).toEqual([
      'Transferida da rede estadual.',
    ]);
    const history = (await target.request('GET', `/api/students/${id}/status-history`, { token: admin })).body.data;
    expect(history.map((h: { new_status: string }) => h.new_status).sort()).toEqual(['Ativo', 'Trancado']);
    const photo = await fetch(`${target.url}/api/students/${id}/get-image`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    const grades = (await target.request('GET', `/api/grades/${id}/get-grade-by-student`, { token: admin })).body;
    expect(
      grades.map((g: { discipline: { name: string }; stage: { stage: number }; grade: string }) => [
        g.discipline.name,
        g.stage.stage,
        g.grade,
      ]),
    ).toEqual([
      ['Língua Portuguesa', 1, '8.5'],
      ['Matemática', 2, '10.0'],
    ]);

    const altcha = await solveCaptcha((await target.request('GET', '/api/captcha/challenge')).body);
    const verified = await target.request('GET', `/api/documents/has-document/${certificateCode}`, {
      headers: { 'x-altcha': altcha },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(JSON.stringify(verified.body)).toContain('Maria Eduarda Figueiredo');
  });

  it('a second run creates nothing and updates what changed on the source, audited', async () => {
    await source.request('PUT', `/api/students/${student}`, {
      token: sourceToken,
      body: { name: 'Maria Eduarda Figueiredo Lima', cpf: CPF, birth_date: '2009-03-14' },
    });
    const answer = await start(credentials());
    const done = await finished(target, admin, answer.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.created).toBe(0);
    expect(done.counts.students).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(done.counts.financials).toEqual({ created: 0, updated: 0, unchanged: 2 });
    const students = await dynamic(target.db).selectFrom('students').select(['id', 'name']).execute();
    expect(students.map((s) => s.name)).toEqual(['Maria Eduarda Figueiredo Lima']);
    const audited = await dynamic(target.db)
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'students')
      .where('action', '=', 'update')
      .execute();
    expect(audited.map((a) => JSON.parse(String(a.changes)).name)).toEqual([
      ['Maria Eduarda Figueiredo', 'Maria Eduarda Figueiredo Lima'],
    ]);
  });
});
