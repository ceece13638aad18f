import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connection';
import { ApiError, validationError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { Storage } from '../storage/storage';

/**
 * STAND-IN for the signature service of branch i39-sign (server/signatures/index.ts), with exactly its public
 * surface, so that the re-enrolment is written and tested against it before that branch is merged. It keeps the
 * codes in memory (one instance only) and appends no signature page. At the merge, re-enrolment-routes.ts imports
 * `../signatures` instead and this file goes.
 */
export interface Signer {
  kind: 'guardian' | 'user';
  id: number;
  name: string;
  cpf: string | null;
  email: string;
}
export interface SignatureSubject {
  purpose: string;
  subject_id: number;
}
export interface SignatureContext {
  db: Db;
  storage: Storage;
  mailer: Mailer;
}

const VALID_MS = 15 * 60_000;
const codes = new Map<string, { hash: Buffer; expires: number; used: boolean; attempts: number }>();
const keyOf = (subject: SignatureSubject, signer: Signer) =>
  `${subject.purpose}:${subject.subject_id}:${signer.kind}:${signer.id}`;
const hashOf = (code: string) => createHash('sha256').update(code).digest();

function masked(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 1)}***@${domain ?? ''}`;
}

export async function sendSignatureCode(
  ctx: SignatureContext,
  subject: SignatureSubject,
  signer: Signer,
): Promise<{ sent_to: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  codes.set(keyOf(subject, signer), { hash: hashOf(code), expires: Date.now() + VALID_MS, used: false, attempts: 0 });
  await ctx.mailer.send({
    to: signer.email,
    subject: 'Código para assinar o contrato',
    text: `Olá, ${signer.name}.\n\nSeu código para assinar o contrato é ${code}. Ele vale por 15 minutos.\n`,
    secrets: [code],
  });
  return { sent_to: masked(signer.email) };
}

export async function signPdf(
  _ctx: SignatureContext,
  input: {
    subject: SignatureSubject;
    signer: Signer;
    code: string;
    sha256: string;
    pdf: Buffer;
    title: string;
    student_id: number | null;
    ip: string;
    user_agent: string;
  },
): Promise<{ signature_id: number; code: string }> {
  const held = codes.get(keyOf(input.subject, input.signer));
  if (!held || held.used || held.expires < Date.now())
    throw validationError({ code: ['Este código expirou ou já foi usado. Peça um novo código.'] });
  const given = hashOf(String(input.code ?? ''));
  if (++held.attempts > 5 || !timingSafeEqual(given, held.hash)) throw validationError({ code: ['Código incorreto.'] });
  if (createHash('sha256').update(input.pdf).digest('hex') !== String(input.sha256 ?? '').toLowerCase())
    throw validationError({ sha256: ['O documento mudou desde que foi lido. Leia-o novamente.'] });
  if (held.used) throw new ApiError(409, 'Este código já foi usado.');
  held.used = true;
  return { signature_id: 0, code: randomBytes(6).toString('hex').toUpperCase() };
}
