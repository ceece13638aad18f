import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { codeRefusal, normalizeDocumentCode } from '../../resources/document-codes';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { idParam, notFound, parseOr422, validationError } from '../http/errors';
import { asId, optionalIdSchema } from '../http/ids';
import { JSON_OR_FORM } from '../http/bodies';
import type { DocumentPrefix } from './codes';
import { lookupCodes } from './codes';
import { CODE_TAKEN, issueDocument, issuedFileName, type DocumentType } from './issue';

/** Each type's code prefix (also the legacy import's, which keeps the old codes). */
export const PREFIX: Record<DocumentType, DocumentPrefix> = {
  HISTORY: 'HIST_',
  HISTORIC: 'HIST_',
  CERTIFICATE: 'CERT_',
  CONTRACT: 'CONT_',
  DECLARATION: 'DECL_',
  COMPLETION: 'ATES_',
  TRANSFER: 'DECL_',
  NFSE: 'NFSE_',
};
/**
 * The types a client may store, kept as sent: 'HISTORIC' is the original client's history, and its pages look
 * for that type again in the student's documents.
 */
const TYPE_NAMES: Record<string, DocumentType> = {
  HISTORY: 'HISTORY',
  HISTORIC: 'HISTORIC',
  CERTIFICATE: 'CERTIFICATE',
  CONTRACT: 'CONTRACT',
};
/** A folder the client names is kept when it is a plain word: it is only ever looked up, never a path. */
const FOLDER = /^[A-Za-z0-9_-]{1,40}$/;

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
  // The original client finds the file again under the folder it sent; anything but a plain word is left aside
  // and the document filed under its type's name.
  folder: z
    .unknown()
    .optional()
    .transform((raw) => (typeof raw === 'string' && FOLDER.test(raw.trim()) ? raw.trim() : undefined)),
});

/**
 * `POST /documents/{student}/store-document` (spec §7): a PDF made elsewhere, registered as an issued
 * document. Checked by content (a PDF), its SHA-256 kept for the public comparison. The code printed on it
 * is kept (in its normal written form) so that it verifies: the original client's own codes (U included) and
 * strong codes of our alphabet are; a malformed, guessable or taken one is refused, never replaced behind the
 * client's back (the PDF already carries it); without a code the server makes one.
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
        const refusal = codeRefusal(input.code);
        if (refusal) throw validationError({ code: [refusal] });
        code = normalizeDocumentCode(input.code);
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
          folder: input.folder,
          render: async () => input.pdf,
        },
        request.user?.id,
      );
      return { data: document, message: 'Documento salvo com sucesso!' };
    },
  );
}
