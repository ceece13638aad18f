import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfPages, pdfTextRuns } from '../support/pdf-text';
import { qrCodesOf } from '../support/pdf-qr';
import { solveCaptcha } from './support/mail';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('school history: issued as a PDF anyone can verify', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  /** A student enrolled in team 1 with a grade in each cell of the team's grid. */
  async function gradedStudent(name: string) {
    const student = (
      await call('POST', '/api/students', {
        name,
        name_mother: 'Maria das Graças',
        naturalness: 'Belém - PA',
        birth_date: '2008-03-01',
      })
    ).body.data.id as number;
    await call('POST', '/api/registrations', { student_id: student, team_id: 1 });
    const team = (await call('GET', '/api/teams/1')).body[0];
    const rows = await dynamic(shared.server.db)
      .selectFrom('grid_templates')
      .select(['discipline_id', 'stage_id'])
      .where('grid_id', '=', team.grid_id)
      .execute();
    const now = new Date().toISOString();
    let tenths = 55;
    const given: string[] = [];
    for (const row of rows) {
      given.push(`${Math.trunc(tenths / 10)}.${tenths % 10}`);
      await dynamic(shared.server.db)
        .insertInto('grades')
        .values({
          student_id: student,
          team_id: 1,
          discipline_id: row.discipline_id,
          stage_id: row.stage_id,
          grade: tenths,
          created_at: now,
          updated_at: now,
        })
        .execute();
      tenths = tenths >= 100 ? 55 : tenths + 5;
    }
    return { student, cells: rows.length, given };
  }

  const form = { team_id: 1, city: 'Ananindeua', uf: 'PA', day: 23, month: 11, year: 2026, average: '7,0' };

  it("starts from the school's own place and passing average, and shows a discipline's hours as the grade screen does", async () => {
    const { student } = await gradedStudent('Caio Histórico Campinas');
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect(
      (await call('PUT', '/api/school-settings', { ...settings, city: 'Campinas/SP', average_grade: '7' })).status,
    ).toBe(200);
    try {
      const preview = (await call('GET', `/api/documents/${student}/history-data?team_id=1`)).body.data;
      expect(preview.school).toMatchObject({ city: 'Campinas', uf: 'SP', average: '7,0' });
      // One source of hours: the team's grid, on the grade screen's list as on the history.
      const listed = (await call('GET', '/api/teams/1/disciplines')).body as { discipline: string; workload: number }[];
      const history = preview.rows as { discipline: string; workload: number }[];
      expect(listed.map((d) => [d.discipline, d.workload]).sort()).toEqual(
        history.map((r) => [r.discipline, r.workload]).sort(),
      );
      const { average: _average, ...withoutAverage } = form;
      const issued = await call('POST', `/api/documents/${student}/history`, {
        ...withoutAverage,
        city: 'Campinas',
        uf: 'SP',
      });
      expect(issued.status, JSON.stringify(issued.body)).toBe(201);
      const file = await fetch(`${shared.server.url}/api/documents/storage/history/${issued.body.data.file_name}`, {
        headers: { authorization: `Bearer ${shared.token}` },
      });
      const text = (await pdfPages(Buffer.from(await file.arrayBuffer()))).join(' ').replace(/\s+/g, ' ');
      expect(text).toContain('Média de aprovação: 7,0');
      expect(text).toContain('Campinas - SP, 23 de novembro de 2026.');
    } finally {
      await call('PUT', '/api/school-settings', settings);
    }
  });

  it('previews the grid with the grades, then issues the PDF with the code, the grades and a QR code to the public page', async () => {
    const { student, cells, given } = await gradedStudent('Heloísa Histórico Completo');
    expect(cells).toBeGreaterThan(0);
    const preview = await call('GET', `/api/documents/${student}/history-data?team_id=1`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.stored).toBeNull();
    expect(preview.body.data.student).toMatchObject({
      name: 'Heloísa Histórico Completo',
      mother: 'Maria das Graças',
      naturalness: 'Belém - PA',
      birthDate: '01/03/2008',
    });
    expect(preview.body.data.ordinals).toMatch(/^1ª/);
    const grades = preview.body.data.rows
      .flatMap((r: { cells: { grade: string | null }[] }) => r.cells.map((c) => c.grade))
      .filter(Boolean);
    expect(grades).toHaveLength(cells);
    expect([...grades].sort()).toEqual([...given].sort());

    const issued = await call('POST', `/api/documents/${student}/history`, form);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.message).toBe('Histórico gerado com sucesso!');
    const code = issued.body.data.code as string;
    expect(code).toMatch(/^HIST_[0-9A-HJKMNP-TV-Z]{16}$/);

    const file = await fetch(`${shared.server.url}/api/documents/storage/history/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    const text = (await pdfPages(pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('HISTÓRICO ESCOLAR');
    expect(text).toContain('HELOÍSA HISTÓRICO COMPLETO');
    expect(text).toContain('Maria das Graças');
    expect(text).toContain(`Código de validação: ${code}`);
    expect(text).toContain('Média de aprovação: 7,0');
    expect(text).toContain('Ananindeua - PA, 23 de novembro de 2026.');
    expect(text).toContain('5.5');
    expect(qrCodesOf(pdf)[0]).toBe(`http://escola.test/verificar/${code}`);

    // The record lists it; the preview now shows the stored one; a second is refused until it is deleted.
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toContainEqual(
      expect.objectContaining({ type: 'HISTORY', code }),
    );
    expect((await call('GET', `/api/documents/${student}/history-data?team_id=1`)).body.stored).toMatchObject({ code });
    expect((await call('POST', `/api/documents/${student}/history`, form)).status).toBe(409);
    expect((await call('GET', `/api/documents/history/${issued.body.data.file_name}/remove`)).status).toBe(200);
    expect((await call('GET', `/api/documents/${student}/history-data?team_id=1`)).body.stored).toBeNull();
    // Revoked, not erased: the enrolment may be issued another, under a new code.
    const again = await call('POST', `/api/documents/${student}/history`, form);
    expect(again.status).toBe(201);
    expect(again.body.data.code).not.toBe(code);
  });

  it("asks for every field ('Por favor, preencha todos os campos.') and refuses a day that does not exist", async () => {
    const { student } = await gradedStudent('Campos Faltando Silva');
    const missing = await call('POST', `/api/documents/${student}/history`, { ...form, city: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.city).toEqual(['Por favor, preencha todos os campos.']);
    expect((await call('POST', `/api/documents/${student}/history`, { ...form, year: 26 })).body.errors.year).toEqual([
      'O ano deve ter 4 dígitos.',
    ]);
    expect(
      (await call('POST', `/api/documents/${student}/history`, { ...form, day: 31, month: 2 })).body.errors.day,
    ).toEqual(['Esta data não existe.']);
    expect((await call('POST', `/api/documents/${student}/history`, { ...form, team_id: 2 })).status).toBe(404);
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);
  });

  it('makes codes that are random and distinct', async () => {
    const { newDocumentCode } = await import('../../server/documents/codes');
    const codes = new Set(Array.from({ length: 2000 }, () => newDocumentCode('CERT_')));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^CERT_[0-9A-HJKMNP-TV-Z]{16}$/);
  });
});

describeOnDatabases('certificate: two landscape pages, the name in script, verifiable', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  it('draws the chosen text with the year filled in, the book on the back, and a QR code to the public page', async () => {
    const student = (
      await call('POST', '/api/students', {
        name: 'Carolina Certificada Souza',
        cpf: '52998224725',
        birth_date: '2001-07-15',
        naturalness: 'Belém - PA',
      })
    ).body.data.id;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    await call('POST', '/api/books', {
      student_id: student,
      registration_number: '0457',
      book_number: '12',
      page_number: '33',
      issue_date: '2026-05-08',
    });
    const template = (
      await call('POST', '/api/text-documents', {
        name: 'Certificado de conclusão',
        content: 'Concluiu o curso em [[DATA_ANO]], com aproveitamento.',
      })
    ).body.data.id;
    const missing = await call('POST', `/api/documents/${student}/certificate`, { registration_id: registration });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Você não selecionou um texto ou a matrícula para gerar o certificado.');

    // Team 1 runs until December and she has no grades: a certificate states a completion, so it asks first.
    const asked = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text_document_id: template,
    });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ error: true, confirm: true });
    expect(asked.body.message).toMatch(
      /^Atenção: a turma só termina em 18\/12\/2026; faltam notas em .*\. Emitir o certificado mesmo assim\?$/,
    );
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([]);
    const issued = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text_document_id: template,
      back_note: 'Observação do verso.',
      confirm: true,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const code = issued.body.data.code as string;
    expect(code).toMatch(/^CERT_[0-9A-HJKMNP-TV-Z]{16}$/);
    const file = await fetch(`${shared.server.url}/api/documents/storage/certificate/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    const pages = (await pdfPages(pdf)).map((p) => p.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('CERTIFICADO');
    expect(pages[0]).toContain('Carolina Certificada Souza');
    // In the script font the words of the name stand apart: each drawn on its own, a visible gap between them.
    const runs = await pdfTextRuns(pdf);
    const words = ['Carolina', 'Certificada', 'Souza'].map((w) => runs.find((r) => r.str.trim() === w));
    expect(words.every(Boolean), JSON.stringify(runs.slice(0, 4))).toBe(true);
    for (let i = 1; i < words.length; i++)
      expect(words[i]!.x - (words[i - 1]!.x + words[i - 1]!.width)).toBeGreaterThan(0.3 * words[i]!.size);
    expect(pages[0]).toContain('CPF 529.982.247-25, nascido(a) em 15/07/2001, natural de Belém - PA');
    expect(pages[0]).toMatch(/Concluiu o curso em 20\d\d, com aproveitamento\./);
    expect(pages[0]).toContain(`Código de validação: ${code}`);
    expect(pages[0]).toContain('Ananindeua - Pará,');
    expect(pages[1]).toContain('Certificado Registrado sob nº 0457');
    expect(pages[1]).toContain('No Livro nº 12 Folha nº 33');
    expect(pages[1]).toContain('Em 8 de maio de 2026');
    expect(pages[1]).toContain('Observação do verso.');
    // Landscape A4 pages (842 × 595 points) and the script font embedded.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdf.toString('latin1')).toContain('GreatVibes');
    expect(qrCodesOf(pdf)).toEqual([`http://escola.test/verificar/${code}`, `http://escola.test/verificar/${code}`]);
    expect(
      (
        await call('POST', `/api/documents/${student}/certificate`, {
          registration_id: registration,
          text: 'Outro texto',
          confirm: true,
        })
      ).status,
    ).toBe(409);
  });

  it('stores the certificate as {registration}_{cpf}_CERTIFICATE.pdf and downloads it under that name', async () => {
    const student = (await call('POST', '/api/students', { name: 'Nomeada Arquivo Dias', cpf: '386.154.920-42' })).body
      .data.id;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    const issued = await call('POST', `/api/documents/${student}/certificate`, {
      registration_id: registration,
      text: 'Concluiu o curso.',
      confirm: true,
    });
    const name = `${String(registration).padStart(6, '0')}_38615492042_CERTIFICATE.pdf`;
    expect(issued.body.data.document_name).toBe(name);
    expect((await call('GET', `/api/students/${student}`)).body[0].documents).toEqual([
      expect.objectContaining({ type: 'CERTIFICATE', document_name: name }),
    ]);
    const file = await fetch(`${shared.server.url}/api/documents/storage/certificate/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="${name}"`);
    // The stored file keeps the key the server made: the name never becomes a path.
    expect(issued.body.data.file_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
  });

  it('the simpler flow: a template and a typed registration number give the same landscape certificate', async () => {
    const student = (await call('POST', '/api/students', { name: 'Simone Simples Prado' })).body.data.id;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    const other = (await call('POST', '/api/students', { name: 'Outra Pessoa' })).body.data.id;
    const foreign = (await call('POST', '/api/registrations', { student_id: other, team_id: 1 })).body.data
      .id as number;
    const template = (
      await call('POST', '/api/text-documents', {
        name: 'Certificado simples',
        content: 'Concluiu o curso livre em [[DATA_ANO]].',
      })
    ).body.data.id;
    const post = (body: object) => call('POST', `/api/documents/${student}/certificate`, { ...body, confirm: '1' });

    expect((await post({ text_document_id: template })).body.errors).toEqual({
      registration_id: ['Você não selecionou um texto ou a matrícula para gerar o certificado.'],
    });
    expect((await post({ registration_number: String(registration).padStart(6, '0') })).body.errors).toEqual({
      registration_number: ['Você não selecionou um texto ou a matrícula para gerar o certificado.'],
    });
    for (const typed of ['12a', '1234567', '000000', ' ']) {
      const refused = await post({ text_document_id: template, registration_number: typed });
      expect(refused.status, typed).toBe(422);
      if (typed.trim())
        expect(refused.body.errors.registration_number, typed).toEqual([
          'Informe o número da matrícula com até 6 dígitos (por exemplo, 000012).',
        ]);
    }
    expect(
      (await post({ text_document_id: template, registration_number: String(foreign).padStart(6, '0') })).body.errors,
    ).toEqual({ registration_number: ['Matrícula não encontrada para este aluno.'] });

    const issued = await post({
      text_document_id: template,
      registration_number: String(registration).padStart(6, '0'),
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.data).toMatchObject({
      registration_id: registration,
      document_name: `${String(registration).padStart(6, '0')}_CERTIFICATE.pdf`,
    });
    const file = await fetch(`${shared.server.url}/api/documents/storage/certificate/${issued.body.data.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    const pages = (await pdfPages(pdf)).map((p) => p.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatch(/Concluiu o curso livre em 20\d\d\./);
    expect(pages[0]).toContain(`Código de validação: ${issued.body.data.code}`);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    // Typed as 12 or 000012, it is the same enrolment: one certificate at a time.
    expect((await post({ text_document_id: template, registration_number: String(registration) })).status).toBe(409);
  });
});

describeOnDatabases('public verification of an issued document', (dialect) => {
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

  it('shows holder, type, team and date; tells the exact file from an altered copy; says revoked once revoked', async () => {
    const student = (await call('POST', '/api/students', { name: 'Vera Verificada', cpf: '52998224725' })).body.data.id;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    const issued = (
      await call('POST', `/api/documents/${student}/certificate`, {
        registration_id: registration,
        text: 'Concluiu o curso.',
        confirm: true,
      })
    ).body.data;
    const found = await lookup(issued.code);
    expect(found.status).toBe(200);
    const team = (await call('GET', '/api/teams/1')).body[0].name;
    expect(found.body).toEqual([
      {
        type: 'CERTIFICATE',
        type_name: 'Certificado',
        created_at: issued.created_at,
        student: { name: 'Vera Verificada' },
        team: { name: team },
      },
    ]);
    // Nothing else personal leaves: no CPF, no id.
    expect(JSON.stringify(found.body)).not.toContain('52998224725');

    const file = await fetch(`${shared.server.url}/api/documents/storage/certificate/${issued.file_name}`, {
      headers: { authorization: `Bearer ${shared.token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(await checkFile(issued.code, pdf)).toEqual({
      status: 200,
      body: { match: true, message: 'Este arquivo é exatamente o documento emitido pela escola.' },
    });
    // An edited PDF is saved as an incremental update appended to the file; a tampered one differs somewhere.
    const appended = Buffer.concat([pdf, Buffer.from('\n% editado depois\n')]);
    const flipped = Buffer.from(pdf);
    flipped[Math.floor(flipped.length / 2)] ^= 1;
    for (const altered of [appended, flipped]) {
      expect((await checkFile(issued.code, altered)).body).toEqual({
        match: false,
        message: 'Este arquivo NÃO é o documento emitido pela escola: ele foi alterado ou é outro documento.',
      });
    }
    expect((await checkFile(issued.code, Buffer.from('não é um pdf'))).status).toBe(422);

    // Revoked (issue 35): the code answers 410 "revogado" with the type and dates only, never as valid.
    expect((await call('GET', `/api/documents/certificate/${issued.file_name}/remove`)).status).toBe(200);
    const revoked = await lookup(issued.code);
    expect(revoked).toEqual({
      status: 410,
      body: {
        error: true,
        revoked: true,
        message: 'Este documento foi revogado pela escola e não tem mais validade.',
        type: 'CERTIFICATE',
        type_name: 'Certificado',
        created_at: issued.created_at,
        revoked_at: expect.any(String),
      },
    });
    expect(JSON.stringify(revoked.body)).not.toContain('Vera');
    expect(JSON.stringify(revoked.body)).not.toContain(team);
    expect(await checkFile(issued.code, pdf)).toEqual({ status: 410, body: revoked.body });
    expect((await lookup('CERT_0000000000000000')).status).toBe(404);
  });
});
