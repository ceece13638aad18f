import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { createMailer, MASKED } from '../../server/mail/mailer';
import { sendSignatureCode, signPdf, type Signer } from '../../server/signatures';
import { pdfText } from '../support/pdf-text';
import { solveCaptcha, startSmtp } from './support/mail';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

const hashOf = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const flat = (s: string) => s.replace(/\s+/g, ' ');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describeOnDatabases('electronic signature: one-time code, evidence page, public verification', (dialect) => {
  // Each test signs a contract of a student of its own, so one server serves the file in any order.
  const shared = serverPerFile(dialect, () => ({ smtpUrl: smtp.url, appUrl: 'http://escola.test' }));
  const call = shared.call;

  /**
   * The code of the newest code row of `subject`, read from the fake SMTP as the person would: the e-mail carrying its
   * reference (ASS-<id>), since the two databases' servers, and a test's late deliveries, share the one fake server.
   */
  const codeFrom = async (subject: { purpose: string; subject_id: number }, before: number) => {
    const row = await dynamic(shared.server.db)
      .selectFrom('signature_codes')
      .select('id')
      .where('purpose', '=', subject.purpose)
      .where('subject_id', '=', subject.subject_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const reference = new RegExp(`ASS-${Number(row.id)}\\b`);
    for (let i = 0; i < 800; i++) {
      const mail = smtp.mails.slice(before).findLast((m) => reference.test(m.text));
      const code = mail && /assinar eletronicamente é: (\d{6})/.exec(mail.text)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('código não chegou por e-mail');
  };
  const contract = async (name: string, cpf: string) => {
    const student = (await call('POST', '/api/students', { name, cpf })).body.data.id as number;
    await call('POST', '/api/registrations', { student_id: student, team_id: 1 });
    const issued = await call('POST', `/api/exports/student-contract/${student}/1`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const doc = await dynamic(shared.server.db)
      .selectFrom('documents')
      .select(['id', 'file_name'])
      .where('code', '=', issued.body.data.code)
      .executeTakeFirstOrThrow();
    const pdf = (await shared.server.storage.get(`documents/${doc.file_name}`))!;
    return { student, id: Number(doc.id), pdf, base: `/api/students/${student}/documents/${doc.id}` };
  };
  const codeFor = async (base: string) => {
    const before = smtp.mails.length;
    const sent = await call('POST', `${base}/sign-code`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toBe('a***@escolamodelo.edu.br');
    return codeFrom({ purpose: 'document', subject_id: Number(base.split('/').at(-1)) }, before);
  };
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
    return { status: response.status, body: (await response.json()) as { match?: boolean; message: string } };
  };

  it('signs once with the e-mailed code: the same PDF plus an evidence page, verified publicly with its file', async () => {
    const { pdf, base, student } = await contract('Helena Assinada Souza', '52998224725');
    const code = await codeFor(base);
    // Staff read the outbox: the code is masked there, and only its hash is kept.
    const outbox = await dynamic(shared.server.db)
      .selectFrom('outbox')
      .select('body')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(outbox.body).toContain(MASKED);
    expect(outbox.body).not.toContain(code);
    const kept = await dynamic(shared.server.db)
      .selectFrom('signature_codes')
      .select(['code_hash', 'outbox_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept.code_hash).not.toContain(code);
    expect(kept.outbox_id).not.toBeNull();

    const tampered = await call('POST', `${base}/sign`, { code, sha256: hashOf(Buffer.from('outro')) });
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors.sha256).toEqual(['O documento mudou desde que foi lido. Leia-o novamente.']);

    const signed = await call('POST', `${base}/sign`, { code, sha256: hashOf(pdf) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const again = await call('POST', `${base}/sign`, { code, sha256: hashOf(pdf) });
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual(['O código expirou ou já foi usado. Peça um novo código.']);

    const row = await dynamic(shared.server.db)
      .selectFrom('documents')
      .select(['file_name', 'student_id'])
      .where('code', '=', signed.body.data.code)
      .executeTakeFirstOrThrow();
    expect(Number(row.student_id)).toBe(student);
    const file = (await shared.server.storage.get(`documents/${row.file_name}`))!;
    // The document read is, byte for byte, the start of the signed file: nothing in it was redrawn.
    expect(file.subarray(0, pdf.length).equals(pdf)).toBe(true);
    const text = flat(await pdfText(file));
    expect(text).toMatch(/Assinado eletronicamente por .+ em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário de Brasília\)/);
    expect(text).toContain(hashOf(pdf));
    expect(text).toContain(`Código de verificação: ${signed.body.data.code}`);
    expect(text).toContain('Lei 14.063/2020, art. 4º');
    expect(text).toContain('a***@escolamodelo.edu.br');

    const found = await lookup(signed.body.data.code);
    expect(found.status).toBe(200);
    expect(found.body[0].signatures).toEqual([
      {
        name: expect.any(String),
        signed_at: expect.any(String),
        text: expect.stringMatching(
          /^Assinado eletronicamente por .+ \(pela escola\) em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
        ),
      },
    ]);
    expect(await checkFile(signed.body.data.code, file)).toMatchObject({
      body: { match: true, message: 'O arquivo confere com o documento assinado.' },
    });
    const altered = await checkFile(signed.body.data.code, Buffer.concat([file, Buffer.from('\n% outra cláusula\n')]));
    expect(altered.body).toMatchObject({ match: false });
    expect(altered.body.message).toMatch(/^O arquivo NÃO confere/);
  });

  it('signs a non-contract document as what it is: a declaration stays a DECL_ declaration, verified as one', async () => {
    const student = (await call('POST', '/api/students', { name: 'Íris Declarada Lopes', cpf: '86288366757' })).body
      .data.id as number;
    await call('POST', '/api/registrations', { student_id: student, team_id: 1 });
    const letter = await fetch(`${shared.server.url}/api/exports/registration-statement/${student}/team/1`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    expect(letter.status).toBe(200);
    const declaration = await dynamic(shared.server.db)
      .selectFrom('documents')
      .select(['id', 'code', 'file_name', 'folder'])
      .where('student_id', '=', student)
      .where('type', '=', 'DECLARATION')
      .executeTakeFirstOrThrow();
    expect(declaration.code).toMatch(/^DECL_/);
    const pdf = (await shared.server.storage.get(`documents/${declaration.file_name}`))!;
    const base = `/api/students/${student}/documents/${declaration.id}`;
    const signed = await call('POST', `${base}/sign`, { code: await codeFor(base), sha256: hashOf(pdf) });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.code).toMatch(/^DECL_/);
    const row = await dynamic(shared.server.db)
      .selectFrom('documents')
      .select(['type', 'folder'])
      .where('code', '=', signed.body.data.code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 'DECLARATION', folder: declaration.folder });
    const found = await lookup(signed.body.data.code);
    expect(found.status).toBe(200);
    expect(found.body[0]).toMatchObject({ type_name: 'Declaração de matrícula' });
    expect(found.body[0].signatures).toHaveLength(1);
  });

  it('refuses a code 15 minutes old, and a wrong code five times spends it', async () => {
    const { pdf, base } = await contract('Caio Expirado Reis', '11144477735');
    const code = await codeFor(base);
    await dynamic(shared.server.db)
      .updateTable('signature_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await call('POST', `${base}/sign`, { code, sha256: hashOf(pdf) });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.code).toEqual(['O código expirou ou já foi usado. Peça um novo código.']);

    const fresh = await codeFor(base);
    const wrong = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await call('POST', `${base}/sign`, { code: wrong, sha256: hashOf(pdf) });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.code).toEqual(['Código incorreto. Confira o código recebido por e-mail.']);
    }
    const spent = await call('POST', `${base}/sign`, { code: fresh, sha256: hashOf(pdf) });
    expect(spent.status).toBe(422);
    expect(spent.body.errors.code).toEqual(['Tentativas esgotadas para este código. Peça um novo código.']);
  });

  it('two parallel signatures with one code make one signature', async () => {
    const { pdf, base, id } = await contract('Lara Paralela Dias', '39053344705');
    const code = await codeFor(base);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `${base}/sign`, { code, sha256: hashOf(pdf) })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const rows = await dynamic(shared.server.db)
      .selectFrom('signatures')
      .select('id')
      .where('subject_id', '=', id)
      .where('purpose', '=', 'document')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a family signs through the service (masked CPF on the page), the school signs the new version, Administração revokes it', async () => {
    const { pdf, base, student, id } = await contract('Bruno Família Costa', '12345678909');
    const { db, storage } = shared.server;
    const mailer = createMailer(db, { smtpUrl: smtp.url, from: 'escola@escola.test' });
    const ctx = { db, storage, mailer, settings: { appUrl: 'http://escola.test' } };
    const guardian: Signer = {
      kind: 'guardian',
      id: 7,
      name: 'Marta Responsável Costa',
      cpf: '529.982.247-25',
      email: 'marta@familia.test',
    };
    const subject = { purpose: 'enrolment_request', subject_id: 9000 + id };
    const before = smtp.mails.length;
    expect(await sendSignatureCode(ctx, subject, guardian)).toEqual({ sent_to: 'm***@familia.test' });
    const code = await codeFrom(subject, before);
    const family = await signPdf(ctx, {
      subject,
      signer: guardian,
      code,
      sha256: hashOf(pdf),
      pdf,
      title: 'Contrato 2027',
      student_id: student,
      ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0 (Teste)',
    });
    await mailer.close();
    const familyRow = await dynamic(db)
      .selectFrom('documents')
      .select(['id', 'file_name'])
      .where('code', '=', family.code)
      .executeTakeFirstOrThrow();
    const familyPdf = (await storage.get(`documents/${familyRow.file_name}`))!;
    const familyText = flat(await pdfText(familyPdf));
    expect(familyText).toContain('Assinado eletronicamente por Marta Responsável Costa, CPF ***.982.247-**');
    expect(familyText).toContain('203.0.113.9');
    expect(familyText).toContain('Mozilla/5.0 (Teste)');
    expect(familyText).not.toContain('529.982.247-25');

    // The school signs the family's signed contract: a new version carrying both pages.
    const schoolBase = `/api/students/${student}/documents/${familyRow.id}`;
    const schoolCode = await codeFor(schoolBase);
    const school = await call('POST', `${schoolBase}/sign`, { code: schoolCode, sha256: hashOf(familyPdf) });
    expect(school.status, JSON.stringify(school.body)).toBe(200);
    const found = await lookup(school.body.data.code);
    expect(found.body[0].signatures.map((s: { text: string }) => s.text)).toEqual([
      expect.stringMatching(/^Assinado eletronicamente por Marta Responsável Costa em /),
      expect.stringMatching(/\(pela escola\) em /),
    ]);
    expect((await lookup(family.code)).body[0].superseded).toBe(true);

    const secretaria = await call('POST', '/api/users', {
      name: 'Sec Teste',
      email: 'sec.assina@escola.test',
      password: 'senha-de-teste-9',
      role_id: 3,
    });
    expect(secretaria.status, JSON.stringify(secretaria.body)).toBeLessThan(300);
    const secToken = await shared.server.session('sec.assina@escola.test');
    const refused = await shared.server.request('POST', `/api/signatures/${school.body.data.signature_id}/revoke`, {
      token: secToken,
      body: { reason: 'Erro no valor' },
    });
    expect(refused.status).toBe(403);
    const noReason = await call('POST', `/api/signatures/${school.body.data.signature_id}/revoke`, {});
    expect(noReason.status).toBe(422);
    const revoked = await call('POST', `/api/signatures/${school.body.data.signature_id}/revoke`, {
      reason: 'Valor da mensalidade errado',
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await lookup(school.body.data.code)).status).toBe(410);
    const kept = await dynamic(db)
      .selectFrom('signatures')
      .select(['revoke_reason'])
      .where('id', '=', school.body.data.signature_id)
      .executeTakeFirstOrThrow();
    expect(kept.revoke_reason).toBe('Valor da mensalidade errado');
    void base;
  });

  it('a PDF with a cross-reference stream (not drawn by the school) is refused with a 422 in Portuguese', async () => {
    const { base, id } = await contract('Otto Xref Stream', '71428793860');
    // What other producers write since PDF 1.5: no classic "trailer", the cross-reference in a stream object.
    const pdf = Buffer.from(
      '%PDF-1.5\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
        '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
        '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n' +
        '4 0 obj << /Type /XRef /Size 5 /Root 1 0 R /W [1 2 1] /Length 0 >> stream\nendstream endobj\n' +
        'startxref\n190\n%%EOF\n',
      'latin1',
    );
    const key = await shared.server.storage.put('documents', 'pdf', pdf);
    await dynamic(shared.server.db)
      .updateTable('documents')
      .set({ file_name: key.slice('documents/'.length), sha256: hashOf(pdf) })
      .where('id', '=', id)
      .execute();
    const code = await codeFor(base);
    const answer = await call('POST', `${base}/sign`, { code, sha256: hashOf(pdf) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.message).toBe('Este PDF não pode receber a página de assinatura.');
    // Nothing was signed: the code is still good for a readable file.
    const rows = await dynamic(shared.server.db)
      .selectFrom('signatures')
      .select('id')
      .where('subject_id', '=', id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('at most five codes an hour per document and signer (429)', async () => {
    const { base } = await contract('Rita Limite Alves', '98765432100');
    for (let i = 0; i < 5; i++) expect((await call('POST', `${base}/sign-code`)).status).toBe(200);
    const sixth = await call('POST', `${base}/sign-code`);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Muitos códigos/);
  });
});
