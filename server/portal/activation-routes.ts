import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isInviteCode, normalizeInviteCode } from '../../resources/invite-code';
import type { AreaContext } from '../area';
import { newPassword, type forgotLimits } from '../auth/password-reset';
import { DUMMY_HASH_PROMISE, hashPassword, HashSlots, verifyPassword } from '../auth/passwords';
import { dynamic, type Db } from '../db/connection';
import { parseOr422, validationError } from '../http/errors';
import { codeFailures, codeSubject } from './code-guesses';
import { codedInvitationOf, peekLink, takeInvitationById, takeLink } from './links';
import type { PortalSessions } from './sessions';

export const INVITE_INVALID = 'Este link de convite expirou ou já foi usado. Peça um novo à secretaria.';
export const CODE_WRONG = 'O e-mail ou o código de convite não confere. Confira a carta da secretaria.';
export const CODE_FORMAT = 'O código de convite tem 8 letras e algarismos, como na carta (por exemplo, 7K2M-9P4Q).';
export const CODE_SPENT =
  'Muitas tentativas com este código. Tente de novo daqui a uma hora ou peça um novo convite à secretaria.';
const ACTIVATED = 'Senha definida. Entre com o seu e-mail e a nova senha.';

const tokenField = z.string({ error: INVITE_INVALID }).min(20, INVITE_INVALID).max(200, INVITE_INVALID);
const tokenSchema = z.object({ token: tokenField, password: newPassword });
const codeSchema = z.object({
  email: z
    .string({ error: 'Campo obrigatório.' })
    .trim()
    .min(1, 'Campo obrigatório.')
    .max(190, 'E-mail deve ser válido.')
    .email('E-mail deve ser válido.'),
  code: z
    .string({ error: 'Campo obrigatório.' })
    .max(40, CODE_FORMAT)
    .transform(normalizeInviteCode)
    .refine(isInviteCode, CODE_FORMAT),
  password: newPassword,
});
/** Hashes at once per invitation and per address (server/auth/passwords.ts): a family never needs more. */
const SLOTS = { perCode: 2, perIp: 4 };

/** A portal account's new password: set (the account activated, for an invitation) and its sessions ended. */
export async function setPortalPassword(
  db: Db,
  sessions: PortalSessions,
  accountId: number,
  password: string,
  activate: boolean,
): Promise<void> {
  const now = new Date().toISOString();
  const hash = await hashPassword(password);
  await dynamic(db)
    .updateTable('portal_accounts')
    .set({ password_hash: hash, updated_at: now, ...(activate ? { activated_at: now } : {}) })
    .where('id', '=', accountId)
    .execute();
  // A new password ends the account's sessions, as the staff's does.
  await sessions.revokeAllOf(accountId);
}

/**
 * /portal/ativar's two calls: whether the link still works (said on opening, before any password is typed), and the
 * password set by the link, or by the e-mail and the one-time code of a printed letter. The code's guesses count in
 * the database (per address, with the sign-ins; per invitation, CODE_GUESSES), before the code is checked.
 */
export function registerActivationRoutes(
  app: FastifyInstance,
  ctx: AreaContext,
  sessions: PortalSessions,
  limits: ReturnType<typeof forgotLimits>,
): void {
  const { db } = ctx;
  const failures = codeFailures(db, ctx.settings.loginLimits);
  const slots = new HashSlots();
  const limited = { config: { public: true }, preHandler: limits.limiter([limits.ipKey]) };

  app.post('/portal/invitation', limited, async (request) => {
    const { token } = parseOr422(z.object({ token: tokenField }), request.body);
    const open = await peekLink(db, token, 'invite');
    if (!open) throw validationError({ token: [INVITE_INVALID] });
    // The link's holder may set the account's password: the e-mail they will sign in with is theirs to see.
    return { email: open.email };
  });

  /** The code path: counted, then checked against the invitation's slow hash (a dummy one for an unknown e-mail). */
  const byCode = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email: typed, code, password } = parseOr422(codeSchema, request.body);
    const email = typed.toLowerCase();
    const attempt = await failures.attempt(request.ip, codeSubject(email));
    if (attempt.ipRetryAfter) {
      const minutes = Math.ceil(attempt.ipRetryAfter / 60);
      return reply
        .status(429)
        .header('retry-after', String(attempt.ipRetryAfter))
        .send({ message: `Muitas tentativas a partir deste endereço. Tente novamente em ${minutes} min.` });
    }
    if (attempt.captchaRequired) {
      await failures.refund(request.ip);
      return reply.status(429).send({ message: CODE_SPENT });
    }
    const invitation = await codedInvitationOf(db, email);
    const stored = invitation?.codeHash ?? (await DUMMY_HASH_PROMISE);
    const checked = await slots.run(
      [
        { key: `code:${email}`, max: SLOTS.perCode },
        { key: `ip:${request.ip}`, max: SLOTS.perIp },
      ],
      () => verifyPassword(code, stored),
    );
    if (!checked) {
      await failures.refund(request.ip);
      return reply.status(429).header('retry-after', '1').send({ message: 'Aguarde um instante e tente novamente.' });
    }
    if (!invitation || !checked.value) {
      await failures.fail();
      throw validationError({ code: [CODE_WRONG] });
    }
    const accountId = await takeInvitationById(db, invitation.id);
    // Taken meanwhile by its link (or by the same code sent twice at once).
    if (accountId === undefined) throw validationError({ code: [INVITE_INVALID] });
    await failures.succeed(request.ip, codeSubject(email));
    await setPortalPassword(db, sessions, accountId, password, true);
    return { message: ACTIVATED };
  };

  app.post('/portal/activate', limited, async (request, reply) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    if (body && typeof body === 'object' && 'code' in body && !('token' in body)) return byCode(request, reply);
    const { token, password } = parseOr422(tokenSchema, body);
    const accountId = await takeLink(db, token, 'invite');
    if (accountId === undefined) throw validationError({ token: [INVITE_INVALID] });
    await setPortalPassword(db, sessions, accountId, password, true);
    return { message: ACTIVATED };
  });
}
