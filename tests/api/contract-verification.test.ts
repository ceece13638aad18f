import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfPages } from '../support/pdf-text';
import { qrCodesOf } from '../support/pdf-qr';
import { solveCaptcha } from './support/mail';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('contracts are issued documents anyone can verify', (dialect) => {
  // Each test enrols a student of its own, so one server serves the file in any order.
  const shared = serverPerFile(dialect);
  const call = shared.call;

  const enrolled = async (name: string, cpf: string) => {
    const student = (await call('POST', '/api/students', { name, cpf })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    return { student, registration, url: `/api/exports/student-contract/${student}/1` };
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
    return (await response.json()) as { match?: boolean };
  };
  const download = async (path: string) => {
    const response = await fetch(`${shared.server.url}${path}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    return {
      disposition: response.headers.get('content-disposition'),
      content: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('carries a CONT_ code in text and in a QR code to the public page, which finds it as a Contrato; regenerating withdraws the old code at once', async () => {
    const { student, registration, url } = await enrolled('Otávio Contratado Lima', '52998224725');
    const first = await call('POST', url);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const oldCode = first.body.data.code as string;
    expect(oldCode).toMatch(/^CONT_[0-9A-HJKMNP-TV-Z]{16}$/);

    const pdf = (await download(url)).content;
    const pages = await pdfPages(pdf);
    for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain(`Código de validação: ${oldCode}`);
    expect(qrCodesOf(pdf)).toEqual(pages.map(() => `http://escola.test/verificar/${oldCode}`));

    const found = await lookup(oldCode);
    expect(found.status).toBe(200);
    const team = (await call('GET', '/api/teams/1')).body[0].name;
    expect(found.body).toEqual([
      {
        type: 'CONTRACT',
        type_name: 'Contrato',
        created_at: expect.any(String),
        student: { name: 'Otávio Contratado Lima' },
        team: { name: team },
      },
    ]);
    expect(await checkFile(oldCode, pdf)).toMatchObject({ match: true });
    const altered = Buffer.concat([pdf, Buffer.from('\n% cláusula trocada\n')]);
    expect(await checkFile(oldCode, altered)).toMatchObject({ match: false });

    // The student's documents list it under its type, with the contract's own name.
    const listed = (await call('GET', `/api/students/${student}`)).body[0].documents;
    expect(listed).toEqual([
      expect.objectContaining({
        type: 'CONTRACT',
        code: oldCode,
        registration_id: registration,
        document_name: `contrato-${String(registration).padStart(6, '0')}.pdf`,
      }),
    ]);

    // Asking again ('Gerar contrato' on the report screen) returns the contract handed out: same file, same code.
    expect((await download(url)).content.equals(pdf)).toBe(true);
    const unconfirmed = await call('POST', url);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe(
      'Esta matrícula já tem um contrato emitido. Para emitir outro, confirme a reemissão (reissue): o contrato atual será retirado e seu código deixará de valer.',
    );
    expect((await lookup(oldCode)).status).toBe(200);
    expect((await download(url)).content.equals(pdf)).toBe(true);

    const second = await call('POST', url, { reissue: true });
    expect(second.body.message).toBe(
      'Contrato atualizado com sucesso! O contrato anterior foi retirado e seu código deixou de valer.',
    );
    const newCode = second.body.data.code as string;
    expect(newCode).not.toBe(oldCode);
    expect((await lookup(oldCode)).status).toBe(404);
    expect((await checkFile(oldCode, pdf)).match).toBeUndefined();
    expect((await lookup(newCode)).body[0]).toMatchObject({ type_name: 'Contrato' });
    const newPdf = (await download(url)).content;
    expect((await pdfPages(newPdf)).join(' ').replace(/\s+/g, ' ')).toContain(`Código de validação: ${newCode}`);
    expect(qrCodesOf(newPdf)[0]).toBe(`http://escola.test/verificar/${newCode}`);
    expect(await checkFile(newCode, newPdf)).toMatchObject({ match: true });
    // One contract per enrolment: the old row and its file are gone.
    const rows = await dynamic(shared.server.db)
      .selectFrom('documents')
      .select(['code'])
      .where('registration_id', '=', registration)
      .where('type', '=', 'CONTRACT')
      .execute();
    expect(rows.map((r) => r.code)).toEqual([newCode]);
    // The first PDF of a file starts the render thread: slow on a busy machine.
  }, 60_000);

  it('finds a genuine code typed as people type what they read: lower case, in groups, O for 0 and L for 1', async () => {
    const { url } = await enrolled('Rui Digitado Alves', '11144477735');
    const code = (await call('POST', url)).body.data.code as string;
    const pdf = (await download(url)).content;
    const typed = code
      .toLowerCase()
      .replace(/0/g, 'o')
      .replace(/1/g, 'l')
      .replace(/^cont_(.{4})(.{4})(.{4})(.{4})$/, 'cont-$1 $2-$3 $4');
    expect((await lookup(encodeURIComponent(typed))).status, typed).toBe(200);
    expect((await lookup(encodeURIComponent(` ${code.toLowerCase()} `))).status).toBe(200);
    // The file check (the page's second step) reads the code the same way.
    expect(await checkFile(encodeURIComponent(typed), pdf)).toMatchObject({ match: true });
    expect((await lookup(`${code.slice(0, -1)}U`)).status).toBe(404);
  });

  it('withdraws the code when the contract is removed from the documents or its enrolment is deleted', async () => {
    const { student, registration, url } = await enrolled('Paula Removida Reis', '38615492042');
    const code = (await call('POST', url)).body.data.code as string;
    const document = (await call('GET', `/api/students/${student}`)).body[0].documents[0];
    expect((await call('GET', `/api/documents/contract/${document.file_name}/remove`)).status).toBe(200);
    // Revoked, not erased (issue 35): its code answers "revogado".
    expect((await lookup(code)).status).toBe(410);
    // The enrolment no longer shows a contract; asking for it makes a new one under a new code.
    expect((await call('GET', `/api/students/${student}`)).body[0].registrations[0].file_url_contract).toBeNull();
    const again = (await call('POST', url)).body;
    expect(again.message).toBe('Contrato gerado com sucesso!');
    expect((await lookup(again.data.code)).status).toBe(200);

    expect((await call('DELETE', `/api/registrations/${registration}`)).status).toBe(200);
    expect((await lookup(again.data.code)).status).toBe(404);
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);
  });
});
