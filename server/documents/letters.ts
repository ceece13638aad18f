import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileReport } from '../../reports/types';
import type { AreaContext } from '../area';
import { logStudentAccess } from '../audit/access';
import { ApiError } from '../http/errors';
import type { ReportCheck, ReportParams } from '../reports/builder';
import { registrationOrFail, studentOrFail, teamOrFail } from '../reports/queries';
import type { ReportResult } from '../reports/run';
import { attachment } from '../reports/attachment';
import { runInWorker } from '../workers/pool';
import type { DocumentPrefix } from './codes';
import { issueDocument, issuedFileName, type DocumentType } from './issue';

/** The letters of the reports registry that are issued documents: their type and the prefix of their codes. */
export const ISSUED_LETTERS: Record<string, { type: DocumentType; prefix: DocumentPrefix }> = {
  'registration-statement': { type: 'DECLARATION', prefix: 'DECL_' },
  'certificate-of-completion': { type: 'COMPLETION', prefix: 'ATES_' },
};

/** The builder answered with its check (a completion to confirm, or refused) instead of the letter. */
export class LetterCheck extends Error {
  constructor(readonly check: ReportCheck) {
    super(check.message);
  }
}

/**
 * A letter of the reports registry (server/reports/builders/letters.ts) drawn in a worker thread with the code
 * and public page of the document it is issued as.
 */
export async function letterPdf(ctx: AreaContext, key: string, params: ReportParams): Promise<Buffer> {
  const outPath = path.join(os.tmpdir(), `secretaria-letter-${randomUUID()}.pdf`);
  try {
    const result = await runInWorker<ReportResult>({
      kind: 'report',
      key,
      params,
      format: 'pdf',
      db: ctx.db.opened,
      appUrl: ctx.settings.appUrl,
      now: new Date().toISOString(),
      outPath,
    });
    if ('failure' in result)
      throw new ApiError(result.failure.statusCode, result.failure.message, result.failure.errors);
    if ('check' in result) throw new LetterCheck(result.check);
    return await fs.promises.readFile(outPath);
  } finally {
    await fs.promises.rm(outPath, { force: true });
  }
}

/**
 * `GET /exports/registration-statement/{student}/team/{team}` and the completion statement's (issue 35): each
 * "Gerar" issues a document — a fresh code, the QR code of its public page on the page, stored with its hash —
 * and answers the PDF under the registry's fixed name, its code in `X-Document-Code`. The completion check's
 * 409 comes before anything is issued.
 */
export async function sendIssuedLetter(
  ctx: AreaContext,
  request: FastifyRequest,
  reply: FastifyReply,
  report: FileReport,
  params: ReportParams,
) {
  const letter = ISSUED_LETTERS[report.key];
  const studentId = Number(params.student);
  const student = await studentOrFail(ctx.db, studentId, true);
  const team = await teamOrFail(ctx.db, Number(params.team));
  const registration = await registrationOrFail(ctx.db, student.id, team.id);
  let issued;
  try {
    issued = await issueDocument(
      ctx.db,
      ctx.storage,
      ctx.settings.appUrl,
      {
        studentId,
        registrationId: registration.id,
        type: letter.type,
        prefix: letter.prefix,
        documentName: issuedFileName(letter.type, registration.id, student.cpf),
        render: (code, url) => letterPdf(ctx, report.key, { ...params, code, url }),
      },
      request.user?.id,
    );
  } catch (error) {
    // Never 200: a client expecting the file would save the JSON as the PDF.
    if (error instanceof LetterCheck) return reply.status(409).send(error.check);
    throw error;
  }
  await logStudentAccess(ctx.db, request, { studentId, action: 'report', detail: `${report.title} ${issued.code}` });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(`${report.fileName}.pdf`))
    .header('cache-control', 'no-store')
    .header('x-document-code', issued.code)
    .send(issued.pdf);
}
