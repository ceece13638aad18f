import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatDate, formatLongDate, schoolDayOf } from '../../resources/format';
import { CPF_MASK } from '../../resources/students';
import { applyMask } from '../../resources/text';
import { fillYear } from '../../resources/text-documents';
import {
  CHOOSE_TEXT_AND_REGISTRATION,
  CITY_MISSING,
  INVALID_REGISTRATION_NUMBER,
  registrationIdOfNumber,
} from '../../resources/documents';
import type { AreaContext } from '../area';
import { optionalIdSchema } from '../http/ids';
import { dynamic } from '../db/connection';
import { conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { renderPdf } from '../workers/pdf';
import { completionCheck, reviewCompletion } from '../reports/completion-check';
import { teamOrFail } from '../reports/queries';
import { cachedLogo } from '../school/logo-cache';
import { loadSettings } from '../school/routes';
import { issueDocument, issuedFileName } from './issue';

/** The back's text when the student has no registry book (the spec's default). */
export const DEFAULT_BACK = 'Certificado Registrado sob nº 03\nNo Livro nº 1 Folha nº 01\nEm 08 de maio de 2023';

const text = (max: number) =>
  z
    .string({ error: 'Texto inválido.' })
    .trim()
    .max(max, { error: `O texto pode ter no máximo ${max} caracteres.` })
    .optional();
/** The simpler flow's typed six-digit number ('000012'), instead of the chosen enrolment's id. */
const registrationNumberSchema = z
  .unknown()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') return null;
    const id = typeof raw === 'string' || typeof raw === 'number' ? registrationIdOfNumber(String(raw)) : undefined;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: INVALID_REGISTRATION_NUMBER });
      return z.NEVER;
    }
    return id;
  });
const certificateSchema = z.object({
  registration_id: optionalIdSchema(CHOOSE_TEXT_AND_REGISTRATION),
  registration_number: registrationNumberSchema,
  text_document_id: optionalIdSchema(CHOOSE_TEXT_AND_REGISTRATION),
  /** 'Linha 1': the chosen template's text, as edited on screen. */
  text: text(5000),
  line2: text(300),
  line3: text(300),
  back_text: text(2000),
  back_note: text(500),
  /** Issue anyway what the completion check asked about (the course still running, grades missing or failing). */
  confirm: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1),
});

/**
 * Certificates of an enrolment, drawn here from the chosen text, stored and verifiable by code. A certificate
 * states a completion: it asks the completion statement's `confirm` first (409 `{error, confirm, message}`).
 */
export function registerCertificateRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const k = dynamic(ctx.db);

  app.post<{ Params: { student: string } }>(
    '/documents/:student/certificate',
    { config: { access: 'students.write', reach: { student: 'students' } } },
    async (request, reply) => {
      const studentId = idParam(request.params.student);
      const input = parseOr422(certificateSchema, request.body ?? {});
      // Both flows, one path: the editor names the enrolment by id, the simpler form by its typed number.
      const field = input.registration_id || !input.registration_number ? 'registration_id' : 'registration_number';
      const registrationId = input.registration_id ?? input.registration_number;
      if (!registrationId || (!input.text_document_id && !input.text))
        throw validationError({ [field]: [CHOOSE_TEXT_AND_REGISTRATION] });
      const student = await k
        .selectFrom('students')
        .select(['id', 'name', 'cpf', 'birth_date', 'naturalness'])
        .where('id', '=', studentId)
        .executeTakeFirst();
      if (!student) throw notFound('Aluno não encontrado.');
      const registration = await k
        .selectFrom('registrations')
        .select(['id', 'team_id'])
        .where('id', '=', registrationId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      if (!registration) throw validationError({ [field]: ['Matrícula não encontrada para este aluno.'] });
      const template = input.text_document_id
        ? await k
            .selectFrom('text_documents')
            .select(['content'])
            .where('id', '=', input.text_document_id)
            .executeTakeFirst()
        : undefined;
      if (input.text_document_id && !template)
        throw validationError({ text_document_id: ['Texto de documento não encontrado.'] });
      const stored = await k
        .selectFrom('documents')
        .select('id')
        .where('registration_id', '=', registrationId)
        .where('type', '=', 'CERTIFICATE')
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (stored)
        throw conflict('Já existe um certificado desta matrícula. Revogue-o (Apagar Certificado) para gerar outro.');

      const school = await loadSettings(ctx.db);
      // The date line names the school's city: without it the certificate would be dated from nowhere.
      if (!school.city?.trim()) throw validationError({ city: [CITY_MISSING] });
      // A certificate states that the course was completed (issue 35): the completion statement's check first.
      // A failure by attendance is refused outright; the rest asks the office to confirm.
      const team = await teamOrFail(ctx.db, Number(registration.team_id));
      const check = completionCheck(
        await reviewCompletion(ctx.db, studentId, team, new Date()),
        input.confirm,
        'o certificado',
      );
      if (check) return reply.status(409).send(check);
      const book = await k
        .selectFrom('books')
        .selectAll()
        .where('student_id', '=', studentId)
        .orderBy('id')
        .executeTakeFirst();
      const backText =
        input.back_text ||
        (book
          ? `Certificado Registrado sob nº ${book.registration_number}\nNo Livro nº ${book.book_number} Folha nº ${book.page_number}${book.issue_date ? `\nEm ${formatLongDate(String(book.issue_date))}` : ''}`
          : DEFAULT_BACK);
      const info = [
        student.cpf ? `CPF ${applyMask(String(student.cpf), CPF_MASK)}` : '',
        student.birth_date ? `nascido(a) em ${formatDate(student.birth_date)}` : '',
        student.naturalness ? `natural de ${student.naturalness}` : '',
      ].filter(Boolean);
      const document = await issueDocument(
        ctx.db,
        ctx.storage,
        ctx.settings.appUrl,
        {
          studentId,
          registrationId: Number(registration.id),
          type: 'CERTIFICATE',
          prefix: 'CERT_',
          documentName: issuedFileName('CERTIFICATE', Number(registration.id), student.cpf),
          render: (code, url) =>
            renderPdf('certificate', {
              school: school.school_name,
              studentName: String(student.name),
              infoLine: input.line2 || info.join(', '),
              text: input.text || fillYear(String(template!.content)),
              codeLine: `Código de validação: ${code}`,
              dateLine: input.line3 || `${school.city}, ${formatLongDate(schoolDayOf())}`,
              backText,
              backNote: input.back_note || undefined,
              logo: cachedLogo(school.colored_logo),
              code,
              url,
            }),
        },
        request.user?.id,
      );
      const { pdf: _pdf, ...data } = document;
      reply.status(201);
      return { data, message: 'Certificado gerado com sucesso!' };
    },
  );
}
