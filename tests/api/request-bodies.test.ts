import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const MB = 1024 * 1024;

/**
 * Sends a request's headers (announcing `length` bytes of body) and only the first bytes of the body,
 * and waits for the answer: a server that reads the whole body first never answers (null after 3 s).
 */
function answerWithoutBody(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  length: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any } | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let heard = Buffer.alloc(0);
    const done = (answer: { status: number; body: unknown } | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), 3000);
    socket.on('connect', () => {
      const lines = Object.entries({ host: 'escola.test', ...headers, 'content-length': String(length) }).map(
        ([k, v]) => `${k}: ${v}\r\n`,
      );
      socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
      socket.write(Buffer.alloc(64 * 1024, 'x'));
    });
    socket.on('data', (chunk: Buffer) => {
      heard = Buffer.concat([heard, chunk]);
      const end = heard.indexOf('\r\n\r\n');
      const head = heard.subarray(0, Math.max(end, 0)).toString('latin1');
      const size = /content-length: (\d+)/i.exec(head);
      if (end === -1 || !size || heard.length - end - 4 < Number(size[1])) return;
      done({
        status: Number(head.slice(9, 12)),
        body: JSON.parse(heard.subarray(end + 4, end + 4 + Number(size[1])).toString('utf8')),
      });
    });
    socket.on('error', () => done(null));
  });
}

const MULTIPART = { 'content-type': 'multipart/form-data; boundary=----limite' };

describeOnDatabases('each route reads only the bodies it takes', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    token = await server.session();
  });
  afterAll(() => server?.close());
  const signedIn = () => ({ authorization: `Bearer ${token}` });

  it('never reads an anonymous multipart body: sign-in, unknown paths and private routes answer at once', async () => {
    expect(await answerWithoutBody(server.url, 'POST', '/api/auth/login', MULTIPART, Math.round(9.8 * MB))).toEqual({
      status: 415,
      // The login's refusals also carry their text under `error` (the original client reads it).
      body: {
        message: 'Tipo de conteúdo não aceito nesta rota: envie JSON (application/json).',
        error: 'Tipo de conteúdo não aceito nesta rota: envie JSON (application/json).',
      },
    });
    expect(
      await answerWithoutBody(server.url, 'POST', '/api/nao-existe', MULTIPART, Math.round(9.8 * MB)),
    ).toMatchObject({ status: 404 });
    expect(await answerWithoutBody(server.url, 'POST', '/api/students', MULTIPART, Math.round(9.8 * MB))).toMatchObject(
      { status: 401 },
    );
  });

  it('reads a form only on signed-in routes that take one', async () => {
    expect(
      await answerWithoutBody(server.url, 'POST', '/api/teachings', { ...MULTIPART, ...signedIn() }, 4 * MB),
    ).toEqual({
      status: 415,
      body: { message: 'Tipo de conteúdo não aceito nesta rota: envie JSON (application/json).' },
    });
    const form = new FormData();
    form.append('name', 'Aluna Com Formulário');
    const created = await fetch(`${server.url}/api/students`, { method: 'POST', headers: signedIn(), body: form });
    expect(created.status).toBe(201);
  });

  it("refuses a signed-in user's 10 MB PDF to /api/grades from its headers, and the server goes on answering", async () => {
    const started = Date.now();
    expect(
      await answerWithoutBody(
        server.url,
        'POST',
        '/api/grades',
        { 'content-type': 'application/pdf', ...signedIn() },
        10 * MB,
      ),
    ).toEqual({
      status: 415,
      body: {
        message:
          'Tipo de conteúdo não aceito nesta rota: envie JSON (application/json) ou um formulário com arquivos (multipart/form-data).',
      },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
  });

  it('answers 415 with a pt-BR message to a content type the route does not take', async () => {
    const text = await fetch(`${server.url}/api/teachings`, {
      method: 'POST',
      headers: { ...signedIn(), 'content-type': 'text/plain' },
      body: 'name=Ensino',
    });
    expect({ status: text.status, body: await text.json() }).toEqual({
      status: 415,
      body: { message: 'Tipo de conteúdo não aceito nesta rota: envie JSON (application/json).' },
    });
    const json = await fetch(`${server.url}/api/documents/has-document/HIST_X/file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect({ status: json.status, body: await json.json() }).toEqual({
      status: 415,
      body: { message: 'Tipo de conteúdo não aceito nesta rota: envie um PDF (application/pdf).' },
    });
    expect(
      (await server.request('GET', '/api/teachings?search=Ensino', { token })).body.data.map(
        (t: { name: string }) => t.name,
      ),
    ).not.toContain('name=Ensino');
  });
});
