import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { legacyLimits } from '../../server/imports/legacy/run';
import { LegacySource } from '../../server/imports/legacy/source';
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
// In steps, never shuffled: a dry run, the copy, then a second run over what the copy wrote.
describeOnDatabases(
  'import from the previous system',
  (dialect) => {
    let source: TestServer;
    let target: TestServer;
    let sourceToken: string;
    let admin: string;
    let student: number;
    let certificateCode: string;
    let contractPdf: Buffer;
    const BOLETO = 'https://www.mercadopago.com.br/payments/1234567890/ticket?caller_id=1&hash=abc';
    const CPF = '52998224725';

    beforeAll(async () => {
      source = await startServer(dialect);
      target = await startServer(dialect, { jobs: { pollMs: 50 } });
      sourceToken = await source.session();
      admin = await target.session();
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
      const teacher = await call('POST', '/api/users', {
        name: 'Renata Albuquerque',
        email: 'renata.albuquerque@escolamodelo.edu.br',
        password: 'senha-da-renata-1',
        role_id: 3,
      });
      expect(teacher.status, JSON.stringify(teacher.body)).toBe(201);
      // Two more of the old staff: one in the finance office, one the old system never gave a role.
      const roles = await dynamic(source.db).selectFrom('roles').select(['id', 'key']).execute();
      const financeiro = roles.find((r) => r.key === 'financeiro')!.id;
      for (const [name, email, role_id] of [
        ['Jorge Tesoureiro', 'jorge.tesoureiro@escolamodelo.edu.br', financeiro],
        ['Vânia Sem Perfil', 'vania.semperfil@escolamodelo.edu.br', null],
      ] as const) {
        const made = await call('POST', '/api/users', { name, email, password: 'senha-da-equipe-1', role_id });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
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
      // The old system had issued a boleto for the open charge: its link lives in gateway_response (02 §3).
      await dynamic(source.db)
        .updateTable('financials')
        .set({
          gateway_response: JSON.stringify({
            payment_type_id: 'ticket',
            external_reference: String(open.body.data.id),
            transaction_details: { external_resource_url: BOLETO },
          }),
        })
        .where('id', '=', open.body.data.id)
        .execute();
      const contract = await call('POST', `/api/exports/student-contract/${student}/1`, {});
      expect(contract.status, JSON.stringify(contract.body)).toBe(200);
      const pdf = await fetch(`${source.url}/api/exports/student-contract/${student}/1`, {
        headers: { authorization: `Bearer ${sourceToken}` },
      });
      contractPdf = Buffer.from(await pdf.arrayBuffer());
      expect(contractPdf.subarray(0, 5).toString()).toBe('%PDF-');
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
      // Listed among the imports, and found by its kind.
      const listed = await target.request('GET', '/api/imports?kind=legacy', { token: admin });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.data.map((i: { id: number }) => i.id)).toContain(answer.body.data.id);
    });

    it('copies students, enrolments, charges, grades and the certificate, whose code verifies on the target', async () => {
      const answer = await start(credentials());
      const done = await finished(target, admin, answer.body.data.id);
      expect(done.status, JSON.stringify(done)).toBe('done');
      expect(done.done).toBe(done.total);
      expect(done.counts.students).toEqual({ created: 1, updated: 0, unchanged: 0 });
      expect(done.counts.contracts).toEqual({ created: 1, updated: 0, unchanged: 0 });

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
      // The enrolment's contract: the same file, offered from the MATRÍCULAS tab instead of "CONTRATO AUSENTE".
      expect(record.registrations[0].file_url_contract).toBe(`/exports/student-contract/${id}/1`);
      const contract = await fetch(`${target.url}/api${record.registrations[0].file_url_contract}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(contract.status).toBe(200);
      expect(Buffer.from(await contract.arrayBuffer()).equals(contractPdf)).toBe(true);
      // The open charge keeps the old system's boleto link.
      const open = record.registrations[0].financials.find((c: { paid: number }) => c.paid === 0);
      expect(JSON.parse(open.gateway_response).transaction_details.external_resource_url).toBe(BOLETO);
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

      // The old system's user, without her password: an invitation to choose one.
      const renata = await dynamic(target.db)
        .selectFrom('users')
        .select(['name', 'password_hash'])
        .where('email', '=', 'renata.albuquerque@escolamodelo.edu.br')
        .executeTakeFirstOrThrow();
      expect(renata).toEqual({ name: 'Renata Albuquerque', password_hash: '!' });
      const invitations = await dynamic(target.db)
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('to_address', '=', 'renata.albuquerque@escolamodelo.edu.br')
        .execute();
      expect(invitations.map((m) => m.subject)).toEqual(['Convite para a Secretaria']);
      expect(String(invitations[0].body)).toContain('/redefinir-senha?token=');
      // Each keeps the role the old system named; one without a role gets the least privileged of ours.
      const staff = await dynamic(target.db)
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select(['users.email', 'roles.key'])
        .where('users.email', 'in', [
          'renata.albuquerque@escolamodelo.edu.br',
          'jorge.tesoureiro@escolamodelo.edu.br',
          'vania.semperfil@escolamodelo.edu.br',
        ])
        .orderBy('users.email')
        .execute();
      expect(staff).toEqual([
        { email: 'jorge.tesoureiro@escolamodelo.edu.br', key: 'financeiro' },
        { email: 'renata.albuquerque@escolamodelo.edu.br', key: 'secretaria' },
        { email: 'vania.semperfil@escolamodelo.edu.br', key: 'professor' },
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
      expect(done.counts.contracts).toEqual({ created: 0, updated: 0, unchanged: 1 });
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
  },
  { shuffle: false },
);

/** A server on 127.0.0.1 that answers the way a broken or hostile "previous system" might. */
async function hostile(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Signs in like the contract, then hands every other path to `rest`. */
const signsIn =
  (rest: (req: http.IncomingMessage, res: http.ServerResponse) => void) =>
  (req: http.IncomingMessage, res: http.ServerResponse) =>
    req.url === '/api/auth/login' ? json(res, { access_token: 'token-do-sistema-antigo', menu: [] }) : rest(req, res);

describeOnDatabases('import from a broken or hostile previous system', (dialect) => {
  let target: TestServer;
  let admin: string;
  const saved = { ...legacyLimits };
  beforeAll(async () => {
    target = await startServer(dialect, { jobs: { pollMs: 50 } });
    admin = await target.session();
    // Seconds, not the product's minutes: a hanging server is given up on quickly.
    Object.assign(legacyLimits, { callMs: 700, maxJsonBytes: 64 * 1024 });
  });
  afterAll(async () => {
    Object.assign(legacyLimits, saved);
    await target?.close();
  });

  const cases: [string, (req: http.IncomingMessage, res: http.ServerResponse) => void, string][] = [
    [
      'garbage instead of JSON',
      (_req, res) => res.end('<html>Sistema em manutenção</html>'),
      'O sistema anterior respondeu algo que não é JSON (/auth/login).',
    ],
    [
      'a wrong password',
      (_req, res) => json(res, { message: 'E-mail ou senha não correspondem.' }, 401),
      'O sistema anterior recusou o e-mail ou a senha informados.',
    ],
    [
      'a huge answer',
      signsIn((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[');
        const row = JSON.stringify({ id: 1, name: 'x'.repeat(1000), description: null });
        for (let i = 0; i < 2000; i++) res.write(`${i ? ',' : ''}${row}`);
        res.end(']}');
      }),
      'Uma resposta do sistema anterior é grande demais (/teachings).',
    ],
    [
      'a redirect to another host',
      (_req, res) => {
        res.writeHead(302, { location: 'http://127.0.0.2:9/api/auth/login' });
        res.end();
      },
      'O sistema anterior redirecionou para outro endereço; a importação foi interrompida.',
    ],
    ['an answer that never comes', signsIn(() => undefined), 'O sistema anterior não respondeu a tempo (/teachings).'],
    [
      'rows of the wrong shape',
      signsIn((_req, res) => json(res, { data: [{ id: 'um', name: 42 }], total: 1 })),
      'Resposta inesperada do sistema anterior em /teachings (campo data.0.id).',
    ],
  ];

  for (const [name, answer, message] of cases)
    it(`fails in Portuguese, writing nothing, on ${name}`, async () => {
      const source = await hostile(answer);
      try {
        const secret = 'senha-secreta-do-sistema-antigo';
        const started = await target.request('POST', '/api/imports/legacy', {
          token: admin,
          body: { base_url: source.url, email: 'secretaria@escola-antiga.com.br', password: secret },
        });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const done = await finished(target, admin, started.body.data.id);
        expect(done.status).toBe('failed');
        expect(done.errors.map((e: { message: string }) => e.message)).toEqual([message]);
        expect(JSON.stringify(done)).not.toContain(secret);
        expect(JSON.stringify(done)).not.toContain('token-do-sistema-antigo');
        const teachings = await dynamic(target.db).selectFrom('legacy_ids').select('id').execute();
        expect(teachings).toEqual([]);
      } finally {
        await source.close();
      }
    });

  it('refuses a second run while one is going: both would create what neither has mapped yet', async () => {
    const source = await hostile(signsIn(() => undefined));
    try {
      const body = { base_url: source.url, email: 'secretaria@escola-antiga.com.br', password: 'senha-antiga' };
      const first = await target.request('POST', '/api/imports/legacy', { token: admin, body });
      expect(first.status).toBe(201);
      const second = await target.request('POST', '/api/imports/legacy', { token: admin, body });
      expect(second).toEqual({
        status: 409,
        body: { message: 'Já há uma importação do sistema anterior em andamento. Aguarde o fim dela.' },
      });
      expect((await finished(target, admin, first.body.data.id)).status).toBe('failed');
    } finally {
      await source.close();
    }
  });
});

it('reads a contract at the address the source gave, under its /api or on its own server, never on another', async () => {
  const asked: string[] = [];
  const source = await hostile(
    signsIn((req, res) => {
      asked.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4 contrato');
    }),
  );
  try {
    const client = new LegacySource(new URL(`${source.url}/api`));
    await client.login('secretaria@escola-antiga.com.br', 'senha-antiga');
    expect(String(await client.fileAt('/exports/student-contract/7/2'))).toBe('%PDF-1.4 contrato');
    expect(String(await client.fileAt(`${source.url}/storage/contratos/000007.pdf`))).toBe('%PDF-1.4 contrato');
    expect(await client.fileAt('http://127.0.0.2:9/storage/contratos/000007.pdf')).toBeNull();
    expect(asked).toEqual(['/api/exports/student-contract/7/2', '/storage/contratos/000007.pdf']);
  } finally {
    await source.close();
  }
});
