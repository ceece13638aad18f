import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { toBuffer } from '../../server/pdf/buffer';
import { REVOKED_MESSAGE } from '../../server/documents/routes';
import { solveCaptcha } from './support/mail';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** The PDF the original client draws in the browser, saves on the user's disk and then uploads. */
async function clientPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape' });
  doc.text(text);
  return toBuffer(doc);
}

/**
 * The original client's history and certificate pages, call for call: it makes the code itself (a prefix and
 * 10 letters or digits, U included), stores the PDF with store-document, and finds it again by the name it
 * builds, `{registration}_{cpf}_{TYPE}.pdf`, under the folder it sent.
 */
describeOnDatabases("the original client's history and certificate pages", (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  let nextCpf = 0;
  /** A valid CPF of its own for each student (CPFs are unique). */
  const cpfOf = (base: string) => {
    const digits = base.split('').map(Number);
    for (const length of [9, 10]) {
      const sum = digits.slice(0, length).reduce((total, d, i) => total + d * (length + 1 - i), 0);
      digits.push(((sum * 10) % 11) % 10);
    }
    return digits.join('');
  };

  const enrolled = async (name: string) => {
    const cpf = cpfOf(String(386154900 + ++nextCpf));
    const created = await call('POST', '/api/students', { name, cpf });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const student = created.body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    return { student, registration, cpf };
  };
  /** `POST /documents/{student}/store-document` as the client's FormData makes it. */
  const store = async (student: number, fields: Record<string, string>, pdf: Buffer, fileName: string) => {
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const response = await fetch(`${shared.server.url}/api/documents/${student}/store-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  const get = async (path: string) => {
    const response = await fetch(`${shared.server.url}/api${path}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      content: Buffer.from(await response.arrayBuffer()),
    };
  };
  const verify = async (code: string) => {
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    return shared.server.request('GET', `/api/documents/has-document/${encodeURIComponent(code)}`, {
      headers: { 'x-altcha': altcha },
    });
  };

  it('certificate: a code with U is kept, the PDF is found by the name the client builds, and removed by it', async () => {
    const { student, registration, cpf: CPF } = await enrolled('Úrsula Certificada Lima');
    const name = `${registration}_${CPF}_CERTIFICATE.pdf`;
    const pdf = await clientPdf('Certificado desenhado pelo cliente: CERT_7UQ2XK9RMA');
    const stored = await store(
      student,
      {
        code: 'CERT_7UQ2XK9RMA',
        team: '1',
        type: 'CERTIFICATE',
        folder: 'certificate',
        registration: `${registration}`,
      },
      pdf,
      name,
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toMatchObject({ code: 'CERT_7UQ2XK9RMA', type: 'CERTIFICATE', folder: 'certificate' });

    // The page looks for the stored certificate by the name it builds, the enrolment's number padded or not.
    for (const built of [name, `${String(registration).padStart(6, '0')}_${CPF}_CERTIFICATE.pdf`]) {
      const file = await get(`/documents/storage/certificate/${built}`);
      expect(file.status, built).toBe(200);
      expect(file.type).toBe('application/pdf');
      expect(file.content.equals(pdf)).toBe(true);
    }
    // Another student's CPF, another enrolment or another type names no file.
    for (const other of [
      `${registration}_52998224725_CERTIFICATE.pdf`,
      `${registration + 100000}_${CPF}_CERTIFICATE.pdf`,
      `${registration}_${CPF}_HISTORIC.pdf`,
    ])
      expect((await get(`/documents/storage/certificate/${other}`)).status, other).toBe(404);

    // The public page verifies the code exactly as printed, U and all; a V where the U is finds nothing.
    for (const typed of ['CERT_7UQ2XK9RMA', 'cert 7uq2-xk9r-ma']) {
      const found = await verify(typed);
      expect(found.status, typed).toBe(200);
      expect(found.body).toEqual([
        expect.objectContaining({ type: 'CERTIFICATE', student: { name: 'Úrsula Certificada Lima' } }),
      ]);
    }
    expect((await verify('CERT_7VQ2XK9RMA')).status).toBe(404);

    const removed = await shared.server.request('GET', `/api/documents/certificate/${name}/remove`, {
      token: shared.token,
    });
    // Revoked, not erased (issue 35): the built name no longer finds it, and its code answers "revogado".
    expect(removed).toEqual({ status: 200, body: { message: REVOKED_MESSAGE } });
    expect((await get(`/documents/storage/certificate/${name}`)).status).toBe(404);
    expect((await verify('CERT_7UQ2XK9RMA')).status).toBe(410);
  });

  it('history: type HISTORIC is kept as sent, the PDF is found by its built name, and our own screen sees it stored', async () => {
    const { student, registration, cpf: CPF } = await enrolled('Ulisses Histórico Souza');
    const name = `${registration}_${CPF}_HISTORIC.pdf`;
    const pdf = await clientPdf('Histórico desenhado pelo cliente: HIST_U4F0A9C2E1');
    const stored = await store(
      student,
      { code: 'HIST_U4F0A9C2E1', team: '1', type: 'HISTORIC', folder: 'history', document_name: name },
      pdf,
      name,
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toMatchObject({
      code: 'HIST_U4F0A9C2E1',
      type: 'HISTORIC',
      registration_id: registration,
    });
    const record = (await call('GET', `/api/students/${student}`)).body[0];
    expect(record.documents).toEqual([expect.objectContaining({ type: 'HISTORIC', code: 'HIST_U4F0A9C2E1' })]);

    const file = await get(`/documents/storage/history/${name}`);
    expect(file.status).toBe(200);
    expect(file.content.equals(pdf)).toBe(true);

    // Our own history screen finds it stored, and will not issue a second one over it.
    const data = await call('GET', `/api/documents/${student}/history-data?team_id=1`);
    expect(data.body.stored).toMatchObject({ type: 'HISTORIC', code: 'HIST_U4F0A9C2E1' });
    const again = await call('POST', `/api/documents/${student}/history`, {
      team_id: 1,
      city: 'Belém',
      uf: 'PA',
      day: 2,
      month: 3,
      year: 2026,
    });
    expect(again.status).toBe(409);

    const found = await verify('hist_u4f0a9c2e1');
    expect(found.status).toBe(200);
    expect(found.body).toEqual([expect.objectContaining({ type_name: 'Histórico escolar' })]);
  });

  it('refuses a guessable code the client typed, saying why, and stores nothing', async () => {
    const { student, registration, cpf: CPF } = await enrolled('Gustavo Adivinhável');
    for (const code of ['HIST_0000000000', 'HIST_0123456789', 'CERT_ABABABABAB']) {
      const refused = await store(
        student,
        { code, team: '1', type: 'HISTORIC', folder: 'history' },
        await clientPdf(code),
        `${registration}_${CPF}_HISTORIC.pdf`,
      );
      expect(refused.status, code).toBe(422);
      expect(refused.body.errors).toEqual({
        code: [
          'Este código é fácil de adivinhar (poucos símbolos diferentes, ou vários repetidos ou em sequência): use outro código.',
        ],
      });
    }
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);
    expect((await verify('HIST_0000000000')).status).toBe(404);
  });

  it('completion certificate: a confirmation is a 409 with the message, never a JSON the client saves as the PDF', async () => {
    const { student } = await enrolled('Carolina Confirmação');
    // Team 1 runs until 18/12/2026 and she has no grades: the office must confirm first.
    const asked = await shared.server.request('GET', `/api/exports/certificate-of-completion/${student}/team/1`, {
      token: shared.token,
    });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ confirm: true });
    expect(asked.body.message).toMatch(/^Atenção: a turma só termina em 18\/12\/2026; .*mesmo assim\?$/);
    const file = await get(`/exports/certificate-of-completion/${student}/team/1?confirm=1`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
  });
});
