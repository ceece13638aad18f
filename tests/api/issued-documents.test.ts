import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { CITY_MISSING } from '../../resources/documents';
import { toBuffer } from '../../server/pdf/buffer';
import { qrCodesOf } from '../support/pdf-qr';
import { pdfText } from '../support/pdf-text';
import { solveCaptcha } from './support/mail';
import { serverPerFile, serverPerTest } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

/**
 * Issue 35: whichever screen or route issues a document, it is stored, coded and verifiable, and revoked, not erased.
 */
describeOnDatabases('every issued document: stored, coded, verifiable, revoked', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  const lookup = async (code: string) => {
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    return shared.server.request('GET', `/api/documents/has-document/${code}`, { headers: { 'x-altcha': altcha } });
  };
  const checkFile = async (code: string, content: Buffer) => {
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    const response = await fetch(`${shared.server.url}/api/documents/has-document/${code}/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-altcha': altcha },
      body: new Uint8Array(content),
    });
    return { status: response.status, body: await response.json() };
  };
  const get = async (path: string, token = shared.token) => {
    const response = await fetch(`${shared.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { response, content: Buffer.from(await response.arrayBuffer()) };
  };
  type Issued = { id: number; type: string; code: string; folder: string; file_name: string; revoked_at: unknown };
  const documentsOf = async (student: number) =>
    (await call('GET', `/api/students/${student}`)).body[0].documents as Issued[];
  const stored = async (d: Issued) => (await get(`/api/documents/storage/${d.folder}/${d.file_name}`)).content;

  it('every route issues a stored document whose code verifies, printed on the page and in its QR code', async () => {
    const student = (await call('POST', '/api/students', { name: 'Teodora Todos Documentos', cpf: '52998224725' })).body
      .data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    const guardian = (
      await call('POST', '/api/guardians', { name: 'Mãe de Teodora', email: 'mae.teodora@exemplo.com' })
    ).body.data.id as number;
    await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });

    // Documentos › histórico and certificado.
    const history = await call('POST', `/api/documents/${student}/history`, {
      team_id: 1,
      city: 'Ananindeua',
      uf: 'PA',
      day: 23,
      month: 11,
      year: '2026',
    });
    expect(history.status, JSON.stringify(history.body)).toBe(201);
    const certificate = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text: 'Concluiu o Ensino Médio.',
      confirm: true,
    });
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(201);
    // Relatórios › Declaração de matrícula and Atestado de conclusão: the file, and its code in a header.
    const declaration = await get(`/api/exports/registration-statement/${student}/team/1`);
    expect(declaration.response.status).toBe(200);
    expect(declaration.response.headers.get('content-disposition')).toContain('declaracao_de_matricula.pdf');
    const completion = await get(`/api/exports/certificate-of-completion/${student}/team/1?confirm=1`);
    expect(completion.response.status).toBe(200);
    // Gerar contrato.
    expect((await get(`/api/exports/student-contract/${student}/1`)).response.status).toBe(200);
    // The family portal's declaration.
    const portal = await shared.server.request('POST', `/api/portal/students/${student}/declarations`, {
      token: await portalSession(shared.server, guardian, 'mae.teodora@exemplo.com'),
      body: {},
    });
    expect(portal.status, JSON.stringify(portal.body)).toBe(201);
    // A PDF made elsewhere, uploaded.
    const form = new FormData();
    const foreign = new PDFDocument();
    foreign.text('Histórico de outra escola');
    form.append('pdf', new Blob([new Uint8Array(await toBuffer(foreign))], { type: 'application/pdf' }), 'h.pdf');
    const upload = await fetch(`${shared.server.url}/api/documents/${student}/store-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const uploaded = (await upload.json()).data as Issued;

    const documents = await documentsOf(student);
    const prefixes = {
      HISTORY: 'HIST_',
      CERTIFICATE: 'CERT_',
      DECLARATION: 'DECL_',
      COMPLETION: 'ATES_',
      CONTRACT: 'CONT_',
    };
    expect(documents.map((d) => d.type).sort()).toEqual(
      ['CERTIFICATE', 'COMPLETION', 'CONTRACT', 'DECLARATION', 'DECLARATION', 'HISTORY', 'HISTORY'].sort(),
    );
    expect(declaration.response.headers.get('x-document-code')).toBe(
      documents.find((d) => d.type === 'DECLARATION' && d.code !== portal.body.document.code)!.code,
    );
    expect(completion.response.headers.get('x-document-code')).toBe(
      documents.find((d) => d.type === 'COMPLETION')!.code,
    );
    for (const document of documents) {
      const content = await stored(document);
      expect(await checkFile(document.code, content), document.type).toMatchObject({
        status: 200,
        body: { match: true },
      });
      const found = await lookup(document.code);
      expect(found.status, document.type).toBe(200);
      expect(found.body[0]).toMatchObject({ type: document.type, student: { name: 'Teodora Todos Documentos' } });
      // The uploaded PDF carries what its maker printed: only its code and hash are ours.
      if (document.code === uploaded.code) continue;
      expect(document.code).toMatch(new RegExp(`^${prefixes[document.type as keyof typeof prefixes]}[0-9A-Z]{16}$`));
      expect(await pdfText(content), document.type).toContain(document.code);
      expect(qrCodesOf(content)[0], document.type).toBe(`http://escola.test/verificar/${document.code}`);
    }
    // The letter from Relatórios is the stored one, byte for byte.
    const letter = documents.find((d) => d.code === declaration.response.headers.get('x-document-code'))!;
    expect((await stored(letter)).equals(declaration.content)).toBe(true);
    expect(await pdfText(declaration.content)).toContain('DECLARAÇÃO DE MATRÍCULA');
    expect(await pdfText(completion.content)).toContain('ATESTADO DE CONCLUSÃO DE CURSO');
  }, 90_000); // seven documents, each checked by code, file, text and QR code

  it('the completion statement asks its confirmation before anything is issued', async () => {
    const student = (await call('POST', '/api/students', { name: 'Ulisses Sem Notas' })).body.data.id as number;
    await call('POST', '/api/registrations', { student_id: student, team_id: 1 });
    const asked = await get(`/api/exports/certificate-of-completion/${student}/team/1`);
    expect(asked.response.status).toBe(409);
    expect(JSON.parse(asked.content.toString())).toMatchObject({ error: true, confirm: true });
    expect(await documentsOf(student)).toEqual([]);
  });

  it('revokes a history, a certificate and a declaration: kept, told revoked, out of the portal, issued anew', async () => {
    const student = (await call('POST', '/api/students', { name: 'Rita Revogada', cpf: '38615492042' })).body.data
      .id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    const guardian = (await call('POST', '/api/guardians', { name: 'Mãe de Rita', email: 'mae.rita@exemplo.com' })).body
      .data.id as number;
    await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    const family = await portalSession(shared.server, guardian, 'mae.rita@exemplo.com');
    const certificate = { registration_id: registration, text: 'Concluiu o curso.', confirm: true };
    expect((await call('POST', `/api/documents/${student}/certificate`, certificate)).status).toBe(201);
    expect((await get(`/api/exports/registration-statement/${student}/team/1`)).response.status).toBe(200);
    const issued = await documentsOf(student);
    const portalBefore = await shared.server.request('GET', `/api/portal/students/${student}/documents`, {
      token: family,
    });
    expect(portalBefore.body).toHaveLength(2);

    for (const document of issued) {
      const content = await stored(document);
      const revoked = await call('GET', `/api/documents/${document.folder}/${document.file_name}/remove`);
      expect(revoked.status).toBe(200);
      const answer = await lookup(document.code);
      expect(answer.status).toBe(410);
      expect(answer.body).toMatchObject({ revoked: true, type: document.type });
      // No more than a valid answer says, and less: neither whose it was nor the team.
      expect(JSON.stringify(answer.body)).not.toMatch(/Rita|38615492042|student|team/);
      expect((await checkFile(document.code, content)).status).toBe(410);
      // The office keeps the file.
      expect((await stored(document)).equals(content)).toBe(true);
    }
    expect((await documentsOf(student)).every((d) => d.revoked_at)).toBe(true);
    const portalAfter = await shared.server.request('GET', `/api/portal/students/${student}/documents`, {
      token: family,
    });
    expect(portalAfter.body).toEqual([]);
    expect(
      (
        await shared.server.request('GET', `/api/portal/students/${student}/documents/${issued[0].id}/file`, {
          token: family,
        })
      ).status,
    ).toBe(404);
    // A revoked certificate no longer holds the enrolment: another is issued under a new code.
    const again = await call('POST', `/api/documents/${student}/certificate`, certificate);
    expect(again.status).toBe(201);
    expect(issued.map((d) => d.code)).not.toContain(again.body.data.code);
    expect((await lookup(again.body.data.code)).status).toBe(200);
  });
});

describeOnDatabases('no document without the school city', (dialect) => {
  const fresh = serverPerTest(dialect);

  it('refuses every issue with the same clear message while the city is missing, and issues once it is given', async () => {
    const { call } = fresh;
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const { colored_logo: _logo, cover: _cover, ...editable } = settings;
    expect((await call('PUT', '/api/school-settings', { ...editable, city: '' })).status).toBe(200);
    const student = (await call('POST', '/api/students', { name: 'Caio Sem Cidade' })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;

    const certificate = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text: 'Concluiu o curso.',
      line3: 'Belém, 1º de dezembro de 2026',
      confirm: true,
    });
    expect(certificate).toEqual({ status: 422, body: { message: CITY_MISSING, errors: { city: [CITY_MISSING] } } });
    for (const path of [
      `/api/exports/registration-statement/${student}/team/1`,
      `/api/exports/certificate-of-completion/${student}/team/1?confirm=1`,
    ]) {
      const refused = await call('GET', path);
      expect(refused.status, path).toBe(422);
      expect(refused.body.message, path).toBe(CITY_MISSING);
    }
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);

    expect((await call('PUT', '/api/school-settings', { ...editable, city: 'Marabá - PA' })).status).toBe(200);
    const issued = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text: 'Concluiu o curso.',
      confirm: true,
    });
    expect(issued.status).toBe(201);
    const file = await fetch(`${fresh.server.url}/api/documents/storage/certificate/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    expect(await pdfText(Buffer.from(await file.arrayBuffer()))).toMatch(/Marabá - PA, \d{1,2}º? de \w+ de \d{4}/);
  });
});
