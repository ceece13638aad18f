import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { dynamic, type Db } from '../db/connection';
import { exclusively } from '../db/lock';
import { inTransaction } from '../db/transaction';
import { ApiError, validationError } from '../http/errors';
import { maskEmail } from '../portal/accounts';
import type { SignatureContext, SignatureSubject, Signer } from './index';

export const CODE_TTL_MS = 15 * 60 * 1000;
/** Codes per subject and signer per hour. */
export const CODES_PER_HOUR = 5;
/** Wrong codes before the code is spent. */
export const MAX_ATTEMPTS = 5;

export const TOO_MANY_CODES = 'Muitos códigos pedidos para esta assinatura. Aguarde uma hora e peça novamente.';
export const WRONG_CODE = 'Código incorreto. Confira o código recebido por e-mail.';
export const NO_VALID_CODE = 'O código expirou ou já foi usado. Peça um novo código.';
export const TOO_MANY_ATTEMPTS = 'Tentativas esgotadas para este código. Peça um novo código.';
export const CODE_FORMAT = 'Informe o código de 6 dígitos recebido por e-mail.';

/** The stored form of a code: a random salt and the SHA-256 of salt and code — never the code itself. */
function hashCode(code: string, salt = randomBytes(8).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(':');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

const lockName = (s: SignatureSubject, signer: Signer) =>
  `signature-code:${s.purpose}:${s.subject_id}:${signer.kind}:${signer.id}`;

const ofSigner = (s: SignatureSubject, signer: Signer) =>
  ({ purpose: s.purpose, subject_id: s.subject_id, signer_kind: signer.kind, signer_id: signer.id }) as const;

/**
 * E-mails a 6-digit one-time code (valid 15 minutes, single use; a new one voids the earlier ones), at most
 * CODES_PER_HOUR per subject and signer (then 429). The outbox copy, which staff may read, has the code masked; the
 * row keeps the id of the message that carried it. Answers the address masked.
 */
export async function sendSignatureCode(
  ctx: SignatureContext,
  subject: SignatureSubject,
  signer: Signer,
): Promise<{ sent_to: string }> {
  const sentTo = maskEmail(signer.email);
  await exclusively(ctx.db, lockName(subject, signer), () =>
    inTransaction(ctx.db, async (tx) => {
      const k = dynamic(tx);
      const now = new Date();
      const hourAgo = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
      const where = ofSigner(subject, signer);
      const recent = await k
        .selectFrom('signature_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('purpose', '=', where.purpose)
        .where('subject_id', '=', where.subject_id)
        .where('signer_kind', '=', where.signer_kind)
        .where('signer_id', '=', where.signer_id)
        .where('created_at', '>', hourAgo)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= CODES_PER_HOUR) throw new ApiError(429, TOO_MANY_CODES);
      // Earlier codes expire now: only the last one e-mailed signs.
      await k
        .updateTable('signature_codes')
        .set({ expires_at: now.toISOString() })
        .where('purpose', '=', where.purpose)
        .where('subject_id', '=', where.subject_id)
        .where('signer_kind', '=', where.signer_kind)
        .where('signer_id', '=', where.signer_id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .execute();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expires = new Date(now.getTime() + CODE_TTL_MS);
      const row = await k
        .insertInto('signature_codes')
        .values({
          ...where,
          code_hash: hashCode(code),
          sent_to: sentTo,
          attempts: 0,
          created_at: now.toISOString(),
          expires_at: expires.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reference = `Referência da assinatura: ASS-${row.id}`;
      await ctx.mailer.send(
        {
          to: signer.email,
          subject: 'Código para assinatura eletrônica',
          text:
            `Olá, ${signer.name}.\n\nSeu código para assinar eletronicamente é: ${code}\n\n` +
            `Ele vale por 15 minutos e só pode ser usado uma vez. Não o repasse a ninguém: quem o digita assina ` +
            `em seu nome.\nSe você não pediu este código, ignore esta mensagem.\n\n${reference}\n`,
          secrets: [code],
        },
        tx,
      );
      // The message that carried the code, found by its reference inside this transaction.
      const mail = await k
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', signer.email)
        .where('body', 'like', `%${reference}\n%`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (mail) await k.updateTable('signature_codes').set({ outbox_id: mail.id }).where('id', '=', row.id).execute();
    }),
  );
  ctx.mailer.deliverSoon();
  return { sent_to: sentTo };
}

export interface CheckedCode {
  id: number;
  sent_to: string;
  created_at: string;
}

/**
 * The signer's live code, if `code` is it. A wrong code counts an attempt (MAX_ATTEMPTS spend it); an expired or
 * used one is refused. Does not spend the code: `claimCode` does, in the transaction that records the signature.
 */
export async function checkCode(db: Db, subject: SignatureSubject, signer: Signer, code: string): Promise<CheckedCode> {
  if (!/^\d{6}$/.test(code.trim())) throw validationError({ code: [CODE_FORMAT] });
  const k = dynamic(db);
  const where = ofSigner(subject, signer);
  const live = await k
    .selectFrom('signature_codes')
    .select(['id', 'code_hash', 'attempts', 'sent_to', 'created_at'])
    .where('purpose', '=', where.purpose)
    .where('subject_id', '=', where.subject_id)
    .where('signer_kind', '=', where.signer_kind)
    .where('signer_id', '=', where.signer_id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) throw validationError({ code: [NO_VALID_CODE] });
  if (Number(live.attempts) >= MAX_ATTEMPTS) throw validationError({ code: [TOO_MANY_ATTEMPTS] });
  if (!codeMatches(String(live.code_hash), code.trim())) {
    // Counted in one statement, so parallel guesses cannot share one attempt.
    await k
      .updateTable('signature_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    throw validationError({ code: [WRONG_CODE] });
  }
  const created = live.created_at instanceof Date ? live.created_at.toISOString() : String(live.created_at);
  return { id: Number(live.id), sent_to: String(live.sent_to), created_at: created };
}

/** Spends the code: true for the one call that does (of any number in parallel). */
export async function claimCode(tx: Db, codeId: number, at: string): Promise<boolean> {
  const result = await dynamic(tx)
    .updateTable('signature_codes')
    .set({ used_at: at })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
