import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { idParam, notFound, parseOr422, validationError } from '../http/errors';
import { optionalIdSchema } from '../http/ids';
import { JSON_OR_FORM } from '../http/bodies';
import type { DocumentPrefix } from './codes';
import { isStrongCode } from './codes';
import { issueDocument, issuedFileName, type DocumentType } from './issue';

const PREFIX: Record<DocumentType, DocumentPrefix> = { HISTORY: 'HIST_', CERTIFICATE: 'CERT_', CONTRACT: 'CONT_' };

const storeSchema = z.object({
  pdf: z.instanceof(Buffer, { error: 'Envie o arquivo PDF do documento.' }),
  type: z.enum(['HISTORY', 'CERTIFICATE', 'CONTRACT'], { error: 'O tipo deve ser HISTORY, CERTIFICATE ou CONTRACT.' }).default('HISTORY'),
  code: z.string({ error: 'Código inválido.' }).trim().max(60, { error: 'Código inválido.' }).optional(),
  registration: optionalIdSchema('Matrícula inválida.'),
  team: optionalIdSchema('Turma inválida.'),
  document_name: z.string({ error: 'Nome de arquivo inválido.' }).trim().max(150, { error: 'O nome do arquivo pode ter no máximo 150 caracteres.' }).optional(),
  // The spec's client sends the folder too; the server files the document by its type instead.
  folder: z.unknown().optional(),
});

/**
 * `POST /documents/{student}/store-document` (spec §7): a PDF made elsewhere, registered as an issued
 * document. Checked by content (a PDF), its SHA-256 kept for the public comparison; its code is kept only
 * when it is as strong as the server's own (a weak or missing one is replaced, and the answer says which).
 */
export function registerStoreDocumentRoute(app: FastifyInstance, ctx: AreaContext): void {
  const k = dynamic(ctx.db);
  app.post<{ Params: { student: string } }>('/documents/:student/store-document', { config: { bodies: JSON_OR_FORM } }, async (request) => {
    const studentId = idParam(request.params.student);
    const input = parseOr422(storeSchema, request.body ?? {});
    if (input.pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw validationError({ pdf: ['O arquivo enviado não é um PDF.'] });
    const student = await k.selectFrom('students').select(['id', 'cpf']).where('id', '=', studentId).executeTakeFirst();
    if (!student) throw notFound('Aluno não encontrado.');
    let registrationId = input.registration;
    if (registrationId === null && input.team !== null) {
      const byTeam = await k.selectFrom('registrations').select('id').where('student_id', '=', studentId).where('team_id', '=', input.team).executeTakeFirst();
      if (!byTeam) throw validationError({ team: ['Este aluno não está matriculado nesta turma.'] });
      registrationId = Number(byTeam.id);
    } else if (registrationId !== null) {
      const own = await k.selectFrom('registrations').select('id').where('id', '=', registrationId).where('student_id', '=', studentId).executeTakeFirst();
      if (!own) throw validationError({ registration: ['Matrícula não encontrada para este aluno.'] });
    }
    const code = input.code && isStrongCode(input.code) && input.code.startsWith(PREFIX[input.type]) ? input.code : undefined;
    const documentName = input.document_name || (registrationId !== null ? issuedFileName(input.type, registrationId, student.cpf) : `${input.type}.pdf`);
    const { pdf: _pdf, ...document } = await issueDocument(
      ctx.db,
      ctx.storage,
      ctx.settings.appUrl,
      { studentId, registrationId, type: input.type, prefix: PREFIX[input.type], documentName, code, render: async () => input.pdf },
      request.user?.id,
    );
    const replaced = input.code && !code;
    return {
      data: document,
      message: replaced ? `Documento salvo com sucesso! O código enviado era fraco e foi substituído por ${document.code}.` : 'Documento salvo com sucesso!',
    };
  });
}
