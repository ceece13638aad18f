import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, inject } from 'vitest';
import { resources, type ResourceConfig } from '../../../resources';
import { syncSearchIndexes } from '../../../server/crud/search-index';
import { localStorage, type Storage } from '../../../server/storage/storage';
import { buildApp, type AppOptions } from '../../../server/app';
import { TokenStore } from '../../../server/auth/tokens';
import type { LoginLimits } from '../../../server/auth/login-limits';
import { openDb, type Db, type DialectName } from '../../../server/db/connection';
import {
  ADMIN,
  copyPgTemplate,
  makePgTemplate,
  makeSqliteTemplate,
  removePgTemplate,
  removeSqliteTemplate,
  renameOfCopy,
  runOn,
  urlOfDatabase,
  type Prepare,
} from './templates';

export { ADMIN };

/** The built-in roles' ids on a new database (migration 0020_roles creates them in this order). */
export const ROLE_IDS = { administracao: 1, direcao: 2, secretaria: 3, financeiro: 4, professor: 5 } as const;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (under CI=true it must be). */
export function databases(): DialectName[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('CI=true exige TEST_DATABASE_URL para testar no PostgreSQL.');
  return ['sqlite'];
}

export interface TestServer {
  url: string;
  db: Db;
  app: FastifyInstance;
  dialect: DialectName;
  /** PostgreSQL: the URL of the server's own database (whose schema is `db.schema`), for a second connection to it. */
  databaseUrl?: string;
  /** The server's file storage (a temporary directory). */
  storage: Storage;
  /** A fresh session token of the seeded admin (or of `email` with `password`), signed in through the login route. */
  login(email?: string, password?: string): Promise<string>;
  /**
   * A fresh session token of the seeded admin (or of the user with `email`) straight from the server's session store,
   * as the login route issues it once the password matched: for a test that needs someone signed in, not the sign-in
   * itself. The route checks the password's Argon2 hash, ~35 ms of CPU each time (auth.test.ts, login-limits.test.ts
   * and every `login` call go through it).
   */
  session(email?: string): Promise<string>;
  /**
   * A request as this project's screens make it (dates as ISO: `X-Date-Format: iso`); `rawRequest` sends only what
   * it is given.
   */
  request(
    method: string,
    route: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export interface StartOptions {
  /** Forgot/reset-password requests per 15 minutes (generous unless a test says otherwise). */
  loginRateLimit?: number;
  /** Failed sign-in limits; out of the way unless a test says otherwise (the product's are DEFAULT_LOGIN_LIMITS). */
  loginLimits?: Partial<LoginLimits>;
  corsOrigins?: string[];
  appUrl?: string;
  tokenTtlHours?: number;
  /** Whose X-Forwarded-For to believe; `1`: the test client is the one proxy in front. */
  trustProxy?: AppOptions['trustProxy'];
  resources?: ResourceConfig[];
  staticDir?: string;
  smtpUrl?: string;
  /** Tries, waits and timeouts of the background mail delivery (the product's unless a test says otherwise). */
  mailDelivery?: AppOptions['mailDelivery'];
  publicRateLimit?: number;
  cep?: { viaCepUrl: string; brasilApiUrl: string };
  /** Another file storage than a temporary directory (the S3 adapter). */
  storage?: Storage;
  /**
   * Mercado Pago (a local fake of its API), or `sandbox: true` for the offline simulation; neither, as in a
   * real install without a token: the payment routes answer that payments are not configured.
   */
  payments?: {
    accessToken?: string;
    webhookSecret?: string;
    baseUrl?: string;
    timeoutMs?: number;
    retryDelayMs?: number;
    sandbox?: boolean;
  };
  /** When the server sheds load (see server/http/load.ts); the product's defaults otherwise. */
  pressure?: AppOptions['pressure'];
  /** How long a client may take to send a request; the product's defaults otherwise. */
  timeouts?: AppOptions['timeouts'];
  /** PostgreSQL: the server reaches TEST_DATABASE_URL's database through this address (a test's own proxy). */
  pgUrl?: string;
  /** Web Push (server/push): off unless a test brings its fake push service. */
  push?: AppOptions['push'];
  /** SECRETARIA_ENCRYPTION_KEY: secrets of background work sealed in the database; in memory without it. */
  encryptionKey?: Buffer;
  /** The NFS-e's Sefin Nacional: a test's fake (fake-sefin.ts) and its CA. */
  nfse?: AppOptions['nfse'];
  /** Families' e-mails swept in the background this often; off unless a test asks (it sweeps by hand). */
  notifyPollMs?: number;
  /** The job runner's options; without `pollMs` no one-off job runs (recurring tasks run when registered). */
  jobs?: AppOptions['jobs'];
  /** Payments reconciled with the provider in the background this often; off unless a test asks. */
  reconcilePollMs?: number;
  reconcileAfterMs?: number;
  /** Runs after migrations, before the server starts (e.g. a test table), once per file into a template of its own. */
  prepare?: Prepare;
}

/**
 * The prepared school a server's database is copied from: the plain one of the whole run, or one made for this
 * file's `prepare` (which goes with the file).
 */
const ownTemplates = { sqlite: new Map<Prepare, Promise<string>>(), postgres: new Map<Prepare, Promise<string>>() };
function templateOf(dialect: DialectName, prepare: Prepare | undefined): Promise<string> {
  const plain = inject(dialect === 'postgres' ? 'pgTemplate' : 'sqliteTemplate');
  if (!prepare) return Promise.resolve(plain);
  const made = ownTemplates[dialect];
  // A copy of the plain school with `prepare` run on it (see templates.ts).
  if (!made.has(prepare))
    made.set(prepare, dialect === 'postgres' ? makePgTemplate(prepare, plain) : makeSqliteTemplate(prepare, plain));
  return made.get(prepare)!;
}

/** Removes the templates this file's `prepare`s made; run after each file (tests/api/support/setup.ts). */
export async function removeOwnTemplates(): Promise<void> {
  for (const [dialect, made] of Object.entries(ownTemplates)) {
    const settled = await Promise.allSettled(made.values());
    made.clear();
    for (const template of settled)
      if (template.status === 'fulfilled')
        await (dialect === 'postgres' ? removePgTemplate(template.value) : removeSqliteTemplate(template.value));
  }
}

/** An empty schema of its own in TEST_DATABASE_URL's database, and how to drop it afterwards. */
export async function freshSchema(): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runOn(`create schema ${schema}`);
  return { url, schema, drop: () => runOn(`drop schema ${schema} cascade`) };
}

/** A real server over HTTP on 127.0.0.1, on a database of its own (SQLite file or PostgreSQL schema). */
export async function startServer(dialect: DialectName, options: StartOptions = {}): Promise<TestServer> {
  let cleanup: () => Promise<void>;
  let db: Db;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    // The copy's schema is renamed by the server's own first connection (its search_path names the schema, read at
    // each statement), not by one opened for that alone; through a test's proxy (pgUrl), as before.
    const renameLater = !options.pgUrl;
    const { name, drop } = await copyPgTemplate(await templateOf(dialect, options.prepare), { renameLater });
    databaseUrl = urlOfDatabase(process.env.TEST_DATABASE_URL!, name);
    db = openDb({
      databaseUrl: urlOfDatabase(options.pgUrl ?? process.env.TEST_DATABASE_URL!, name),
      dataDir: '',
      pgSchema: name,
      poolSize: 4,
    });
    if (renameLater) await sql.raw(renameOfCopy(name)).execute(db.kysely);
    cleanup = drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-api-'));
    fs.copyFileSync(await templateOf(dialect, options.prepare), path.join(dir, 'secretaria.db'));
    db = openDb({ dataDir: dir });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-files-'));
  const storage = options.storage ?? localStorage(storageDir);
  await syncSearchIndexes(db, options.resources ?? resources);
  const app = await buildApp({
    db,
    tokenTtlHours: options.tokenTtlHours ?? 1,
    resetRateLimit: options.loginRateLimit ?? 1000,
    loginLimits: options.loginLimits ?? { perIp: 100_000, captchaAfter: 100_000 },
    corsOrigins: options.corsOrigins,
    trustProxy: options.trustProxy,
    resources: options.resources,
    staticDir: options.staticDir,
    smtpUrl: options.smtpUrl,
    mailDelivery: options.mailDelivery,
    publicRateLimit: options.publicRateLimit ?? 1000,
    appUrl: options.appUrl ?? 'http://escola.test',
    // Nothing leaves the machine: unless a test brings its own fake services, CEP lookups fail fast.
    cep: options.cep ?? { viaCepUrl: 'http://127.0.0.1:9', brasilApiUrl: 'http://127.0.0.1:9' },
    storage,
    // Tiny proof of work: the tests solve it in milliseconds.
    captcha: { cost: 1, counterMin: 1, counterMax: 20, ttlSeconds: 600 },
    payments: options.payments,
    // Off unless a test asks: a test's own heavy work (a PDF, a shared CPU) must not turn into a 503.
    pressure: options.pressure ?? { maxEventLoopDelayMs: 0 },
    timeouts: options.timeouts,
    notifyPollMs: options.notifyPollMs,
    push: options.push,
    encryptionKey: options.encryptionKey,
    nfse: options.nfse,
    jobs: options.jobs,
    reconcilePollMs: options.reconcilePollMs,
    reconcileAfterMs: options.reconcileAfterMs,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const sessions = new TokenStore(db, options.tokenTtlHours ?? 1);

  // As this project's screens call (src/api/http.ts): calendar dates as ISO. The original contract's client, which
  // asks nothing, is driven by tests/api/original-client.test.ts through rawRequest.
  const request: TestServer['request'] = (method, route, opts = {}) =>
    rawRequest(address, method, route, { ...opts, headers: { 'x-date-format': 'iso', ...opts.headers } });

  return {
    url: address,
    db,
    app,
    dialect,
    databaseUrl,
    storage,
    request,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const { status, body } = await request('POST', '/api/auth/login', { body: { email, password } });
      if (status !== 200) throw new Error(`login falhou: ${status} ${JSON.stringify(body)}`);
      return body.access_token as string;
    },
    async session(email = ADMIN.email) {
      const user = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      return sessions.issue(Number(user.id));
    },
    async close() {
      await app.close();
      await db.destroy();
      await cleanup();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * One HTTP request with the path sent exactly as written: `fetch` would resolve `/../` and `%2E%2E`
 * before sending, and a traversal test would then never reach the server with its dots.
 * Characters outside printable ASCII are percent-encoded (as UTF-8), as a browser does.
 */
export function rawRequest(
  base: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const path = route.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON (the SPA's HTML)
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs the same suite once per database. */
export function describeOnDatabases(
  name: string,
  suite: (dialect: DialectName) => void,
  options: { shuffle?: boolean; timeout?: number } = {},
): void {
  for (const dialect of databases()) describe(`${name} [${dialect}]`, options, () => suite(dialect));
}
