import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { resources as allResources, type ResourceConfig } from '../resources';
import { registerAuthRoutes, installAuthGuard } from './auth/routes';
import { TokenStore } from './auth/tokens';
import { assertConfigConsistent, registerResourceRoutes } from './crud/routes';
import { resourceHooks, tableDependents } from './crud/extensions';
import type { Db } from './db/connection';
import { installErrorHandler } from './http/errors';
import { lastValueQuery } from './http/querystring';
import { registerMultipart } from './http/multipart';
import { refuseControlCharacters } from './http/control-characters';
import { registerSchoolRoutes } from './school/routes';
import { registerGridRoutes } from './grids/routes';
import { registerPasswordReset } from './auth/password-reset';
import { registerIndicatorRoutes } from './indicators/routes';
import { createMailer } from './mail/mailer';
import { Captcha, type CaptchaOptions } from './public/captcha';
import { registerPublicRoutes } from './public/routes';
import { registerTeamRoutes } from './teams/routes';
import { registerStudentRoutes } from './students/routes';
import { brasilApi, CepLookup, viaCep } from './cep/lookup';
import { registerCepRoutes } from './cep/routes';
import { localStorage, type Storage } from './storage/storage';
import { registerPhotoRoutes } from './students/photo';
import { registerDocumentRoutes } from './documents/routes';
import { registerContractRoutes } from './contracts/routes';
import { registerSettingsRoutes } from './school/settings';

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api, for the test that proves each private one needs a token. */
    apiRoutes: RouteInfo[];
  }
}

export interface AppOptions {
  db: Db;
  tokenTtlHours: number;
  loginRateLimit: number;
  trustProxy?: boolean;
  /** Directory of the built SPA; served with history fallback when it exists. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The resource configs to serve; all of the product's by default (tests add their own). */
  resources?: ResourceConfig[];
  smtpUrl?: string;
  mailFrom?: string;
  appUrl?: string;
  publicRateLimit?: number;
  captcha?: CaptchaOptions;
  /** Where files live (photos, contracts, documents). */
  storage?: Storage;
  /** Base URLs of the postal-code services, in the order they are asked. */
  cep?: { viaCepUrl: string; brasilApiUrl: string };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: lastValueQuery },
  });
  const apiRoutes: RouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url, public: Boolean(route.config?.public) });
    }
  });

  await app.register(rateLimit, { global: false });
  await registerMultipart(app);

  const tokens = new TokenStore(options.db, options.tokenTtlHours);
  const resources = options.resources ?? allResources;
  for (const config of resources) assertConfigConsistent(config);

  await app.register(
    async (api) => {
      installErrorHandler(api);
      refuseControlCharacters(api);
      installAuthGuard(api, tokens);
      registerAuthRoutes(api, options.db, { tokens, loginRateLimit: options.loginRateLimit, resources });
      registerSchoolRoutes(api, options.db);
      const mailer = createMailer(options.db, { smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'Secretaria <nao-responda@secretaria.local>' });
      const publicRateLimit = options.publicRateLimit ?? 30;
      registerPublicRoutes(api, options.db, { captcha: new Captcha(options.db, options.captcha), mailer, rateLimit: publicRateLimit });
      registerPasswordReset(api, options.db, { mailer, tokens, appUrl: options.appUrl ?? 'http://localhost:8080', rateLimit: options.loginRateLimit });
      registerIndicatorRoutes(api, options.db);
      registerGridRoutes(api, options.db);
      const cep = options.cep ?? { viaCepUrl: 'https://viacep.com.br', brasilApiUrl: 'https://brasilapi.com.br' };
      registerCepRoutes(api, new CepLookup([viaCep(cep.viaCepUrl), brasilApi(cep.brasilApiUrl)]));
      registerTeamRoutes(api, options.db);
      const storage = options.storage ?? localStorage(path.join(os.tmpdir(), 'secretaria-storage'));
      registerPhotoRoutes(api, options.db, storage);
      registerDocumentRoutes(api, options.db, storage);
      registerStudentRoutes(api, options.db, storage);
      registerContractRoutes(api, options.db, storage);
      registerSettingsRoutes(api, options.db);
      const hooks = resourceHooks(options.db);
      for (const config of resources) {
        registerResourceRoutes(api, options.db, config, resources, storage, hooks[config.name], tableDependents[config.name]);
      }
    },
    { prefix: '/api' },
  );

  const staticDir = options.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
    // History routing: every non-/api path is the SPA, which shows its own "Página não encontrada!".
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Rota não encontrada.' });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: 'Rota não encontrada.' }));
  }
  return app;
}
