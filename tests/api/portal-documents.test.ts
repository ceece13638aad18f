import { expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text';
import { solveCaptcha } from './support/mail';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

describeOnDatabases('family portal: documents and the declaration of enrolment', (dialect) => {
  const fresh = serverPerFile(dialect);
  const { call } = fresh;

  /** A student (enrolled in team 1 unless said) with a guardian signed in to the portal. */
  async function familyOf(name: string, email: string, enrol = true) {
    const student = (await call('POST', '/api/students', { name, cpf: null })).body.data.id as number;
    if (enrol) expect((await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).status).toBe(201);
    const guardian = (await call('POST', '/api/guardians', { name: `Mãe de ${name}`, email })).body.data.id as number;
    await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    return { student, token: await portalSession(fresh.server, guardian, email) };
  }

  const download = async (path: string, token: string) => {
    const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.arrayBuffer() };
  };

  it('issues a declaration of enrolment at once, listed, downloadable and found by the public verification', async () => {
    const { student, token } = await familyOf('Nina Declarada', 'nina@exemplo.com');
    const issued = await fresh.server.request('POST', `/api/portal/students/${student}/declarations`, {
      token,
      body: {},
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const { document } = issued.body;
    expect(document).toEqual({
      id: expect.any(Number),
      title: 'Declaração de matrícula',
      issued_at: expect.any(String),
      code: expect.stringMatching(/^DECL_[0-9A-Z]{16}$/),
      verify_url: `http://escola.test/verificar/${document.code}`,
      download_url: `/api/portal/students/${student}/documents/${document.id}/file`,
    });
    expect(Date.parse(document.issued_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await fresh.server.request('GET', `/api/portal/students/${student}/documents`, { token });
    expect(list).toEqual({ status: 200, body: [document] });

    const file = await download(document.download_url, token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(file.body))).replace(/\s+/g, ' ');
    expect(text).toContain('DECLARAÇÃO DE MATRÍCULA');
    expect(text).toContain('NINA DECLARADA');
    expect(text).toContain('está regularmente matriculado(a)');
    expect(text).toContain(`Código de validação: ${document.code}`);

    // The public verification page finds it, as it finds the office's documents.
    const challenge = (await fresh.server.request('GET', '/api/captcha/challenge')).body;
    const altcha = await solveCaptcha(challenge);
    const found = await fresh.server.request('GET', `/api/documents/has-document/${document.code}`, {
      headers: { 'x-altcha': altcha },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({ type_name: 'Declaração de matrícula', student: { name: 'Nina Declarada' } }),
    ]);
  });

  it('refuses a declaration without an active enrolment, and answers 404 for what is not the account’s', async () => {
    const { student, token } = await familyOf('Léo Sem Turma', 'leo@exemplo.com', false);
    const withField = await fresh.server.request('POST', `/api/portal/students/${student}/declarations`, {
      token,
      body: { team_id: 1 },
    });
    expect(withField.status).toBe(422);
    expect(withField.body.message).toBe('A declaração não recebe dados: envie um corpo vazio ({}).');
    expect(
      await fresh.server.request('POST', `/api/portal/students/${student}/declarations`, { token, body: {} }),
    ).toEqual({ status: 422, body: { message: 'O aluno não tem matrícula ativa.' } });
    expect((await fresh.server.request('GET', `/api/portal/students/${student}/documents`, { token })).body).toEqual(
      [],
    );

    const other = await familyOf('Bia Outra', 'bia.outra@exemplo.com');
    const theirs = (
      await fresh.server.request('POST', `/api/portal/students/${other.student}/declarations`, {
        token: other.token,
        body: {},
      })
    ).body.document;
    const notFound = { status: 404, body: { message: 'Aluno não encontrado.' } };
    const get = (path: string) => fresh.server.request('GET', path, { token });
    expect(await get(`/api/portal/students/${other.student}/documents`)).toEqual(notFound);
    expect(await get(`/api/portal/students/${other.student}/documents/${theirs.id}/file`)).toEqual(notFound);
    expect(await get(`/api/portal/students/${student}/documents/${theirs.id}/file`)).toEqual({
      status: 404,
      body: { message: 'Documento não encontrado.' },
    });
    expect(
      await fresh.server.request('POST', `/api/portal/students/${other.student}/declarations`, { token, body: {} }),
    ).toEqual(notFound);
  });
});
