import { beforeEach, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, type TestServer } from './support/server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describeOnDatabases("a student's issued documents", (dialect) => {
  // Each test on a school of its own: Carla holds one certificate, Davi none.
  const fresh = serverPerTest(dialect);
  let server: TestServer;
  let token: string;
  let fileName: string;
  let documentId: number;
  let students: number[];
  beforeEach(async () => {
    ({ server, token } = fresh);
    students = [];
    for (const name of ['Carla Dias', 'Davi Rocha'])
      students.push((await server.request('POST', '/api/students', { token, body: { name } })).body.data.id);
    const key = await server.storage.put('documents', 'pdf', PDF);
    fileName = key.slice('documents/'.length);
    const now = new Date().toISOString();
    const row = await server.db.kysely
      .insertInto('documents' as never)
      .values({
        student_id: students[0],
        type: 'CERTIFICATE',
        code: 'CERT_TESTE_123456',
        folder: 'certificate',
        file_name: fileName,
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    documentId = Number((row as { id: number }).id);
  });

  it('lists the documents in the student record and downloads the PDF', async () => {
    const record = await server.request('GET', `/api/students/${students[0]}`, { token });
    expect(record.body[0].documents).toEqual([
      expect.objectContaining({ type: 'CERTIFICATE', folder: 'certificate', file_name: fileName }),
    ]);
    const response = await fetch(`${server.url}/api/documents/storage/certificate/${fileName}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('never turns the folder or file of the URL into a path', async () => {
    for (const attempt of [
      '/api/documents/storage/certificate/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/documents/storage/..%2F..%2Fdocuments/' + fileName,
      '/api/documents/storage/%2E%2E/%2E%2E',
      '/api/documents/..%2F..%2Fsecretaria.db/x/remove',
    ]) {
      const { status, body } = await server.request('GET', attempt, { token });
      expect(status, attempt).toBe(404);
      expect(String(JSON.stringify(body))).not.toContain('root:');
    }
    // A file name planted in the database that is not one the server made is never opened.
    await server.db.kysely
      .updateTable('documents' as never)
      .set({ file_name: '../../etc/passwd' } as never)
      .where('id' as never, '=', documentId as never)
      .execute();
    expect(
      (await server.request('GET', '/api/documents/storage/certificate/..%2F..%2Fetc%2Fpasswd', { token })).status,
    ).toBe(404);
    await server.db.kysely
      .updateTable('documents' as never)
      .set({ file_name: fileName } as never)
      .where('id' as never, '=', documentId as never)
      .execute();
  });

  it('moves a document to another student', async () => {
    expect(
      (await server.request('PUT', `/api/documents/${documentId}`, { token, body: { student_id: 99999 } })).body.errors,
    ).toEqual({ student_id: ['O aluno selecionado não existe.'] });
    const moved = await server.request('PUT', `/api/documents/${documentId}`, {
      token,
      body: { student_id: students[1] },
    });
    expect(moved.body.message).toBe('Documento transferido com sucesso!');
    expect((await server.request('GET', `/api/students/${students[1]}`, { token })).body[0].documents).toHaveLength(1);
    expect((await server.request('GET', `/api/students/${students[0]}`, { token })).body[0].documents).toHaveLength(0);
  });

  it('revokes a document instead of erasing it: row and file stay, its code answers revoked, once', async () => {
    const removed = await server.request('GET', `/api/documents/certificate/${fileName}/remove`, { token });
    expect(removed).toEqual({
      status: 200,
      body: {
        message: 'Documento revogado: o código deixou de valer e a página pública de verificação informa a revogação.',
      },
    });
    // Kept for the school's records: the file, and the row marked revoked in the student's list.
    expect((await server.storage.get(`documents/${fileName}`))?.equals(PDF)).toBe(true);
    const record = await server.request('GET', `/api/students/${students[0]}`, { token });
    expect(record.body[0].documents).toEqual([
      expect.objectContaining({ code: 'CERT_TESTE_123456', revoked_at: expect.any(String) }),
    ]);
    const again = await server.request('GET', `/api/documents/certificate/${fileName}/remove`, { token });
    expect(again).toEqual({ status: 409, body: { message: 'Este documento já foi revogado.' } });
    expect((await server.request('GET', `/api/documents/storage/certificate/${fileName}`)).status).toBe(401);
    const audit = await server.db.kysely
      .selectFrom('audit_log' as never)
      .select(['action' as never, 'changes' as never])
      .where('entity' as never, '=', 'documents' as never)
      .where('entity_id' as never, '=', documentId as never)
      .execute();
    expect(audit.map((a) => (a as { action: string }).action)).toEqual(['update']);
  });
});
