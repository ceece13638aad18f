import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { serverPerFile, serverPerTest, type PerTest } from './support/per-test';
import { download } from './support/reports';
import { describeOnDatabases, ROLE_IDS } from './support/server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Entry {
  id: number;
  user: { id: number | null; name: string };
  action: string;
  detail: string;
  created_at: string;
}

async function newStudent(fresh: PerTest, name: string, teamId?: number): Promise<number> {
  const created = await fresh.call('POST', '/api/students', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = Number(created.body.data.id);
  if (teamId)
    expect((await fresh.call('POST', '/api/registrations', { student_id: id, team_id: teamId })).status).toBe(201);
  return id;
}

/** The rows as stored, oldest first. */
async function rowsOf(fresh: PerTest, studentId: number) {
  return dynamic(fresh.server.db)
    .selectFrom('student_access_log')
    .select(['student_id', 'user_id', 'user_name', 'action', 'detail'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

async function logOf(fresh: PerTest, studentId: number, query = ''): Promise<Entry[]> {
  const { status, body } = await fresh.call('GET', `/api/students/${studentId}/access-log${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Entry[];
}

describeOnDatabases("a student's access log (LGPD)", (dialect) => {
  const shared = serverPerFile(dialect);

  it('logs opening the record once, with the user, and not the list', async () => {
    const id = await newStudent(shared, 'Alice Registro Aberto');
    expect((await shared.call('GET', '/api/students?perPage=50')).status).toBe(200);
    expect((await shared.call('GET', `/api/students?search=${encodeURIComponent('Alice Registro')}`)).status).toBe(200);
    expect(await rowsOf(shared, id)).toEqual([]);

    expect((await shared.call('GET', `/api/students/${id}`)).status).toBe(200);
    // react-admin refetches the record after a save or on focus: the same person within a minute is one opening.
    expect((await shared.call('GET', `/api/students/${id}`)).status).toBe(200);
    const admin = await dynamic(shared.server.db)
      .selectFrom('users')
      .select(['id', 'name'])
      .where('name', '=', 'Administrador')
      .executeTakeFirstOrThrow();
    expect(await rowsOf(shared, id)).toEqual([
      { student_id: id, user_id: Number(admin.id), user_name: 'Administrador', action: 'view', detail: '' },
    ]);
    const [entry] = await logOf(shared, id);
    expect(entry).toMatchObject({ user: { id: Number(admin.id), name: 'Administrador' }, action: 'view', detail: '' });
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);
    // Reading the log is not itself logged.
    expect(await rowsOf(shared, id)).toHaveLength(1);
  });

  it('logs a document download with the document name, and nothing for a missing file', async () => {
    const id = await newStudent(shared, 'Bruno Documento Baixado');
    const key = await shared.server.storage.put('documents', 'pdf', PDF);
    const fileName = key.slice('documents/'.length);
    const now = new Date().toISOString();
    await dynamic(shared.server.db)
      .insertInto('documents')
      .values({
        student_id: id,
        type: 'CERTIFICATE',
        code: `CERT_ACESSO_${id}`,
        folder: 'certificate',
        file_name: fileName,
        document_name: '000123_CERTIFICATE.pdf',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const file = await download(shared, `/api/documents/storage/certificate/${fileName}`);
    expect(file.status).toBe(200);
    expect((await download(shared, '/api/documents/storage/certificate/nao-existe.pdf')).status).toBe(404);
    expect((await rowsOf(shared, id)).map((r) => [r.action, r.detail])).toEqual([
      ['document', '000123_CERTIFICATE.pdf'],
    ]);
  });

  it('logs a report about one student and the financial statement, not a refused one', async () => {
    const id = await newStudent(shared, 'Carla Declaração Emitida', 3);
    const letter = await download(shared, `/api/exports/registration-statement/${id}/team/3`);
    expect(letter.status, letter.content.toString()).toBe(200);
    // Not enrolled in team 2: a 404, no file, nothing handed out.
    expect((await download(shared, `/api/exports/registration-statement/${id}/team/2`)).status).toBe(404);
    const statement = await download(shared, `/api/exports/student-financial-history/${id}`);
    expect(statement.status).toBe(200);
    // The financial report filtered to her is about her alone; unfiltered, it is about no one in particular.
    expect((await download(shared, `/api/exports/report-financial-with-filter?student_id=${id}`)).status).toBe(200);
    expect((await download(shared, '/api/exports/report-financial-with-filter')).status).toBe(200);
    expect((await rowsOf(shared, id)).map((r) => [r.action, r.detail])).toEqual([
      // An issued declaration is named with its verification code (issue 35: every issued document is coded).
      ['report', expect.stringMatching(/^Declaração de matrícula DECL_[0-9A-Z]{16}$/)],
      ['report', 'Extrato financeiro'],
      ['report', 'Relatório financeiro com filtro'],
    ]);
  });

  it('logs the LGPD export, and the export carries the access log', async () => {
    const id = await newStudent(shared, 'Davi Dados Exportados');
    await shared.call('GET', `/api/students/${id}`);
    const { status, body } = await shared.call('GET', `/api/students/${id}/export`);
    expect(status).toBe(200);
    expect(
      (body.access_log as Entry[]).map((e) => ({ user: e.user.name, action: e.action, detail: e.detail })),
    ).toEqual([
      { user: 'Administrador', action: 'export', detail: 'Exportação de dados (LGPD)' },
      { user: 'Administrador', action: 'view', detail: '' },
    ]);
    expect((await rowsOf(shared, id)).map((r) => r.action)).toEqual(['view', 'export']);
  });

  it('pages the log newest first in the list envelope, and answers 404 for a student that does not exist', async () => {
    const id = await newStudent(shared, 'Elisa Muitos Acessos');
    const k = dynamic(shared.server.db);
    for (let i = 1; i <= 12; i++)
      await k
        .insertInto('student_access_log')
        .values({
          student_id: id,
          user_id: null,
          user_name: `Pessoa ${i}`,
          action: 'view',
          detail: '',
          created_at: new Date(Date.UTC(2026, 10, i, 12)).toISOString(),
        })
        .execute();
    const { status, body } = await shared.call('GET', `/api/students/${id}/access-log?page=2&perPage=5`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ current_page: 2, last_page: 3, per_page: 5, total: 12 });
    expect(body.data.map((e: Entry) => e.user.name)).toEqual([
      'Pessoa 7',
      'Pessoa 6',
      'Pessoa 5',
      'Pessoa 4',
      'Pessoa 3',
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      user: { id: null, name: 'Pessoa 7' },
      action: 'view',
      detail: '',
      created_at: '2026-11-07T12:00:00.000Z',
    });
    const first = await logOf(shared, id);
    expect(first).toHaveLength(10);
    expect(first[0].user.name).toBe('Pessoa 12');

    const missing = await shared.call('GET', '/api/students/999999/access-log');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Aluno não encontrado.');
    expect((await shared.call('GET', `/api/students/${id}/access-log?page=-1`)).status).toBe(422);
  });

  it('keeps the name of a user deleted later', async () => {
    const id = await newStudent(shared, 'Fábio Visto Por Temporária');
    const person = {
      name: 'Secretária Temporária',
      email: `temp.${id}@escolamodelo.edu.br`,
      password: 'senha-temp-123',
      role_id: ROLE_IDS.secretaria,
    };
    const created = await shared.call('POST', '/api/users', person);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await shared.server.login(person.email, person.password);
    expect((await shared.server.request('GET', `/api/students/${id}`, { token })).status).toBe(200);
    expect((await shared.call('DELETE', `/api/users/${created.body.data.id}`)).status).toBe(200);
    expect((await logOf(shared, id)).map((e) => e.user)).toEqual([{ id: null, name: 'Secretária Temporária' }]);
  });
});

describeOnDatabases('the access log failing', (dialect) => {
  const fresh = serverPerTest(dialect);

  it('never turns a read into an error', async () => {
    const id = await newStudent(fresh, 'Gabriel Leitura Garantida');
    await dynamic(fresh.server.db).schema.dropTable('student_access_log').execute();
    const record = await fresh.call('GET', `/api/students/${id}`);
    expect(record.status).toBe(200);
    expect(record.body[0].name).toBe('Gabriel Leitura Garantida');
  });
});
