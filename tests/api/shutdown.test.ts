import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childScript } from './support/child-server';
import { solveCaptcha, startSmtp } from './support/mail';

const ROOT = path.resolve(__dirname, '../..');
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
}

/**
 * The real server process (server/main.ts bundled from the current source, as `npm start` runs dist/server/main.mjs:
 * support/child-bundle.ts) on its own DATA_DIR and port.
 */
async function startProcess(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [childScript('main')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(ROOT, 'does-not-exist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      // Load shedding has its own test (load-shedding.test.ts); here a busy machine would delay the loop past the
      // limit and turn the first calls into 503s.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!output.includes('Secretaria pronta')) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou ao iniciar:\n${output}`);
    if (Date.now() > deadline) throw new Error(`o servidor não iniciou em 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, port, output: () => output };
}

/**
 * Sends SIGTERM and answers the exit code, or null when the process was still alive after `seconds` (then it is
 * killed).
 */
function terminate(child: ChildProcess, seconds: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, seconds * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Sign-ins, CRUD, a photo upload, public calls and a mail, over keep-alive connections; then SIGTERM
 * with those connections, a silent one and a stalled upload still open. Answers the exit code.
 */
async function mixedRunThenSigterm(
  server: Started,
  password: string,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
): Promise<number | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const call = (method: string, route: string, options: { token?: string; json?: unknown; form?: FormData } = {}) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      void (async () => {
        const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
        let payload: Buffer | undefined;
        if (options.json !== undefined) {
          payload = Buffer.from(JSON.stringify(options.json));
          headers['content-type'] = 'application/json';
        } else if (options.form) {
          const encoded = new Response(options.form);
          headers['content-type'] = encoded.headers.get('content-type')!;
          payload = Buffer.from(await encoded.arrayBuffer());
        }
        const request = http.request(`${server.url}${route}`, { method, agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: response.statusCode!,
              body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
            });
          });
        });
        request.on('error', reject);
        request.end(payload);
      })();
    });

  const signIn = await call('POST', '/api/auth/login', { json: { email: 'admin@demo.invalid', password } });
  expect(signIn.status).toBe(200);
  const token: string = signIn.body.access_token;
  expect(
    (await call('POST', '/api/auth/login', { json: { email: 'admin@demo.invalid', password: 'errada' } })).status,
  ).toBe(401);
  const created = await call('POST', '/api/teachings', { token, json: { name: 'Ensino de Encerramento' } });
  expect(created.status).toBe(201);
  expect(
    (await call('PUT', `/api/teachings/${created.body.data.id}`, { token, json: { name: 'Ensino Renomeado' } })).status,
  ).toBe(200);
  expect((await call('GET', '/api/teachings?search=renomeado', { token })).body.total).toBe(1);
  expect((await call('DELETE', `/api/teachings/${created.body.data.id}`, { token })).status).toBe(200);
  const form = new FormData();
  form.append('name', 'Aluna Com Foto');
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
  const student = await call('POST', '/api/students', { token, form });
  expect(student.status).toBe(201);
  expect((await call('GET', `/api/students/${student.body.data.id}/get-image`, { token })).status).toBe(200);
  expect((await call('GET', '/api/data-of-client')).status).toBe(200);
  const altcha = await solveCaptcha((await call('GET', '/api/captcha/challenge')).body);
  expect(
    (await call('GET', `/api/documents/has-document/NAO-EXISTE?altcha=${encodeURIComponent(altcha)}`)).status,
  ).toBe(404);
  expect((await call('POST', '/api/forgot-password', { json: { email: 'admin@demo.invalid' } })).status).toBe(200);
  await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBeGreaterThan(0);

  // Left open: the agent's idle keep-alive sockets, a socket that never says anything (a browser's
  // preconnect), and an upload stuck halfway.
  const silent = net.connect(server.port, '127.0.0.1');
  const stuck = net.connect(server.port, '127.0.0.1');
  await Promise.all([silent, stuck].map((s) => new Promise((r) => s.once('connect', r))));
  stuck.write(
    `POST /api/students HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`,
  );
  for (const s of [silent, stuck]) s.on('error', () => undefined);
  await new Promise((r) => setTimeout(r, 200));

  const code = await terminate(server.child, 40);
  agent.destroy();
  silent.destroy();
  stuck.destroy();
  if (code !== 0) process.stderr.write(server.output());
  return code;
}

// One process's life in order (first start, a later start with the password it printed, then SIGTERM):
// these steps are never shuffled.
describe('the server process', { shuffle: false }, () => {
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-process-'));
    smtp = await startSmtp();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let password = '';

  it(
    'prints a working administrator login on the first start, with a password of its own',
    { timeout: 120_000 },
    async () => {
      // As `npm start` runs it on a fresh clone (scripts/start.mjs asks for the demo).
      const server = await startProcess({ DATA_DIR: dataDir, SMTP_URL: smtp.url, SEED_DEMO: 'true' });
      children.push(server.child);
      expect(server.output()).toContain('Escola de demonstração criada.');
      const shown = /Acesso do administrador: admin@demo\.invalid \/ (\S+)/.exec(server.output());
      expect(shown, server.output()).not.toBeNull();
      password = shown![1];
      expect(password).not.toBe('secretaria123');
      expect(password).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.invalid', password }),
      });
      expect(login.status).toBe(200);
      expect(await terminate(server.child, 30)).toBe(0);
    },
  );

  it(
    'on later starts, does not show a password but says how to set a new one, which then works',
    { timeout: 120_000 },
    async () => {
      const again = await startProcess({ DATA_DIR: dataDir });
      children.push(again.child);
      expect(again.output()).not.toContain(password);
      expect(again.output()).toContain(
        'Acesso do administrador: admin@demo.invalid (senha mostrada no primeiro início ou trocada depois; esqueceu? para definir uma nova, rode uma vez `npm start -- --nova-senha-admin`',
      );
      expect(await terminate(again.child, 30)).toBe(0);

      const reset = spawn(process.execPath, [childScript('main'), '--nova-senha-admin'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(reset);
      let said = '';
      reset.stdout!.on('data', (d: Buffer) => (said += d.toString()));
      reset.stderr!.on('data', (d: Buffer) => (said += d.toString()));
      expect(await new Promise((r) => reset.once('exit', r))).toBe(0);
      const fresh = /nova senha: (\S+)\)/.exec(said);
      expect(fresh, said).not.toBeNull();
      password = fresh![1];
    },
  );

  it(
    'exits on SIGTERM after sign-ins, CRUD, uploads, public calls and mail, with connections still open',
    { timeout: 120_000 },
    async () => {
      const server = await startProcess({
        DATA_DIR: dataDir,
        SMTP_URL: `${smtp.url}?pool=true`,
        SHUTDOWN_TIMEOUT_SECONDS: '5',
      });
      children.push(server.child);
      expect(await mixedRunThenSigterm(server, password, smtp)).toBe(0);
    },
  );
});

// The same on PostgreSQL, whose connection pool must also let go (each run in a schema of its own).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the server process on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let child: ChildProcess | undefined;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-process-pg-'));
    smtp = await startSmtp();
    await admin(`create schema ${schema}`);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    await admin(`drop schema ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits on SIGTERM after the same mixed run', { timeout: 120_000 }, async () => {
    const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const server = await startProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: 'senha-do-teste-pg',
      SMTP_URL: smtp.url,
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    child = server.child;
    expect(server.output()).toContain('Banco de dados: PostgreSQL');
    expect(await mixedRunThenSigterm(server, 'senha-do-teste-pg', smtp)).toBe(0);
  });
});

describe('a production start', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-production-'));
    dirs.push(dir);
    return dir;
  };

  it('refuses to start without ADMIN_EMAIL, saying which variable to set', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [childScript('main')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: freshDir(),
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let said = '';
    child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
    expect(await new Promise((r) => child.once('exit', r))).toBe(1);
    expect(said).toContain('ADMIN_EMAIL: é obrigatório com NODE_ENV=production');
  });

  it('creates only the administrator it was told, no demo school or demo staff', { timeout: 120_000 }, async () => {
    const dataDir = freshDir();
    const server = await startProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'direcao@escola.test',
    });
    children.push(server.child);
    expect(server.output()).toContain('Acesso do administrador: direcao@escola.test / ');
    expect(server.output()).not.toContain('demonstração');
    expect(await terminate(server.child, 30)).toBe(0);
    const db = new Database(path.join(dataDir, 'secretaria.db'), { readonly: true });
    try {
      expect(db.prepare('select email from users where id <> 100').all()).toEqual([{ email: 'direcao@escola.test' }]);
      for (const table of ['teachings', 'school_settings', 'polos', 'students']) {
        expect(db.prepare(`select count(*) as n from ${table}`).get(), table).toEqual({ n: 0 });
      }
    } finally {
      db.close();
    }
  });
});
