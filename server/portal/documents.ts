import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentTypeName } from '../../resources/documents';
import type { AreaContext } from '../area';
import { dynamic, type Db } from '../db/connection';
import { documentKey, downloadName } from '../documents/routes';
import { issueDocument, issuedFileName } from '../documents/issue';
import { letterPdf } from '../documents/letters';
import { ApiError, notFound, parseOr422 } from '../http/errors';
import { verificationUrl } from '../pdf/verification';
import { takeDeclaration } from './declaration-limit';
import { currentEnrolment, ownStudent } from './queries';
import { portalRoute } from './student-routes';

const NO_ENROLMENT = 'O aluno não tem matrícula ativa.';
/** The declaration states the current enrolment: nothing is asked, and a field sent is a client's mistake. */
const emptyBody = z.strictObject({}, { error: 'A declaração não recebe dados: envie um corpo vazio ({}).' });
const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';

type Params = { id: string; doc_id: string };

/** An issued document as the portal lists it. */
function portalDocument(appUrl: string, studentId: number, r: Record<string, unknown>) {
  const code = String(r.code);
  return {
    id: Number(r.id),
    title: documentTypeName(String(r.type)),
    issued_at: new Date(r.created_at as string).toISOString(),
    code,
    verify_url: verificationUrl(appUrl, code),
    download_url: `/api/portal/students/${studentId}/documents/${Number(r.id)}/file`,
  };
}

/**
 * The declaration of enrolment the office prints (reports' 'registration-statement', its letter), with the code and
 * the public page of a verifiable document. The family reads its own child's data: the letter names the CPF and
 * birth date (`_personal`, issue 34).
 */
const declarationPdf = (ctx: AreaContext, student: number, team: number, code: string, url: string) =>
  letterPdf(ctx, 'registration-statement', { student, team, code, url, _personal: 1 });

async function documentOf(db: Db, studentId: number, raw: string) {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const row = await dynamic(db)
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', Number.isSafeInteger(id) && id <= 2147483647 ? id : 0)
    .where('student_id', '=', studentId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

/** A family's documents: the student's issued documents, their PDFs, and a declaration of enrolment at once. */
export function registerDocumentRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db, storage } = ctx;
  const appUrl = ctx.settings.appUrl;

  app.get<{ Params: Params }>('/portal/students/:id/documents', portalRoute, async (request) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    const rows = await dynamic(db)
      .selectFrom('documents')
      .select(['id', 'type', 'code', 'created_at'])
      .where('student_id', '=', studentId)
      // A revoked document is no longer the family's to hand out (issue 35).
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => portalDocument(appUrl, studentId, r));
  });

  app.get<{ Params: Params }>('/portal/students/:id/documents/:doc_id/file', portalRoute, async (request, reply) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    const row = await documentOf(db, studentId, request.params.doc_id);
    const key = documentKey(String(row.file_name));
    const content = key ? await storage.get(key) : null;
    if (!content) throw notFound('O arquivo deste documento não foi encontrado.');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${downloadName(row)}"`)
      .header('cache-control', 'private, no-store')
      .send(content);
  });

  app.post<{ Params: Params }>('/portal/students/:id/declarations', portalRoute, async (request, reply) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    parseOr422(emptyBody, request.body);
    const student = await dynamic(db)
      .selectFrom('students')
      .select(['status', 'cpf'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    const active = student.status == null || student.status === 'Ativo';
    const enrolment = active ? await currentEnrolment(db, studentId) : undefined;
    if (!enrolment) throw new ApiError(422, NO_ENROLMENT);
    // Each declaration is a PDF and an e-mail to the family: a few a day per student (429 past them).
    const giveBack = await takeDeclaration(db, studentId);
    const issued = await issueDocument(
      db,
      storage,
      appUrl,
      {
        studentId,
        registrationId: enrolment.id,
        type: 'DECLARATION',
        prefix: 'DECL_',
        documentName: issuedFileName('DECLARATION', enrolment.id, student.cpf),
        render: (code, url) => declarationPdf(ctx, studentId, enrolment.team.id, code, url),
      },
      undefined,
    ).catch(async (error: unknown) => {
      // Nothing was issued: the declaration taken from the day's count goes back.
      await giveBack();
      throw error;
    });
    return reply.status(201).send({ document: portalDocument(appUrl, studentId, issued) });
  });
}
