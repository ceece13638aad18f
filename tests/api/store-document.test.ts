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
    const response = await fetch(`${shared.server.url}/api/documents/${studentId}/store-document`, { method: 'POST', headers: { authorization: `Bearer ${shared.token}` }, body: form });
    return { status: response.status, body: await response.json() };
  };
  const lookup = async (code: string) => {
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    return shared.server.request('GET', `/api/documents/has-document/${code}`, { headers: { 'x-altcha': altcha } });
  };
  const enrolled = async (name: string) => {
    const student = (await call('POST', '/api/students', { name })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id as number;
    return { student, registration };
  };

  it('registers the uploaded PDF with its strong code: listed on the student, found by the public check, the exact file matched', async () => {
    const { student, registration } = await enrolled('Helena Enviada Souza');
    const code = 'HIST_7K2M9P4Q8R3T6V1W';
    const pdf = await foreignPdf('Histórico feito em outro sistema');
    const stored = await send(student, { code, team: '1', type: 'HISTORY', folder: 'history', document_name: 'historico-helena.pdf', registration: String(registration) }, pdf);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toMatchObject({ message: 'Documento salvo com sucesso!', data: { code, type: 'HISTORY', registration_id: registration, document_name: 'historico-helena.pdf' } });

    const record = (await call('GET', `/api/students/${student}`)).body[0];
    expect(record.documents.map((d: { code: string }) => d.code)).toContain(code);
    const found = await lookup(code);
    expect(found.status).toBe(200);
    const altcha = await solveCaptcha((await shared.server.request('GET', '/api/captcha/challenge')).body);
    const check = await fetch(`${shared.server.url}/api/documents/has-document/${code}/file`, { method: 'POST', headers: { 'content-type': 'application/pdf', 'x-altcha': altcha }, body: new Uint8Array(pdf) });
    expect(((await check.json()) as { match?: boolean }).match).toBe(true);

    const again = await send(student, { code, type: 'HISTORY', registration: String(registration) }, pdf);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Já existe um documento emitido com este código.');
  });

  it('replaces a weak code with a strong one and says so; finds the enrolment by team', async () => {
    const { student, registration } = await enrolled('Igor Codigo Fraco');
    const stored = await send(student, { code: 'HIST_123', team: '1', type: 'HISTORY' }, await foreignPdf('Outro histórico'));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data.code).toMatch(/^HIST_[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(stored.body.data.registration_id).toBe(registration);
    expect(stored.body.message).toContain(`foi substituído por ${stored.body.data.code}`);
    expect((await lookup('HIST_123')).status).toBe(404);
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
