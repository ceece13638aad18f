import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceConfig } from '../../resources';
import type { Db } from '../db/connection';
import { ApiError, parseOr422, unauthorized } from '../http/errors';
import { buildMenu } from './menu';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';
import { bearerToken, TokenStore, type SessionUser } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    token?: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (public site, login, payment webhooks). */
    public?: boolean;
  }
}

const FAILED = 'E-mail ou senha não correspondem.';

const loginSchema = z.object({
  email: z.string({ error: 'Campo obrigatório.' }).trim().min(1, 'Campo obrigatório.').email('E-mail deve ser válido.'),
  password: z.string({ error: 'Campo obrigatório.' }).min(1, 'Campo obrigatório.'),
});

function emailKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return `login-email:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
}

export interface AuthOptions {
  tokens: TokenStore;
  loginRateLimit: number;
  resources: ResourceConfig[];
}

/** Every route answers 401 without a valid bearer token unless its config says `public: true`. */
export function installAuthGuard(app: FastifyInstance, tokens: TokenStore): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Unknown paths fall through to the 404 handler, which has no route config.
    if (!request.routeOptions.url) return;
    const token = bearerToken(request.headers.authorization);
    const user = token ? await tokens.resolve(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
    request.token = token;
  });
}

export function registerAuthRoutes(app: FastifyInstance, db: Db, options: AuthOptions): void {
  const { tokens } = options;
  // Two independent limits (per IP and per e-mail); the plugin's own hook runs only once per request.
  const limits = [(r: FastifyRequest) => `login-ip:${r.ip}`, emailKey].map((keyGenerator) =>
    app.createRateLimit({ max: options.loginRateLimit, timeWindow: '15 minutes', keyGenerator }),
  );
  const limitLogin = async (request: FastifyRequest) => {
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) throw new ApiError(429, 'Muitas tentativas. Aguarde um pouco e tente novamente.');
    }
  };

  app.post(
    '/auth/login',
    {
      config: { public: true },
      preHandler: limitLogin,
    },
    async (request) => {
      const credentials = parseOr422(loginSchema, request.body);
      const email = credentials.email.toLowerCase();
      const user = await db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      // Unknown e-mail and wrong password take the same time and get the same answer.
      const ok = await verifyPassword(credentials.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!user || !ok) throw new ApiError(401, FAILED);
      const access_token = await tokens.issue(Number(user.id));
      return { access_token, token_type: 'Bearer', menu: buildMenu(options.resources), user: { id: Number(user.id), name: user.name, email: user.email } };
    },
  );

  app.post('/auth/me', async (request) => {
    const user = request.user!;
    return { id: user.id, name: user.name, email: user.email };
  });

  app.post('/auth/logout', async (request) => {
    await tokens.revoke(request.token!);
    return { message: 'Sessão encerrada.' };
  });
}
