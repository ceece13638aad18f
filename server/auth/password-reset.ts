import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { ApiError, parseOr422, validationError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { hashPassword } from './passwords';
import type { TokenStore } from './tokens';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

export const RESET_SENT =
  'Se o e-mail estiver cadastrado, enviamos um link para redefinir a senha. Ele vale por 1 hora.';
export const RESET_INVALID = 'Este link de redefinição é inválido ou expirou. Peça um novo em "Esqueceu a senha?".';
export const RESET_TTL_MS = 3600_000;

/** The staff's password rules, for every password a person chooses (staff and family portal alike). */
export const newPassword = z
  .string({ error: 'Campo obrigatório.' })
  .min(8, 'A senha deve ter pelo menos 8 caracteres.')
  .max(128, 'A senha pode ter no máximo 128 caracteres.');

export const forgotSchema = z.object({
  email: z.string({ error: 'Campo obrigatório.' }).trim().min(1, 'Campo obrigatório.').email('E-mail deve ser válido.'),
});

/** A new password typed twice: the fields, and the check that the second matches (`.refine(...matching)`). */
export const newPasswordFields = {
  password: newPassword,
  password_confirmation: z.string({ error: 'Campo obrigatório.' }),
};
export const matching: [
  (v: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; error: string },
] = [
  (v) => v.password === v.password_confirmation,
  { path: ['password_confirmation'], error: 'As senhas não coincidem.' },
];

const resetSchema = z
  .object({
    token: z.string({ error: RESET_INVALID }).min(20, RESET_INVALID).max(200, RESET_INVALID),
    ...newPasswordFields,
  })
  .refine(...matching);

/** After a password changed (`k` may be a transaction's): the links sent before it would undo it. */
export async function voidResetLinks(k: ReturnType<typeof dynamic>, userId: number, at: string): Promise<void> {
  await k
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export interface PasswordResetOptions {
  mailer: Mailer;
  tokens: TokenStore;
  appUrl: string;
  rateLimit: number;
}

/**
 * The limits of "Esqueceu a senha?" (per address, and per e-mail as it is looked up), shared by the staff's and the
 * family portal's: `limiter(keys)` is a preHandler answering 429 past `rateLimit` requests in 15 minutes.
 */
export function forgotLimits(app: FastifyInstance, rateLimit: number) {
  // Keyed on the e-mail as it is looked up (trimmed, lower case): padded variants of one address share its limit.
  const emailKey = (r: FastifyRequest) => {
    const email = (r.body as { email?: unknown } | undefined)?.email;
    return `forgot-email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
  };
  const ipKey = (r: FastifyRequest) => `forgot-ip:${r.ip}`;
  const limiter = (keys: ((r: FastifyRequest) => string)[]) => {
    const checks = keys.map((keyGenerator) =>
      app.createRateLimit({ max: rateLimit, timeWindow: '15 minutes', keyGenerator }),
    );
    return async (request: FastifyRequest) => {
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded)
          throw new ApiError(429, 'Muitas tentativas. Aguarde um pouco e tente novamente.');
      }
    };
  };

  return { ipKey, emailKey, limiter };
}

/** "Esqueceu a senha?": a single-use link valid for one hour; a new password ends every session. */
export function registerPasswordReset(app: FastifyInstance, db: Db, options: PasswordResetOptions): void {
  const k = dynamic(db);
  const { ipKey, emailKey, limiter } = forgotLimits(app, options.rateLimit);

  /** The link and its e-mail, after the answer: an existing e-mail must not answer slower than an unknown one. */
  const sendLink = async (email: string) => {
    // A system user (the payment provider's) gets no link: it never signs in, and the answer is the same.
    const user = await k
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', email)
      .where('is_system', '=', 0)
      .executeTakeFirst();
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    // Links that ran out go here, when a new one is made, so the table never only grows.
    await k.deleteFrom('password_resets').where('expires_at', '<=', new Date(now).toISOString()).execute();
    await k
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        expires_at: new Date(now + RESET_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const link = `${options.appUrl.replace(/\/$/, '')}/redefinir-senha?token=${token}`;
    const text = `Olá, ${user.name}!\n\nRecebemos um pedido para redefinir a sua senha da Secretaria. Para criar uma nova senha, abra o link abaixo (ele vale por 1 hora e só pode ser usado uma vez):\n\n${link}\n\nSe você não pediu, ignore este e-mail: a sua senha continua a mesma.\n`;
    await options.mailer.send({ to: email, subject: 'Redefinição de senha', text, secrets: [token] });
  };

  app.post(
    '/forgot-password',
    { config: { public: true }, preHandler: limiter([ipKey, emailKey]) },
    async (request) => {
      const email = parseOr422(forgotSchema, request.body).email.toLowerCase();
      void sendLink(email).catch((error: unknown) => request.log.error({ err: error }, 'reset link failed'));
      // The same answer, at once, whether or not the e-mail exists.
      return { message: RESET_SENT };
    },
  );

  app.post('/reset-password', { config: { public: true }, preHandler: limiter([ipKey]) }, async (request) => {
    const { token, password } = parseOr422(resetSchema, request.body);
    // A link of a system user (one sent before they were refused links) is as invalid as any other.
    const reset = await k
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.user_id'])
      .where('r.token_hash', '=', sha256(token))
      .where('r.used_at', 'is', null)
      .where('r.expires_at', '>', new Date().toISOString())
      .where('u.is_system', '=', 0)
      .executeTakeFirst();
    if (!reset) throw validationError({ token: [RESET_INVALID] });
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(password);
    await k.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', reset.user_id)
        .execute();
      await voidResetLinks(trx, Number(reset.user_id), now);
    });
    await options.tokens.revokeAllOf(Number(reset.user_id));
    return { message: 'Senha redefinida com sucesso! Entre com a nova senha.' };
  });
}
