import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { takeDeclaration } from '../../server/portal/declaration-limit';
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

  it('issues at most 5 declarations a day per student, across two instances and parallel requests; 429 past them', async () => {
    const { student, token } = await familyOf('Diana Diária', 'diana@exemplo.com');
    const sibling = await familyOf('Davi Diário', 'davi@exemplo.com');
    // Another instance on the same database, as behind a load balancer.
    const second = await buildApp({
      db: fresh.server.db,
      tokenTtlHours: 1,
      appUrl: 'http://escola.test',
      storage: fresh.server.storage,
      captcha: { cost: 1, counterMin: 1, counterMax: 20, ttlSeconds: 600 },
      pressure: { maxEventLoopDelayMs: 0 },
    });
    try {
      const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
      const ask = (base: string, id = student, as = token) =>
        fetch(`${base}/api/portal/students/${id}/declarations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
          body: '{}',
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(i % 2 ? secondUrl : fresh.server.url)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      const limit =
        'Você já emitiu 5 declarações de matrícula deste aluno hoje, o limite por dia. Use uma das já emitidas (em Documentos) ou tente novamente amanhã.';
      for (const refused of answers.filter((a) => a.status === 429)) expect(refused.body).toEqual({ message: limit });
      const listed = await fresh.server.request('GET', `/api/portal/students/${student}/documents`, { token });
      expect(listed.body).toHaveLength(5);
      expect((await ask(secondUrl)).status).toBe(429);

      // Per student: a sibling's declarations are counted apart.
      expect((await ask(fresh.server.url, sibling.student, sibling.token)).status).toBe(201);
      // Per day: yesterday's count does not hold today.
      await fresh.server.db.kysely
        .updateTable('declaration_days' as never)
        .set({ day: '2000-01-01' } as never)
        .execute();
      expect((await ask(fresh.server.url)).status).toBe(201);
    } finally {
      await second.close();
    }
  });

  it('gives a declaration back to the day when issuing it fails', async () => {
    const { student } = await familyOf('Gabi Devolvida', 'gabi@exemplo.com');
    const giveBacks = [];
    for (let i = 0; i < 5; i++) giveBacks.push(await takeDeclaration(fresh.server.db, student));
    await expect(takeDeclaration(fresh.server.db, student)).rejects.toMatchObject({ statusCode: 429 });
    await giveBacks[0]();
    await takeDeclaration(fresh.server.db, student);
    await expect(takeDeclaration(fresh.server.db, student)).rejects.toMatchObject({ statusCode: 429 });
  });
});
