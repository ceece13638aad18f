import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceConfig } from '../../resources';
import type { Db } from '../db/connection';
import { ApiError, parseOr422, unauthorized } from '../http/errors';
import { forbiddenMessage, SIGNED_IN } from '../../resources/permissions';
import type { Captcha } from '../public/captcha';
import { LoginFailures, type LoginLimits } from './login-limits';
import { buildMenu } from './menu';
import { DUMMY_HASH_PROMISE, HashSlots, verifyPassword } from './passwords';
import { bearerToken, loadRole, TokenStore, type SessionUser } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
    token?: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (public site, login, payment webhooks). */
    public?: boolean;
    /**
     * Who else may call it: 'signed-in' (any signed-in user) or a permission key of the catalogue
     * (issue 24: roles and permissions), which the caller's role must hold.
     */
    access?: string;
  }
}

const FAILED = 'E-mail ou senha não correspondem.';
const CAPTCHA_NEEDED = 'Muitas tentativas com este e-mail. Resolva a verificação humana e entre novamente.';
const BUSY = 'Muitas tentativas de login ao mesmo tempo. Aguarde um instante e tente novamente.';
/** Password hashes at once per e-mail and per address (see HashSlots): a person, or an office, never needs more. */
const HASHES_PER_EMAIL = 2;
const HASHES_PER_IP = 4;

const loginSchema = z.object({
  // 190: the longest e-mail a user can have; it also keeps the failure counter's key in its column.
  email: z
    .string({ error: 'Campo obrigatório.' })
    .trim()
    .min(1, 'Campo obrigatório.')
    .max(190, 'E-mail deve ser válido.')
    .email('E-mail deve ser válido.'),
  password: z.string({ error: 'Campo obrigatório.' }).min(1, 'Campo obrigatório.'),
  /** The ALTCHA payload, once the e-mail has had too many failures. */
  altcha: z.string().max(10_000).optional(),
});

export interface AuthOptions {
  tokens: TokenStore;
  limits: LoginLimits;
  captcha: Captcha;
  resources: ResourceConfig[];
}

function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} s` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `Muitas tentativas de login a partir deste endereço. Tente novamente em ${wait}.`;
}

/**
 * The original client of this API reads a failed sign-in's text under `error`: every refusal of the
 * login (401, 422, 429, a body that is not JSON) carries it under both names.
 */
async function withErrorField(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 300 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
    const { message } = body as { message?: unknown };
    if (typeof message !== 'string') return payload;
    return JSON.stringify({ ...body, error: message });
  } catch {
    return payload;
  }
}

/**
 * May this user call a route that declares `access`? A route that declares nothing is refused to everyone
 * (route-guard's test names it): forgetting the declaration must not open a route.
 */
export function mayAccess(user: SessionUser, access: string | undefined): boolean {
  if (access === SIGNED_IN) return true;
  return access !== undefined && user.permissions.includes(access);
}

/**
 * Every route answers 401 without a valid bearer token unless its config says `public: true`, and 403 when the
 * caller's role lacks the permission of its `access`.
 */
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
    const access = request.routeOptions.config?.access;
    if (!mayAccess(user, access)) throw new ApiError(403, forbiddenMessage(access ?? ''));
  });
}

export function registerAuthRoutes(app: FastifyInstance, db: Db, options: AuthOptions): void {
  const { tokens } = options;
  const failures = new LoginFailures(db, options.limits);
  const hashSlots = new HashSlots();

  app.post('/auth/login', { config: { public: true }, onSend: withErrorField }, async (request, reply) => {
    const credentials = parseOr422(loginSchema, request.body);
    const email = credentials.email.toLowerCase();
    // Counted before the password is checked: a burst sent at once cannot outrun the counters.
    const attempt = await failures.attempt(request.ip, email);
    if (attempt.ipRetryAfter) {
      return reply
        .status(429)
        .header('retry-after', String(attempt.ipRetryAfter))
        .send({ message: waitMessage(attempt.ipRetryAfter), retry_after: attempt.ipRetryAfter });
    }
    if (attempt.captchaRequired) {
      // Checked before the password, so that a guess without a solution learns nothing.
      const refused = await options.captcha.check(credentials.altcha);
      if (refused) {
        await failures.refund(request.ip);
        return reply.status(429).send({ message: credentials.altcha ? refused : CAPTCHA_NEEDED, captcha: true });
      }
    }
    const user = await db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    // Unknown e-mail and wrong password take the same time, get the same answer and count the same.
    const stored = user?.password_hash ?? (await DUMMY_HASH_PROMISE);
    const checked = await hashSlots.run(
      [
        { key: `email:${email}`, max: HASHES_PER_EMAIL },
        { key: `ip:${request.ip}`, max: HASHES_PER_IP },
      ],
      () => verifyPassword(credentials.password, stored),
    );
    if (!checked) {
      await failures.refund(request.ip);
      return reply.status(429).header('retry-after', '1').send({ message: BUSY, retry_after: 1 });
    }
    if (!user || !checked.value) {
      await failures.fail();
      return reply.status(401).send(attempt.captchaNext ? { message: FAILED, captcha: true } : { message: FAILED });
    }
    await failures.succeed(request.ip, email);
    const access_token = await tokens.issue(Number(user.id));
    const role = await loadRole(db, user.role_id === null ? null : Number(user.role_id));
    return {
      access_token,
      token_type: 'Bearer',
      menu: buildMenu(options.resources, role.permissions),
      user: { id: Number(user.id), name: user.name, email: user.email },
      ...role,
    };
  });

  app.post('/auth/me', { config: { access: SIGNED_IN } }, async (request) => {
    const user = request.user!;
    return { id: user.id, name: user.name, email: user.email, role: user.role, permissions: user.permissions };
  });

  app.post('/auth/logout', { config: { access: SIGNED_IN } }, async (request) => {
    await tokens.revoke(request.token!);
    return { message: 'Sessão encerrada.' };
  });
}
