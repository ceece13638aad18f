import PDFDocument from 'pdfkit';
import { beforeAll, expect, it } from 'vitest';
import { toBuffer } from '../../server/pdf/buffer';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * A professor's role given the document permissions (personal data, writing students) still reaches only the
 * documents of their own classes' students: another student's is not found by its path, nor moved or removed.
 */
describeOnDatabases("issued documents within a professor's reach", (dialect) => {
  const school = serverPerFile(dialect);
  const call = school.call;
  let teacher: (method: string, path: string, body?: unknown) => ReturnType<typeof call>;
  let pupil: number;
  let stranger: number;

  async function enrolled(name: string, cpf: string, team: number): Promise<number> {
    const student = await call('POST', '/api/students', { name, cpf, birth_date: '2011-03-14' });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const id = Number(student.body.data.id);
    expect((await call('POST', '/api/registrations', { student_id: id, team_id: team })).status).toBe(201);
    return id;
  }

  /** Stores a PDF made elsewhere for the student under `file`; answers nothing (the path finds it). */
  async function stored(student: number, team: number, file: string, code: string): Promise<void> {
    const doc = new PDFDocument({ size: 'A4' });
    doc.text(`Histórico de ${file}`);
    const form = new FormData();
    const fields = { code, team: String(team), type: 'HISTORY', folder: 'history', document_name: file };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('pdf', new Blob([new Uint8Array(await toBuffer(doc))], { type: 'application/pdf' }), file);
    const response = await fetch(`${school.server.url}/api/documents/${student}/store-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${school.token}` },
      body: form,
    });
    expect(response.status, await response.text()).toBe(200);
  }

  beforeAll(async () => {
    const teams = (await call('GET', '/api/teams?page=0')).body.data as { id: number }[];
    const [mine, other] = [teams[0].id, teams[1].id];
    pupil = await enrolled('Bianca Alcançada', '52998224725', mine);
    stranger = await enrolled('Renato de Outra Turma', '11144477735', other);
    await stored(pupil, mine, 'historico-bianca.pdf', 'HIST_7K2M9P4Q8R');
    await stored(stranger, other, 'historico-renato.pdf', 'HIST_3T6V1W8X2Y');

    const role = (await call('GET', `/api/roles/${ROLE_IDS.professor}`)).body[0];
    const permissions = [...new Set([...(role.permissions as string[]), 'students.personal', 'students.write'])];
    expect((await call('PUT', `/api/roles/${ROLE_IDS.professor}`, { permissions })).status).toBe(200);
    const created = await call('POST', '/api/users', {
      name: 'Vera Professora',
      email: 'vera.professora@escola.com.br',
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
    });
    expect(created.status).toBe(201);
    const discipline = ((await call('GET', `/api/teams/${mine}/disciplines`)).body as { id: number }[])[0].id;
    const assigned = await call('POST', `/api/teams/${mine}/teachers`, {
      user_id: Number(created.body.data.id),
      discipline_id: discipline,
    });
    expect(assigned.status).toBe(201);
    const token = await school.server.session('vera.professora@escola.com.br');
    teacher = (method, path, body) => school.server.request(method, path, { token, body });
  });

  it("opens her own student's document, and answers another's as not found", async () => {
    expect((await teacher('GET', '/api/documents/storage/history/historico-bianca.pdf')).status).toBe(200);
    expect(await teacher('GET', '/api/documents/storage/history/historico-renato.pdf')).toMatchObject({
      status: 404,
      body: { message: 'Documento não encontrado.' },
    });
  });

  it("neither removes nor moves another student's document, nor moves hers to a student out of reach", async () => {
    expect((await teacher('GET', '/api/documents/history/historico-renato.pdf/remove')).status).toBe(404);
    const documents = (await call('GET', `/api/students/${stranger}`)).body[0].documents as { id: number }[];
    const theirs = documents[0].id;
    expect((await teacher('PUT', `/api/documents/${theirs}`, { student_id: pupil })).status).toBe(404);
    const mineDocs = (await call('GET', `/api/students/${pupil}`)).body[0].documents as { id: number }[];
    const moved = await teacher('PUT', `/api/documents/${mineDocs[0].id}`, { student_id: stranger });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.student_id).toEqual(['O aluno selecionado não existe.']);
    // Still where they were, and the office reaches both.
    expect((await call('GET', '/api/documents/storage/history/historico-renato.pdf')).status).toBe(200);
  });
});
