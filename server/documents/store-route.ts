import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isAlphabetCode, normalizeDocumentCode } from '../../resources/document-codes';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { idParam, notFound, parseOr422, validationError } from '../http/errors';
import { asId, optionalIdSchema } from '../http/ids';
import { JSON_OR_FORM } from '../http/bodies';
import type { DocumentPrefix } from './codes';
import { lookupCodes } from './codes';
import { CODE_TAKEN, issueDocument, issuedFileName, type DocumentType } from './issue';

const PREFIX: Record<DocumentType, DocumentPrefix> = {
  HISTORY: 'HIST_',
  CERTIFICATE: 'CERT_',
  CONTRACT: 'CONT_',
  DECLARATION: 'DECL_',
};
/** The shortest code kept: 10 symbols of 32 are 50 bits, still hopeless to guess at the public page's rate. */
const MIN_CODE = 10;
export const WEAK_CODE = `O código deve ter pelo menos ${MIN_CODE} letras ou algarismos (sem a letra U), com ou sem o prefixo HIST_, CERT_ ou CONT_.`;
/** The original client's names for the types ('HISTORIC' is its history). */
const TYPE_NAMES: Record<string, DocumentType> = {
  HISTORY: 'HISTORY',
  HISTORIC: 'HISTORY',
  CERTIFICATE: 'CERTIFICATE',
  CONTRACT: 'CONTRACT',
};

const storeSchema = z.object({
  pdf: z.instanceof(Buffer, { error: 'Envie o arquivo PDF do documento.' }),
  type: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || raw === '') return 'HISTORY' as DocumentType;
      const type = typeof raw === 'string' ? TYPE_NAMES[raw.trim().toUpperCase()] : undefined;
      if (!type) {
        ctx.addIssue({ code: 'custom', message: 'O tipo deve ser HISTORY (ou HISTORIC), CERTIFICATE ou CONTRACT.' });
        return z.NEVER;
      }
      return type;
    }),
  code: z.string({ error: 'Código inválido.' }).trim().max(80, { error: 'Código inválido.' }).optional(),
  registration: optionalIdSchema('Matrícula inválida.'),
  /** The team's id or its name. */
  team: z
    .union([z.string(), z.number()], { error: 'Turma inválida.' })
    .transform((v) => String(v).trim())
    .optional(),
  document_name: z
    .string({ error: 'Nome de arquivo inválido.' })
    .trim()
    .max(150, { error: 'O nome do arquivo pode ter no máximo 150 caracteres.' })
    .optional(),
  // The spec's client sends the folder too; the server files the document by its type instead.
  folder: z.unknown().optional(),
});

/**
 * `POST /documents/{student}/store-document` (spec §7): a PDF made elsewhere, registered as an issued
 * document. Checked by content (a PDF), its SHA-256 kept for the public comparison. The code printed on it
 * is kept (in its normal written form) so that it verifies: one too short or already taken is refused,
 * never replaced behind the client's back; without a code the server makes one.
 */
export function registerStoreDocumentRoute(app: FastifyInstance, ctx: AreaContext): void {
  const k = dynamic(ctx.db);
  app.post<{ Params: { student: string } }>(
    '/documents/:student/store-document',
    { config: { access: 'students.write', reach: { student: 'students' }, bodies: JSON_OR_FORM } },
    async (request) => {
      const studentId = idParam(request.params.student);
      const input = parseOr422(storeSchema, request.body ?? {});
      if (input.pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw validationError({ pdf: ['O arquivo enviado não é um PDF.'] });
      const student = await k
        .selectFrom('students')
        .select(['id', 'cpf'])
        .where('id', '=', studentId)
        .executeTakeFirst();
      if (!student) throw notFound('Aluno não encontrado.');
      let registrationId = input.registration;
      if (registrationId === null && input.team) {
        const teamId = asId(input.team);
        let query = k
          .selectFrom('registrations as r')
          .innerJoin('teams as t', 't.id', 'r.team_id')
          .select('r.id')
          .where('r.student_id', '=', studentId);
        query = teamId !== undefined ? query.where('r.team_id', '=', teamId) : query.where('t.name', '=', input.team);
        const byTeam = await query.orderBy('r.id', 'desc').executeTakeFirst();
        if (!byTeam) throw validationError({ team: ['Este aluno não está matriculado nesta turma.'] });
        registrationId = Number(byTeam.id);
      } else if (registrationId !== null) {
        const own = await k
          .selectFrom('registrations')
          .select('id')
          .where('id', '=', registrationId)
          .where('student_id', '=', studentId)
          .executeTakeFirst();
        if (!own) throw validationError({ registration: ['Matrícula não encontrada para este aluno.'] });
      }
      let code: string | undefined;
      if (input.code) {
        code = normalizeDocumentCode(input.code);
        if (!isAlphabetCode(code, MIN_CODE)) throw validationError({ code: [WEAK_CODE] });
        const taken = await k
          .selectFrom('documents')
          .select('id')
          .where('code', 'in', lookupCodes(input.code))
          .executeTakeFirst();
        if (taken) throw validationError({ code: [CODE_TAKEN] });
      }
      const documentName =
        input.document_name ||
        (registrationId !== null ? issuedFileName(input.type, registrationId, student.cpf) : `${input.type}.pdf`);
      const { pdf: _pdf, ...document } = await issueDocument(
        ctx.db,
        ctx.storage,
        ctx.settings.appUrl,
        {
          studentId,
          registrationId,
          type: input.type,
          prefix: PREFIX[input.type],
          documentName,
          code,
          render: async () => input.pdf,
        },
        request.user?.id,
      );
      return { data: document, message: 'Documento salvo com sucesso!' };
    },
  );
}
