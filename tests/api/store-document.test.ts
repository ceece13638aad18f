import PDFDocument from 'pdfkit';
import { expect, it } from 'vitest';
import { toBuffer } from '../../server/pdf/buffer';
import { solveCaptcha } from './support/mail';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** A PDF made elsewhere (another system, a scanner) that a client uploads to be registered. */
async function foreignPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  doc.text(text);
  return toBuffer(doc);
}

describeOnDatabases('POST /documents/{student}/store-document (a PDF made elsewhere)', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  const send = async (studentId: number, fields: Record<string, string>, pdf?: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (pdf) form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'historico.pdf');
    const response = await fetch(`${shared.server.url}/api/documents/${studentId}/store-document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shared.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  const lookup = async (code: string) => {
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    return shared.server.request('GET', `/api/documents/has-document/${code}`, { headers: { 'x-altcha': altcha } });
  };
  const enrolled = async (name: string) => {
    const student = (await call('POST', '/api/students', { name })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    return { student, registration };
  };

  it('registers the uploaded PDF with its strong code: listed on the student, found by the public check, the exact file matched', async () => {
    const { student, registration } = await enrolled('Helena Enviada Souza');
    const code = 'HIST_7K2M9P4Q8R3T6V1W';
    const pdf = await foreignPdf('Histórico feito em outro sistema');
    const stored = await send(
      student,
      {
        code,
        team: '1',
        type: 'HISTORY',
        folder: 'history',
        document_name: 'historico-helena.pdf',
        registration: String(registration),
      },
      pdf,
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({
      message: 'Documento salvo com sucesso!',
      data: { code, type: 'HISTORY', registration_id: registration, document_name: 'historico-helena.pdf' },
    });

    const record = (await call('GET', `/api/students/${student}`)).body[0];
    expect(record.documents.map((d: { code: string }) => d.code)).toContain(code);
    const found = await lookup(code);
    expect(found.status).toBe(200);
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    const check = await fetch(`${shared.server.url}/api/documents/has-document/${code}/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-altcha': altcha },
      body: new Uint8Array(pdf),
    });
    expect(((await check.json()) as { match?: boolean }).match).toBe(true);

    const again = await send(student, { code, type: 'HISTORY', registration: String(registration) }, pdf);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ code: ['Já existe um documento emitido com este código.'] });
  });

  it("keeps the original client's code, type and file name: HISTORIC kept as sent, the team by its name, the file found by its name", async () => {
    const { student, registration } = await enrolled('Lara Cliente Antigo');
    const team = (await call('GET', '/api/teams/1')).body[0].name as string;
    const pdf = await foreignPdf('Histórico do cliente antigo');
    // The old client's codes: lower case, any length from 10 symbols.
    const stored = await send(
      student,
      {
        code: 'hist_4f0a9c2e1b',
        team,
        type: 'HISTORIC',
        folder: 'history',
        document_name: '000099_52998224725_HISTORY.pdf',
      },
      pdf,
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({
      message: 'Documento salvo com sucesso!',
      data: {
        code: 'HIST_4F0A9C2E1B',
        type: 'HISTORIC',
        registration_id: registration,
        document_name: '000099_52998224725_HISTORY.pdf',
      },
    });
    // The code printed on the PDF, as printed, verifies.
    expect((await lookup('hist_4f0a9c2e1b')).status).toBe(200);
    expect((await lookup(encodeURIComponent('HIST 4FOA-9C2E-lB'))).status).toBe(200);
    const file = await fetch(`${shared.server.url}/api/documents/storage/history/000099_52998224725_HISTORY.pdf`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses a short or foreign code with a message instead of replacing it, and stores nothing', async () => {
    const { student } = await enrolled('Igor Codigo Fraco');
    const message =
      'O código deve ter um prefixo (HIST_, CERT_, CONT_, DECL_, ATES_ ou NFSE_) e 10 letras ou algarismos, ou pelo menos 10 letras ou algarismos sem a letra U.';
    for (const code of ['HIST_123', 'HIST_UUUUUUUUUUUU', 'CERT_ABC/1234567890']) {
      const refused = await send(student, { code, team: '1', type: 'HISTORY' }, await foreignPdf('Outro histórico'));
      expect(refused.status, code).toBe(422);
      expect(refused.body.errors).toEqual({ code: [message] });
    }
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);
    const generated = await send(student, { team: '1', type: 'HISTORY' }, await foreignPdf('Sem código'));
    expect(generated.status).toBe(200);
    expect(generated.body.data.code).toMatch(/^HIST_[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('refuses what is not a PDF, a missing file, a team the student is not in, and an unknown student', async () => {
    const { student } = await enrolled('Júlia Recusada');
    const notPdf = await send(student, { type: 'HISTORY' }, Buffer.from('<html>not a pdf</html>'));
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.errors).toEqual({ pdf: ['O arquivo enviado não é um PDF.'] });
    const none = await send(student, { type: 'HISTORY' });
    expect(none.status).toBe(422);
    expect(none.body.errors.pdf).toEqual(['Envie o arquivo PDF do documento.']);
    const wrongTeam = await send(student, { team: '999999' }, await foreignPdf('x'));
    expect(wrongTeam.status).toBe(422);
    expect(wrongTeam.body.errors.team).toEqual(['Este aluno não está matriculado nesta turma.']);
    const badType = await send(student, { type: 'BOLETO' }, await foreignPdf('x'));
    expect(badType.status).toBe(422);
    const nobody = await send(999999, {}, await foreignPdf('x'));
    expect(nobody.status).toBe(404);
  });
});
