import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/**
 * Bad input the HTTP layer answers for every route: ids past the column type, control characters, multipart limits,
 * repeated query parameters.
 */
describeOnDatabases('bad input at the HTTP layer', (dialect) => {
  let server: TestServer;
  let token: string;
  let student: number;
  let team: number;
  beforeAll(async () => {
    server = await startServer(dialect);
    token = await server.session();
    student = (await server.request('POST', '/api/students', { token, body: { name: 'Íris Limite' } })).body.data.id;
    team = (await server.request('GET', '/api/teams', { token })).body.data[0].id;
  });
  afterAll(() => server.close());

  const raw = async (method: string, path: string, body: BodyInit, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
    });
    return { status: response.status, body: await response.json() };
  };
  const form = (fields: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };

  it('answers 404 to a path id past the integer column, on generic and bespoke routes', async () => {
    for (const path of [
      '/api/teachings/2147483648',
      '/api/teachings/9999999999',
      '/api/students/2147483648/status-history',
      `/api/exports/student-contract/${student}/2147483648`,
    ]) {
      expect(await server.request('GET', path, { token }), path).toMatchObject({ status: 404 });
    }
    expect((await server.request('DELETE', '/api/books/2147483648', { token })).status).toBe(404);
    // The largest id the column holds is still just an id that does not exist.
    expect((await server.request('GET', '/api/teachings/2147483647', { token })).status).toBe(404);
  });

  it('keeps a JSON number as text where text goes, and refuses one JSON cannot hold (1e400 is Infinity)', async () => {
    const raw = (body: string) =>
      fetch(`${server.url}/api/teachings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
    const kept = await raw('{"name": 2026, "description": 1.5}');
    expect(kept.status).toBe(201);
    const id = (await kept.json()).data.id;
    expect((await server.request('GET', `/api/teachings/${id}`, { token })).body[0]).toMatchObject({
      name: '2026',
      description: '1.5',
    });
    for (const number of ['1e400', '-1e400']) {
      const refused = await raw(`{"name": "Ensino Infinito", "description": ${number}}`);
      expect(refused.status, number).toBe(422);
      expect(Object.keys((await refused.json()).errors)).toEqual(['description']);
    }
    const found = await server.request('GET', '/api/teachings?search=infinit', { token });
    expect(found.body.total).toBe(0);
  });

  it('answers 422 naming the field to a reference or integer past the column type', async () => {
    const course = await server.request('POST', '/api/courses', {
      token,
      body: { name: 'Curso Grande', teaching_id: 2147483648 },
    });
    expect(course.status).toBe(422);
    expect(Object.keys(course.body.errors)).toEqual(['teaching_id']);
    const stage = await server.request('POST', '/api/stages', { token, body: { stage: 2147483648 } });
    expect(stage.status).toBe(422);
    expect(stage.body.errors.stage).toEqual(['O campo Etapa deve ser no máximo 99.']);
    const bespoke: [string, string, unknown, string][] = [
      ['POST', '/api/registrations', { student_id: 2147483648, team_id: team }, 'student_id'],
      ['POST', '/api/teams/register-student', { student_id: student, team_id: 2147483648 }, 'team_id'],
      [
        'POST',
        '/api/books',
        { student_id: '2147483648', registration_number: '1', book_number: '1', page_number: '1' },
        'student_id',
      ],
      [
        'POST',
        '/api/grid-templates',
        { rows: [{ grid_id: 2147483648, discipline_id: 1, stage_id: 1, workload: 10 }] },
        'rows.0.grid_id',
      ],
      [
        'PUT',
        '/api/school-settings',
        {
          school_name: 'Escola',
          main_color: '#000000',
          secondary_color: '#FFFFFF',
          average_grade: 6,
          contract_text_document_id: 2147483648,
        },
        'contract_text_document_id',
      ],
    ];
    for (const [method, path, body, field] of bespoke) {
      const answer = await server.request(method, path, { token, body });
      expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body.errors, path).toHaveProperty([field]);
    }
    // An array or a boolean is not an id, even if JavaScript would make a number of it.
    const coerced = await server.request('POST', '/api/registrations', {
      token,
      body: { student_id: [student], team_id: true },
    });
    expect(coerced.status).toBe(422);
    expect(Object.keys(coerced.body.errors).sort()).toEqual(['student_id', 'team_id']);
  });

  it('refuses control characters in any text input with 422 naming the field, and keeps newlines and tabs', async () => {
    const body = await server.request('POST', '/api/teachings', { token, body: { name: 'Ensino\u0000Nulo' } });
    expect(body).toMatchObject({
      status: 422,
      body: { errors: { name: [expect.stringContaining('caracteres de controle')] } },
    });
    // DEL travels unescaped in JSON (JSON.stringify leaves it as it is): the body has no backslash, and is refused.
    const del = await server.request('POST', '/api/teachings', { token, body: { name: 'Ensino\u007fApagado' } });
    expect(del).toMatchObject({
      status: 422,
      body: { errors: { name: [expect.stringContaining('caracteres de controle')] } },
    });
    const nested = await server.request('POST', '/api/grid-templates', {
      token,
      body: { rows: [{ grid_id: 1, discipline_id: '1\u0007', stage_id: 1, workload: 1 }] },
    });
    expect(nested.status).toBe(422);
    expect(Object.keys(nested.body.errors)).toEqual(['rows.0.discipline_id']);
    const search = await server.request('GET', '/api/teachings?search=a%00b', { token });
    expect(search).toMatchObject({
      status: 422,
      body: { errors: { search: [expect.stringContaining('caracteres de controle')] } },
    });
    const multipart = await raw(
      'POST',
      '/api/students',
      form([
        ['name', 'Aluno'],
        ['naturalness', 'x\u001by'],
      ]),
    );
    expect(multipart).toMatchObject({
      status: 422,
      body: { errors: { naturalness: [expect.stringContaining('caracteres de controle')] } },
    });
    expect((await server.request('GET', '/api/documents/storage/a%00/b', { token })).status).toBe(404);
    const multiLine = await server.request('POST', '/api/teachings', {
      token,
      body: { name: 'Ensino Com Linhas', description: 'linha 1\r\nlinha 2\n\tfim' },
    });
    expect(multiLine.status).toBe(201);
    expect(multiLine.body.data.description).toBe('linha 1\r\nlinha 2\n\tfim');
    const unpaired = await server.request('POST', '/api/teachings', { token, body: { name: 'Meio \ud800 emoji' } });
    expect(unpaired.status).toBe(422);
    expect((await server.request('GET', '/api/teachings?search=Nulo', { token })).body.total).toBe(0);
  });

  it('refuses invalid UTF-8 in a JSON body as it refuses the same character escaped: 422 naming the field, nothing stored as "�"', async () => {
    const send = (bytes: Buffer) =>
      raw('POST', '/api/teachings', new Uint8Array(bytes), { 'content-type': 'application/json' });
    const json = (name: string, description: number[]) =>
      Buffer.concat([
        Buffer.from(`{"name": "${name}", "description": "a`),
        Buffer.from(description),
        Buffer.from('b"}'),
      ]);
    // A stray byte, a sequence cut short, an overlong "/", an encoded surrogate, past U+10FFFF.
    for (const bad of [[0xff], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
      const answer = await send(json('Ensino Bytes', bad));
      expect(answer.status, bad.join(' ')).toBe(422);
      expect(answer.body.errors, bad.join(' ')).toEqual({
        description: [expect.stringContaining('caracteres de controle')],
      });
    }
    // Outside a string an invalid byte is just malformed JSON.
    expect(
      (await send(Buffer.concat([Buffer.from('{"name": "Ensino"'), Buffer.from([0xff]), Buffer.from('}')]))).status,
    ).toBe(400);
    expect((await server.request('GET', '/api/teachings?search=Bytes', { token })).body.total).toBe(0);
    // Valid multi-byte text (accents, an emoji in four bytes) is kept as sent.
    const kept = await send(Buffer.from('{"name": "Ensino Ção 🎓", "description": "€ ok"}', 'utf8'));
    expect(kept.status).toBe(201);
    expect(kept.body.data).toMatchObject({ name: 'Ensino Ção 🎓', description: '€ ok' });
  });

  it('refuses invalid UTF-8 in the query string and in multipart text fields as in a JSON body: 422 naming the field, nothing stored as "�"', async () => {
    for (const bad of ['%C3%28', '%FF', '%E2%82', '%C0%AF', '%ED%A0%80', 'a%C3']) {
      const search = await server.request('GET', `/api/teachings?search=${bad}`, { token });
      expect(search, bad).toMatchObject({
        status: 422,
        body: { errors: { search: [expect.stringContaining('caracteres de controle')] } },
      });
    }
    // Valid escapes, a "+" for a space and a malformed escape are read as before.
    const found = await server.request('GET', '/api/students?search=%C3%8Dris+Limite', { token });
    expect(found).toMatchObject({ status: 200, body: { total: 1 } });
    expect((await server.request('GET', '/api/teachings?search=%zz', { token })).status).toBe(200);

    // A form built by hand: FormData cannot carry bytes that are not UTF-8 in a text field.
    const boundary = 'limite-utf8';
    const multipart = (fields: [string, Buffer][]) =>
      Buffer.concat([
        ...fields.flatMap(([name, value]) => [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
          value,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const post = (fields: [string, Buffer][]) =>
      raw('POST', '/api/students', new Uint8Array(multipart(fields)), {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
    for (const bad of [[0xc3, 0x28], [0xff], [0xe2, 0x82], [0xed, 0xa0, 0x80]]) {
      const answer = await post([
        ['name', Buffer.from('Aluno Bytes')],
        ['naturalness', Buffer.concat([Buffer.from('Bel'), Buffer.from(bad), Buffer.from('m')])],
      ]);
      expect(answer, bad.join(' ')).toEqual({
        status: 422,
        body: {
          message: expect.stringContaining('naturalness'),
          errors: { naturalness: [expect.stringContaining('caracteres de controle')] },
        },
      });
    }
    expect((await server.request('GET', '/api/students?search=Aluno%20Bytes', { token })).body.total).toBe(0);
    // Valid multi-byte text in a form, by hand and from FormData, is kept as sent.
    const kept = await post([
      ['name', Buffer.from('Aluno Ção 🎓', 'utf8')],
      ['naturalness', Buffer.from('Belém', 'utf8')],
    ]);
    expect(kept.status).toBe(201);
    expect(kept.body.data).toMatchObject({ name: 'Aluno Ção 🎓', naturalness: 'Belém' });
    const fromBrowser = await raw(
      'POST',
      '/api/students',
      form([
        ['name', 'Aluna Ânia Şen'],
        ['naturalness', 'São João'],
      ]),
    );
    expect(fromBrowser.status).toBe(201);
    expect(fromBrowser.body.data).toMatchObject({ name: 'Aluna Ânia Şen', naturalness: 'São João' });
  });

  it('answers invalid UTF-8 in a path in Portuguese, like every other refusal', async () => {
    for (const path of [
      `/api/students/${student}%FF`,
      '/api/teachings/%C3%28',
      '/api/%E2%82',
      '/api/documents/storage/%ED%A0%80/b',
      '/%C0%AF',
    ]) {
      for (const options of [{ token }, {}]) {
        const answer = await server.request('GET', path, options);
        expect(answer, path).toEqual({
          status: 400,
          body: { message: 'Endereço inválido: o caminho tem caracteres que não são UTF-8.' },
        });
      }
    }
    // A path parameter past Fastify's length: refused in Portuguese too.
    expect(await server.request('GET', `/api/students/${'9'.repeat(120)}`, { token })).toEqual({
      status: 414,
      body: { message: 'Endereço inválido: um trecho do caminho é longo demais.' },
    });
    // A valid escape in the path is read as before: %C3%8D is "Í", %31 is "1".
    const escaped = encodeURIComponent(String(student)).replace(/\d/g, (d) => `%3${d}`);
    expect((await server.request('GET', `/api/students/${escaped}`, { token })).body[0].name).toBe('Íris Limite');
  });

  it('answers multipart limits with 413 naming the real limit', async () => {
    const many = Array.from({ length: 2010 }, (_, i): [string, string] => [`campo${i}`, 'x']);
    expect(await raw('POST', '/api/students', form(many))).toEqual({
      status: 413,
      body: { message: 'O formulário pode ter no máximo 2000 campos.' },
    });
    const thenFile = form([...many, ['image', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' })]]);
    expect(await raw('POST', '/api/students', thenFile)).toEqual({
      status: 413,
      body: { message: 'O formulário pode ter no máximo 2000 campos.' },
    });
    // Many fields of long text together: bounded as a whole, not only one by one.
    const heavy = Array.from({ length: 3 }, (_, i): [string, string] => [`texto${i}`, 'x'.repeat(900 * 1024)]);
    expect(await raw('POST', '/api/students', form(heavy))).toEqual({
      status: 413,
      body: { message: 'O texto do formulário pode ter no máximo 2 MB ao todo.' },
    });
    const files = form([1, 2, 3].map((i): [string, Blob] => [`arquivo${i}`, new Blob([new Uint8Array(10)])]));
    expect(await raw('POST', '/api/students', files)).toEqual({
      status: 413,
      body: { message: 'Envie no máximo 2 arquivos por vez.' },
    });
    const big = form([
      ['name', 'Aluno Grande'],
      ['image', new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' })],
    ]);
    expect(await raw('POST', '/api/students', big)).toEqual({
      status: 413,
      body: { message: 'O arquivo pode ter no máximo 5 MB.' },
    });
    const longField = form([
      ['name', 'Aluno'],
      ['observation', 'x'.repeat(1024 * 1024 + 1)],
    ]);
    expect(await raw('POST', '/api/students', longField)).toEqual({
      status: 413,
      body: { message: 'O campo observation pode ter no máximo 1 MB.' },
    });
    const json = await raw('POST', '/api/teachings', JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }), {
      'content-type': 'application/json',
    });
    expect(json).toEqual({ status: 413, body: { message: 'A requisição pode ter no máximo 1 MB.' } });
    expect((await server.request('GET', '/api/students?search=Aluno%20Grande', { token })).body.total).toBe(0);
  });

  it('takes the last value of a repeated query parameter, as the PHP servers the clients were written for did', async () => {
    const list = await server.request('GET', '/api/teachings?page=0&perPage=99999&page=1', { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ current_page: 1, per_page: 99999 });
    const sorted = await server.request('GET', '/api/teachings?sortBy=nome&sortBy=name&sortDesc=true&page=0', {
      token,
    });
    expect(sorted.status).toBe(200);
    const names = sorted.body.data.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a, 'pt-BR')));
  });

  it('answers 422 to page or perPage past the integer range, never 500', async () => {
    for (const query of ['page=2147483648', 'perPage=2147483648', 'page=1e400', 'page=-1', 'perPage=0']) {
      expect((await server.request('GET', `/api/teachings?${query}`, { token })).status, query).toBe(422);
    }
    const last = await server.request('GET', '/api/teachings?page=2147483647&perPage=2147483647', { token });
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
  });
});
