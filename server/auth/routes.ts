import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceConfig } from '../../resources';
import type { Db } from '../db/connection';
import { ApiError, parseOr422, unauthorized } from '../http/errors';
import { forbiddenMessage, SIGNED_IN, TEACHER_ROLE } from '../../resources/permissions';
import type { Captcha } from '../public/captcha';
import { registerAccountRoutes } from './account-routes';
import { gateAttempt, PasswordCheck } from './attempt-gate';
import { LoginFailures, type LoginLimits } from './login-limits';
import { buildMenu } from './menu';
import { bearerToken, loadRole, TokenStore, type SessionUser } from './tokens';
import { registerTwoStepRoutes } from './two-step-routes';
import type { PortalSessions } from '../portal/sessions';

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

export const loginSchema = z.object({
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
 * caller's role lacks the permission of its `access`. A `portal: true` route wants a family portal session instead.
 */
export function installAuthGuard(app: FastifyInstance, tokens: TokenStore, portal: PortalSessions): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    // Unknown paths fall through to the 404 handler, which has no route config.
    if (!request.routeOptions.url) return;
    const token = bearerToken(request.headers.authorization);
    // The family portal's routes take only a portal session, and a portal session opens nothing else (issue 26).
    if (request.routeOptions.config?.portal) {
      const account = token ? await portal.resolve(token) : undefined;
      if (!account) throw unauthorized();
      request.portalAccount = account;
      request.token = token;
      return;
    }
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
  const passwords = new PasswordCheck();
  /** The answer of a complete sign-in: after the password, or after the second step's code. */
  // The login answer, after the password (and the authenticator's code, when the user has one): the role and
  // its permissions beside the original shape, and only the menu entries the role may open.
  const signedIn = async (user: { id: number; name: string; email: string }) => {
    const row = await db.kysely
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', Number(user.id))
      .executeTakeFirst();
    const role = await loadRole(db, row?.role_id == null ? null : Number(row.role_id));
    const access_token = await tokens.issue(Number(user.id));
    return {
      access_token,
      token_type: 'Bearer',
      menu: buildMenu(options.resources, role.permissions, role.role?.key === TEACHER_ROLE),
      user: { id: Number(user.id), name: user.name, email: user.email },
      ...role,
    };
  };
  registerAccountRoutes(app, db, { tokens, failures, resources: options.resources });
  const twoStep = registerTwoStepRoutes(app, db, {
    failures,
    captcha: options.captcha,
    signedIn,
    onSend: withErrorField,
  });

  app.post('/auth/login', { config: { public: true }, onSend: withErrorField }, async (request, reply) => {
    const credentials = parseOr422(loginSchema, request.body);
    const email = credentials.email.toLowerCase();
    // Counted before the password is checked: a burst sent at once cannot outrun the counters.
    const gate = await gateAttempt(reply, {
      failures,
      captcha: options.captcha,
      ip: request.ip,
      email,
      altcha: credentials.altcha,
    });
    if ('refused' in gate) return gate.refused;
    const { attempt } = gate;
    // A system user (the payment provider's) is looked up as an unknown e-mail: the same answer, time and count.
    const user = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .where('is_system', '=', 0)
      .executeTakeFirst();
    const matched = await passwords.run(reply, {
      failures,
      ip: request.ip,
      email,
      password: credentials.password,
      stored: user?.password_hash,
      attempt,
      rehash: (hash, old) =>
        db.kysely
          .updateTable('users')
          .set({ password_hash: hash })
          .where('email', '=', email)
          .where('password_hash', '=', old)
          .execute(),
    });
    if (matched !== true) return matched;
    if (!user) return reply; // never: only a stored hash matches
    // Issue 24: the authenticator's code (or its set-up, when the school requires it) before any session.
    const second = await twoStep.afterPassword(user, request.ip, email);
    if (second) return second;
    await failures.succeed(request.ip, email);
    return signedIn(user);
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
