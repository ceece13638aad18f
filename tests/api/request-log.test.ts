import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { solveCaptcha } from './support/mail';
import { describeOnDatabases, rawRequest, startServer, type TestServer } from './support/server';

/** The request log keeps method, path, status and time: never a query string's secret or personal data. */
describeOnDatabases('request log', (dialect) => {
  let server: TestServer;
  let logged: App;
  beforeAll(async () => {
    server = await startServer(dialect);
    logged = await loggedApp(server);
  });
  afterAll(async () => {
    await logged?.app.close();
    await server?.close();
  });

  it('logs the path without the query: no reset token, no contact data', async () => {
    // Only this test's lines: the tests of this file run in any order on the same logged server.
    logged.lines.length = 0;
    await rawRequest(logged.url, 'GET', '/redefinir-senha?token=SEGREDO-DO-LINK-123');
    await rawRequest(
      logged.url,
      'GET',
      '/api/send-mail?nome=Fulana%20Secreta&e_mail=fulana.secreta@familia.com.br&whatsapp=91988887777&doubt=Minha%20pergunta%20particular',
    );
    await rawRequest(logged.url, 'GET', '/api/nao-existe?cpf=52998224725');
    const text = logged.lines.join('\n');
    for (const secret of [
      'SEGREDO-DO-LINK-123',
      'Fulana',
      'fulana.secreta',
      '91988887777',
      'particular',
      '52998224725',
    ])
      expect(text).not.toContain(secret);
    const requests = logged.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['GET', '/redefinir-senha', 404],
      ['GET', '/api/send-mail', 403],
      ['GET', '/api/nao-existe', 404],
    ]);
  });

  it('takes the contact form as a POST (our page sends it so), and the GET of the contract still works', async () => {
    const challenge = async () => solveCaptcha((await rawRequest(logged.url, 'GET', '/api/captcha/challenge')).body);
    const fields = {
      nome: 'Marcos Paulo',
      e_mail: 'marcos@familia.com.br',
      doubt: 'Quando começam as matrículas?',
      whatsapp: '(91) 98888-7777',
    };
    const posted = await rawRequest(logged.url, 'POST', '/api/send-mail', {
      body: fields,
      headers: { 'x-altcha': await challenge() },
    });
    expect(posted).toEqual({
      status: 200,
      body: { message: 'Mensagem enviada com sucesso! Em breve entraremos em contato.' },
    });
    const query = new URLSearchParams({ ...fields, nome: 'Júlia Souza', altcha: await challenge() });
    expect((await rawRequest(logged.url, 'GET', `/api/send-mail?${query}`)).status).toBe(200);
    const missing = await rawRequest(logged.url, 'POST', '/api/send-mail', { body: { nome: 'Ana' } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Por favor, preencha todos os campos do formulário de contato.');
    const stored = await server.db.kysely
      .selectFrom('contact_messages' as never)
      .select(['name' as never, 'whatsapp' as never])
      .execute();
    expect(stored).toEqual(
      expect.arrayContaining([
        { name: 'Marcos Paulo', whatsapp: '91988887777' },
        { name: 'Júlia Souza', whatsapp: '91988887777' },
      ]),
    );
  });
});

interface App {
  app: FastifyInstance;
  url: string;
  lines: string[];
}

/** Another instance on the test server's database, logging at `info` into `lines`. */
async function loggedApp(server: TestServer): Promise<App> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    db: server.db,
    tokenTtlHours: 1,
    logger: { level: 'info', stream },
    storage: server.storage,
    captcha: { cost: 1, counterMin: 1, counterMax: 20, ttlSeconds: 600 },
    publicRateLimit: 1000,
    pressure: { maxEventLoopDelayMs: 0 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, lines };
}
