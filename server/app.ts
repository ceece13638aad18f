import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { resources as allResources, type ResourceConfig } from '../resources';
import { installAuthGuard } from './auth/routes';
import { installReachGuard } from './teams/reach';
import { portalSessions } from './portal/sessions';
import { TokenStore } from './auth/tokens';
import type { AreaContext } from './area';
import { areas } from './areas';
import { composeHooks } from './crud/hooks';
import { assertConfigConsistent, registerResourceRoutes } from './crud/routes';
import type { Db } from './db/connection';
import { frameworkErrors, installErrorHandler } from './http/errors';
import { lastValueQuery } from './http/querystring';
import { registerMultipart } from './http/multipart';
import { refuseControlCharacters } from './http/control-characters';
import type { PushSettings } from './push/delivery';
import { createMailer } from './mail/mailer';
import { JobRunner, type RunnerOptions } from './jobs/runner';
import type { DeliveryOptions } from './mail/delivery';
import { Captcha, sharedSecret, type CaptchaOptions } from './public/captcha';
import { mercadoPago } from './payments/mercadopago';
import type { PaymentsOptions } from './payments/routes';
import { sandboxProvider } from './payments/sandbox';
import type { NfseOptions } from './invoices/index';
import { loadSettings } from './school/routes';
import { localStorage, type Storage } from './storage/storage';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/login-limits';
import { registerSecurity } from './security/headers';
import { registerLoadShedding, type PressureOptions } from './http/load';
import { paceRequests } from './http/turns';
import { OneLinePerRequest } from './http/request-log';
import { fastifyTrustProxy, type TrustProxy } from './http/trust-proxy';
import { timeoutOptions, type Timeouts } from './http/timeouts';
import { acceptDeclaredBodies } from './http/bodies';
import { parseJsonStrictly } from './http/utf8';
import { installIdempotency } from './http/idempotency';

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  /** Its `config.access` (a permission key or 'signed-in'); none: refused to everyone. */
  access?: string;
  /** Its `config.reach`: the params naming a team or a student, out of a teacher's reach unless theirs. */
  reach?: Record<string, string>;
  /** Its `config.portal`: a family portal route, opened by a portal session only. */
  portal: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api, for the test that proves each private one needs a token. */
    apiRoutes: RouteInfo[];
    /** The background work of this instance (server/jobs). */
    jobs: JobRunner;
  }
}

export interface AppOptions {
  db: Db;
  tokenTtlHours: number;
  /** Failed sign-ins per address and per e-mail (see auth/login-limits.ts). */
  loginLimits?: Partial<LoginLimits>;
  /** Forgot/reset-password requests per 15 minutes, per IP and per e-mail. */
  resetRateLimit?: number;
  /** Other origins allowed to call the API from a browser (CORS); none by default. */
  corsOrigins?: string[];
  /** Whose X-Forwarded-For to believe (see http/trust-proxy.ts); nobody's by default. */
  trustProxy?: TrustProxy;
  /** Directory of the built SPA; served with history fallback when it exists. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The resource configs to serve; all of the product's by default (tests add their own). */
  resources?: ResourceConfig[];
  smtpUrl?: string;
  mailFrom?: string;
  /** Tries, waits and timeouts of the background mail delivery (see mail/delivery.ts). */
  mailDelivery?: Partial<DeliveryOptions>;
  appUrl?: string;
  /** How often families' e-mails are looked for (server/notifications); unset: never (tests sweep by hand). */
  notifyPollMs?: number;
  /** How often pending payments are reconciled with the provider (server/payments/reconcile.ts); unset: never. */
  reconcilePollMs?: number;
  /** How old a payment link must be before reconciliation asks the provider about it; default 2 hours. */
  reconcileAfterMs?: number;
  publicRateLimit?: number;
  /** The job runner (server/jobs): `pollMs` unset, no one-off job runs here (tests, unless they ask). */
  jobs?: Partial<Omit<RunnerOptions, 'log'>>;
  captcha?: CaptchaOptions;
  /**
   * Mercado Pago when an access token is given; the offline simulation only when `sandbox` is asked for
   * (never with an https appUrl); neither: the payment routes answer that payments are not configured.
   */
  payments?: {
    accessToken?: string;
    webhookSecret?: string;
    baseUrl?: string;
    timeoutMs?: number;
    retryDelayMs?: number;
    sandbox?: boolean;
  };
  /** Where files live (photos, contracts, documents). */
  storage?: Storage;
  /** Base URLs of the postal-code services, in the order they are asked. */
  cep?: { viaCepUrl: string; brasilApiUrl: string };
  /** Web Push (server/push) when a VAPID pair is given; off otherwise. */
  push?: PushSettings;
  /** Seals the secrets background work keeps in the database (server/secrets); unset: they stay in memory. */
  encryptionKey?: Buffer;
  /** Where the NFS-e goes (NFSE_SEFIN_URL) and, in tests, the fake's CA; unset: Sefin Nacional itself. */
  nfse?: NfseOptions;
  /** When to refuse new requests with a 503 rather than queue them (see http/load.ts). */
  pressure?: PressureOptions;
  /** How long a client may take to send a request (see http/timeouts.ts); tests shorten them. */
  timeouts?: Partial<Timeouts>;
}

function paymentsOf(options: AppOptions, appUrl: string): PaymentsOptions {
  const p = options.payments ?? {};
  if (p.accessToken) {
    const secret = p.webhookSecret ?? '';
    return {
      provider: mercadoPago({
        accessToken: p.accessToken,
        baseUrl: p.baseUrl ?? 'https://api.mercadopago.com',
        timeoutMs: p.timeoutMs,
        retryDelayMs: p.retryDelayMs,
      }),
      webhookSecret: async () => secret,
    };
  }
  if (!p.sandbox) return { provider: null, webhookSecret: async () => '' };
  // Checked here too, not only in the configuration: a published school never gets simulated payments.
  if (appUrl.startsWith('https:'))
    throw new Error('A simulação de pagamentos (PAYMENTS_SANDBOX) não pode ser usada com um APP_URL https.');
  const merchant = async () => {
    const school = await loadSettings(options.db);
    return {
      name: school.school_name,
      city: (school.city ?? 'Brasil').split(/\s+-\s+/)[0],
      pixKey: school.email ?? 'secretaria@escola.invalid',
    };
  };
  return {
    provider: sandboxProvider(options.db, { appUrl, merchant }),
    // The sandbox signs its notifications with a secret of its own, shared by every instance.
    webhookSecret: () =>
      p.webhookSecret ? Promise.resolve(p.webhookSecret) : sharedSecret(options.db, 'sandbox-webhook'),
  };
}

/**
 * The installable apps' files (issue 36): the service worker and the manifests are asked again at every visit
 * (`no-cache`: a stale /sw.js would hold a school on an old version for a day), and a manifest is named as one.
 */
function installableAppHeaders(reply: FastifyReply, filePath: string) {
  const file = path.basename(filePath);
  if (file === 'sw.js' || file.endsWith('.webmanifest')) reply.header('cache-control', 'no-cache');
  // A built chunk's name carries its content's hash: a phone without the service worker keeps it for a year.
  else if (/[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(js|css)(\.(br|gz))?$/.test(filePath)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  }
  if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(options.timeouts),
    logController: new OneLinePerRequest(),
    routerOptions: { ignoreTrailingSlash: true, querystringParser: lastValueQuery },
    frameworkErrors,
  });
  const apiRoutes: RouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        access: route.config?.access,
        reach: route.config?.reach,
        portal: Boolean(route.config?.portal),
      });
    }
  });

  // Started once the server listens; at close it waits (within its grace) for the work in progress.
  const jobs = new JobRunner(options.db, { ...options.jobs, log: app.log });
  app.decorate('jobs', jobs);
  // Once listening: a second process started in this one's slot (jobs/lease.ts) fails to listen before it would
  // release the leases of the one alive.
  app.addHook('onListen', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  await registerLoadShedding(app, options.pressure);
  paceRequests(app);

  const appUrl = options.appUrl ?? 'http://localhost:8080';
  await registerSecurity(app, { appUrl, corsOrigins: options.corsOrigins ?? [] });
  await app.register(rateLimit, { global: false });
  await registerMultipart(app);

  const tokens = new TokenStore(options.db, options.tokenTtlHours);
  const resources = options.resources ?? allResources;
  for (const config of resources) assertConfigConsistent(config);

  await app.register(
    async (api) => {
      installErrorHandler(api);
      parseJsonStrictly(api);
      refuseControlCharacters(api);
      installAuthGuard(api, tokens, portalSessions(options.db, options.tokenTtlHours));
      installReachGuard(api, options.db, resources);
      acceptDeclaredBodies(api);
      installIdempotency(api, options.db);
      const ctx: AreaContext = {
        db: options.db,
        storage: options.storage ?? localStorage(path.join(os.tmpdir(), 'secretaria-storage')),
        mailer: createMailer(options.db, {
          smtpUrl: options.smtpUrl,
          from: options.mailFrom ?? 'Secretaria <nao-responda@secretaria.local>',
          delivery: options.mailDelivery,
          log: app.log,
          jobs,
        }),
        tokens,
        captcha: new Captcha(options.db, options.captcha),
        payments: paymentsOf(options, appUrl),
        push: options.push,
        encryptionKey: options.encryptionKey,
        nfse: options.nfse,
        jobs,
        resources,
        settings: {
          loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits },
          resetRateLimit: options.resetRateLimit ?? 20,
          publicRateLimit: options.publicRateLimit ?? 30,
          appUrl,
          notifyPollMs: options.notifyPollMs,
          reconcilePollMs: options.reconcilePollMs,
          reconcileAfterMs: options.reconcileAfterMs,
          cep: options.cep ?? { viaCepUrl: 'https://viacep.com.br', brasilApiUrl: 'https://brasilapi.com.br' },
        },
      };
      // The delivery loop stops, and an SMTP pool (`?pool=true` in SMTP_URL) keeps sockets open: they must not outlive
      // the server.
      api.addHook('onClose', async () => ctx.mailer.close());
      for (const area of areas) area.routes?.(api, ctx);
      const hooksOf = (name: string) =>
        composeHooks(areas.map((a) => a.hooks?.(ctx)[name]).filter((h) => h !== undefined));
      for (const config of resources) {
        const dependents = areas.flatMap((a) => a.dependents?.[config.name] ?? []);
        registerResourceRoutes(api, options.db, config, resources, ctx.storage, hooksOf(config.name), dependents);
      }
    },
    { prefix: '/api' },
  );

  const staticDir = options.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    // Source maps stay on the server (for reading a stack trace), never served to visitors.
    const isSourceMap = (url: string) => /\.map(?:$|\?)/.test(url);
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !isSourceMap(pathName),
      // The .br/.gz twins written by the build (vite.config.ts): a phone on 3G downloads a quarter of the bytes.
      preCompressed: true,
      setHeaders: installableAppHeaders,
    });
    // History routing: every non-/api path is the SPA, which shows its own "Página não encontrada!".
    app.setNotFoundHandler((request, reply) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || isSourceMap(request.url)) {
        return reply.status(404).send({ message: 'Rota não encontrada.' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: 'Rota não encontrada.' }));
  }
  return app;
}
