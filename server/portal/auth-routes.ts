import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AreaContext } from '../area';
import { gateAttempt, PasswordCheck } from '../auth/attempt-gate';
import { LoginFailures } from '../auth/login-limits';
import {
  forgotLimits,
  forgotSchema,
  newPassword,
  RESET_INVALID,
  RESET_SENT,
  RESET_TTL_MS,
} from '../auth/password-reset';
import { loginSchema } from '../auth/routes';
import { dynamic } from '../db/connection';
import { parseOr422, validationError } from '../http/errors';
import { loadSettings } from '../school/routes';
import { registerActivationRoutes, setPortalPassword } from './activation-routes';
import { newLink, takeLink } from './links';
import { studentsOf } from './queries';
import type { PortalSessions } from './sessions';

const resetSchema = z
  .object({
    token: z.string({ error: RESET_INVALID }).min(20, RESET_INVALID).max(200, RESET_INVALID),
    password: newPassword,
    // Optional here (the portal's form asks once and shows the password); checked when sent.
    password_confirmation: z.string().optional(),
  })
  .refine((v) => v.password_confirmation === undefined || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'As senhas não coincidem.',
  });

/**
 * The family's door: the invitation's password (activation-routes.ts), sign-in (the staff's limits, captcha and
 * messages, counted apart from the staff's e-mails), sign-out, "Esqueceu a senha?" and the linked students.
 */
export function registerPortalAuthRoutes(app: FastifyInstance, ctx: AreaContext, sessions: PortalSessions): void {
  const { db } = ctx;
  const k = dynamic(db);
  const failures = new LoginFailures(db, ctx.settings.loginLimits);
  const passwords = new PasswordCheck();
  const limits = forgotLimits(app, ctx.settings.resetRateLimit);
  const { ipKey, emailKey, limiter } = limits;
  const base = ctx.settings.appUrl.replace(/\/$/, '');

  registerActivationRoutes(app, ctx, sessions, limits);

  app.post('/portal/login', { config: { public: true } }, async (request, reply) => {
    const credentials = parseOr422(loginSchema, request.body);
    const email = credentials.email.toLowerCase();
    // Counted under a subject of their own: a guardian's failures never ask a staff member with the e-mail a captcha.
    const counted = `portal:${email}`;
    const gate = await gateAttempt(reply, {
      failures,
      captcha: ctx.captcha,
      ip: request.ip,
      email: counted,
      altcha: credentials.altcha,
    });
    if ('refused' in gate) return gate.refused;
    const account = await k
      .selectFrom('portal_accounts')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .where('revoked_at', 'is', null)
      .where('activated_at', 'is not', null)
      .executeTakeFirst();
    // Unknown, revoked, not yet activated and wrong password: the same time, the same answer, the same count.
    const matched = await passwords.run(reply, {
      failures,
      ip: request.ip,
      email,
      password: credentials.password,
      stored: account?.password_hash ? String(account.password_hash) : null,
      attempt: gate.attempt,
      rehash: (hash, old) =>
        k
          .updateTable('portal_accounts')
          .set({ password_hash: hash })
          .where('email', '=', email)
          .where('password_hash', '=', old)
          .execute(),
    });
    if (matched !== true) return matched;
    if (!account) return reply; // never: only a stored hash matches
    await failures.succeed(request.ip, counted);
    const id = Number(account.id);
    await k
      .updateTable('portal_accounts')
      .set({ last_login_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const token = await sessions.issue(id);
    const signedIn = (await sessions.resolve(token))!;
    return { token, account: { id, name: signedIn.name, email: signedIn.email } };
  });

  app.post('/portal/logout', { config: { portal: true } }, async (request, reply) => {
    await sessions.revoke(request.token!);
    return reply.status(204).send();
  });

  /** The link and its e-mail, after the answer: an existing e-mail must not answer slower than an unknown one. */
  const sendReset = async (email: string) => {
    const account = await k
      .selectFrom('portal_accounts')
      .select('id')
      .where('email', '=', email)
      .where('revoked_at', 'is', null)
      .where('activated_at', 'is not', null)
      .executeTakeFirst();
    if (!account) return;
    const { token } = await newLink(db, Number(account.id), 'reset', RESET_TTL_MS);
    const school = (await loadSettings(db)).school_name;
    const link = `${base}/portal/redefinir-senha?token=${token}`;
    const text =
      `Olá!\n\nRecebemos um pedido para redefinir a sua senha do Portal das famílias de ${school}. Para criar uma ` +
      `nova senha, abra o link abaixo (ele vale por 1 hora e só pode ser usado uma vez):\n\n${link}\n\n` +
      `Se você não pediu, ignore este e-mail: a sua senha continua a mesma.\n\n${school}\n`;
    await ctx.mailer.send({ to: email, subject: `${school}: redefinição de senha do portal`, text, secrets: [token] });
  };

  app.post(
    '/portal/forgot-password',
    { config: { public: true }, preHandler: limiter([ipKey, emailKey]) },
    async (request) => {
      const email = parseOr422(forgotSchema, request.body).email.toLowerCase();
      void sendReset(email).catch((error: unknown) => request.log.error({ err: error }, 'portal reset link failed'));
      return { message: RESET_SENT };
    },
  );

  app.post('/portal/reset-password', { config: { public: true }, preHandler: limiter([ipKey]) }, async (request) => {
    const { token, password } = parseOr422(resetSchema, request.body);
    const accountId = await takeLink(db, token, 'reset');
    if (accountId === undefined) throw validationError({ token: [RESET_INVALID] });
    await setPortalPassword(db, sessions, accountId, password, false);
    return { message: 'Senha redefinida com sucesso! Entre com a nova senha.' };
  });

  app.get('/portal/me', { config: { portal: true } }, async (request) => {
    const account = request.portalAccount!;
    return {
      account: { id: account.id, name: account.name, email: account.email },
      students: await studentsOf(db, account),
    };
  });
}
