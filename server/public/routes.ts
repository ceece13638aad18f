import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { documentTypeName } from '../../resources/documents';
import { EMAIL_PATTERN, onlyDigits } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import { lookupCodes } from '../documents/codes';
import { ApiError, fieldErrorsOf, validationError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { loadBranding } from '../school/routes';
import {
  signedDocumentOf,
  SIGNATURE_EXPIRED,
  SIGNED_FILE_DIFFERS,
  SIGNED_FILE_MATCHES,
  type SignedDocument,
} from '../signatures/verification';
import type { Captcha } from './captcha';

/** The largest PDF the public page checks. */
const MAX_CHECKED_PDF = 10 * 1024 * 1024;

export const NOT_FOUND_DOCUMENT = 'Não foi encontrado nenhum documento válido com este código.';
const CONTACT_MISSING = 'Por favor, preencha todos os campos do formulário de contato.';

const contactSchema = z.object({
  nome: z
    .string({ error: CONTACT_MISSING })
    .trim()
    .min(1, CONTACT_MISSING)
    .max(190, 'O nome pode ter no máximo 190 caracteres.'),
  e_mail: z
    .string({ error: CONTACT_MISSING })
    .trim()
    .min(1, CONTACT_MISSING)
    .max(190)
    .regex(EMAIL_PATTERN, 'Informe um e-mail válido.'),
  doubt: z
    .string({ error: CONTACT_MISSING })
    .trim()
    .min(1, CONTACT_MISSING)
    .max(5000, 'A dúvida pode ter no máximo 5000 caracteres.'),
  whatsapp: z
    .string({ error: CONTACT_MISSING })
    .trim()
    .min(1, CONTACT_MISSING)
    .transform(onlyDigits)
    .refine(
      (v) => v.length === 10 || v.length === 11,
      'Informe o WhatsApp com DDD: (##) ####-#### ou (##) #####-####.',
    ),
});

export const REVOKED_DOCUMENT = 'Este documento foi revogado pela escola e não tem mais validade.';

const isoOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** What the public learns of a revoked document: that it was revoked, its type and its two dates. */
function revokedAnswer(row: { type: unknown; created_at: unknown; revoked_at: unknown }) {
  return {
    error: true,
    revoked: true,
    message: REVOKED_DOCUMENT,
    type: row.type,
    type_name: documentTypeName(String(row.type)),
    created_at: isoOf(row.created_at),
    revoked_at: isoOf(row.revoked_at),
  };
}

/** A signed document whose term ended: like a revoked one, its kind, its dates and no more. */
function expiredAnswer(signed: SignedDocument, type: unknown) {
  const kind = type == null ? 'CONTRACT' : String(type);
  return {
    error: true,
    expired: true,
    message: SIGNATURE_EXPIRED,
    type: kind,
    type_name: documentTypeName(kind),
    expired_at: signed.expired_at,
  };
}

/** What a signed document adds to the lookup's answer: each signer's line and whether a newer version exists. */
const signedPart = (signed: SignedDocument) => ({
  title: signed.title,
  signatures: signed.signers.map(({ name, signed_at, text }) => ({ name, signed_at, text })),
  superseded: signed.superseded,
});

export interface PublicRouteOptions {
  captcha: Captcha;
  mailer: Mailer;
  /** Requests per IP per minute on the public endpoints. */
  rateLimit: number;
}

/** Captcha challenges, public document verification and the contact form: no token needed. */
export function registerPublicRoutes(app: FastifyInstance, db: Db, options: PublicRouteOptions): void {
  const k = dynamic(db);
  const limited = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (r: FastifyRequest) => `public:${r.routeOptions.url}:${r.ip}`,
    },
  });
  const captchaOf = (request: FastifyRequest) => {
    const query = request.query as { altcha?: unknown };
    return request.headers['x-altcha'] ?? query.altcha;
  };
  const requireCaptcha = async (request: FastifyRequest) => {
    const refused = await options.captcha.check(captchaOf(request));
    if (refused) throw new ApiError(403, refused);
  };

  app.get(
    '/captcha/challenge',
    { config: { public: true, ...limited(options.rateLimit * 2) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.captcha.challenge();
    },
  );

  app.get<{ Params: { code: string } }>(
    '/documents/has-document/:code',
    { config: { public: true, ...limited(options.rateLimit) } },
    async (request, reply) => {
      await requireCaptcha(request);
      const codes = lookupCodes(request.params.code);
      if (codes.length === 0) {
        reply.status(404);
        return { error: true, message: NOT_FOUND_DOCUMENT };
      }
      const rows = await k
        .selectFrom('documents as d')
        .innerJoin('students as s', 's.id', 'd.student_id')
        .leftJoin('registrations as r', 'r.id', 'd.registration_id')
        .leftJoin('teams as t', 't.id', 'r.team_id')
        .select(['d.type', 'd.created_at', 'd.revoked_at', 's.name', 't.name as team_name'])
        .where('d.code', 'in', codes)
        .execute();
      // A signed document (issue 39) may have no student yet (a new family's contract): its signature row answers.
      const signed = await signedDocumentOf(db, codes);
      if (rows.length === 0 && !signed) {
        reply.status(404);
        return { error: true, message: NOT_FOUND_DOCUMENT };
      }
      if (signed?.expired_at) {
        reply.status(410);
        return expiredAnswer(signed, rows[0]?.type);
      }
      if (signed && rows.length === 0) {
        if (signed.revoked_at) {
          reply.status(410);
          return revokedAnswer({
            type: 'CONTRACT',
            created_at: signed.signers.at(-1)?.signed_at,
            revoked_at: signed.revoked_at,
          });
        }
        const created_at = signed.signers.at(-1)?.signed_at;
        return [
          {
            type: 'CONTRACT',
            type_name: documentTypeName('CONTRACT'),
            created_at,
            student: null,
            team: null,
            ...signedPart(signed),
          },
        ];
      }
      // A revoked document (issue 35): 410, never the 200 a client would read as valid, and less than a valid
      // one says — the type and the two dates, not whose it was nor the team.
      const revoked = rows.find((r) => r.revoked_at);
      if (revoked) {
        reply.status(410);
        return revokedAnswer(revoked);
      }
      // Only the holder's name, the type, the team and the issue date: nothing else about the student.
      return rows.map((r) => ({
        type: r.type,
        type_name: documentTypeName(String(r.type)),
        created_at: r.created_at,
        student: { name: r.name },
        team: r.team_name ? { name: r.team_name } : null,
        ...(signed ? signedPart(signed) : {}),
      }));
    },
  );

  // A visitor drops the PDF they were handed: is it, byte for byte, the file the school issued?
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: MAX_CHECKED_PDF },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: { code: string } }>(
    '/documents/has-document/:code/file',
    { config: { public: true, bodies: ['pdf'], ...limited(options.rateLimit) }, bodyLimit: MAX_CHECKED_PDF },
    async (request, reply) => {
      // Like the lookup by code: without it, "exists, differs" against 404 would probe codes for free.
      await requireCaptcha(request);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw validationError({ file: ['Envie o documento em PDF (até 10 MB).'] });
      }
      const codes = lookupCodes(request.params.code);
      const stored = codes.length
        ? await k
            .selectFrom('documents')
            .select(['sha256', 'type', 'created_at', 'revoked_at'])
            .where('code', 'in', codes)
            .executeTakeFirst()
        : undefined;
      const signed = await signedDocumentOf(db, codes);
      if (signed) {
        if (signed.expired_at) {
          reply.status(410);
          return expiredAnswer(signed, stored?.type);
        }
        if (signed.revoked_at) {
          reply.status(410);
          return revokedAnswer({
            type: 'CONTRACT',
            created_at: signed.signers.at(-1)?.signed_at,
            revoked_at: signed.revoked_at,
          });
        }
        const match = signed.signed_sha256 === createHash('sha256').update(body).digest('hex');
        return { match, message: match ? SIGNED_FILE_MATCHES : SIGNED_FILE_DIFFERS, ...signedPart(signed) };
      }
      if (!stored) {
        reply.status(404);
        return { error: true, message: NOT_FOUND_DOCUMENT };
      }
      // Identical or not, a revoked document is not valid: the answer says so, as the lookup by code does.
      if (stored.revoked_at) {
        reply.status(410);
        return revokedAnswer(stored);
      }
      const same =
        typeof stored.sha256 === 'string' && stored.sha256 === createHash('sha256').update(body).digest('hex');
      return same
        ? { match: true, message: 'Este arquivo é exatamente o documento emitido pela escola.' }
        : {
            match: false,
            message: 'Este arquivo NÃO é o documento emitido pela escola: ele foi alterado ou é outro documento.',
          };
    },
  );

  // The contract's GET (fields in the query) keeps working; our own page POSTs them, so that the
  // visitor's name, e-mail, phone and question stay out of URLs (logs, proxies, browser history).
  const contact = async (request: FastifyRequest, fields: unknown) => {
    const parsed = contactSchema.safeParse(fields ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      fieldErrorsOf(parsed.error.issues, '', errors);
      const missing = Object.values(errors).some((m) => m.includes(CONTACT_MISSING));
      throw missing ? new ApiError(422, CONTACT_MISSING, errors) : validationError(errors);
    }
    await requireCaptcha(request);
    const { nome, e_mail, doubt, whatsapp } = parsed.data;
    await k
      .insertInto('contact_messages')
      .values({ name: nome, email: e_mail, whatsapp, doubt, created_at: new Date().toISOString() })
      .execute();
    const branding = await loadBranding(db);
    const to = branding.email;
    if (to) {
      const text = `Nova dúvida enviada pelo site.\n\nNome: ${nome}\nE-mail: ${e_mail}\nWhatsApp: ${whatsapp}\n\nDúvida:\n${doubt}\n`;
      // Queued in the outbox and sent in the background: a slow SMTP server never holds the visitor.
      await options.mailer.send({ to, replyTo: e_mail, subject: `Dúvida pelo site — ${nome}`, text });
    }
    return { message: 'Mensagem enviada com sucesso! Em breve entraremos em contato.' };
  };
  const contactLimit = { config: { public: true, ...limited(Math.max(2, Math.floor(options.rateLimit / 6))) } };
  app.get('/send-mail', contactLimit, (request) => contact(request, request.query));
  app.post('/send-mail', contactLimit, (request) => contact(request, request.body));
}
