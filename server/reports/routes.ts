import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileReports } from '../../reports/index';
import { PERSONAL_DATA } from '../../resources/permissions';
import { MIME_TYPES, type FileReport } from '../../reports/types';
import type { Area, AreaContext } from '../area';
import { logStudentAccess } from '../audit/access';
import { ISSUED_LETTERS, sendIssuedLetter } from '../documents/letters';
import { ApiError } from '../http/errors';
import { attachment } from './attachment';
import { hasBuilder } from './builders/keys';
import { reportParams } from './params';
import { assertReachDeclared, checkReach, pathReach } from './reach';
import { runInWorker } from '../workers/pool';
import type { ReportResult } from './run';
import type { ReportFileFormat, ReportParams } from './builder';

/** `/exports/transfer-report/{team}/start_date/{start_date}` in Fastify's words. */
const routeOf = (api: string) => api.replace(/\{(\w+)\}/g, ':$1');

function formatOf(report: FileReport, params: Record<string, unknown>): ReportFileFormat {
  if (report.format !== 'xlsx|pdf') return report.format;
  return params.type_print === 'pdf' ? 'pdf' : 'xlsx';
}

/** What the server passes to the worker for one file (see run.ts), and the name the file is sent under. */
interface FileRequest {
  key: string;
  params: ReportParams;
  format: ReportFileFormat;
  fileName: string;
  /** Runs once the file is made, before it is sent (the LGPD access log of a report about one student). */
  beforeSend?: () => Promise<void>;
  /** The status of the builder's check, when it answers instead of the file (200 unless said). */
  checkStatus?: number;
}

/**
 * Builds a report file in a worker thread, into a temporary file, and answers with it (streamed, then
 * removed), or with the builder's check or failure. Used by the registry's routes and the general CSV.
 */
export async function sendReportFile(ctx: AreaContext, reply: FastifyReply, file: FileRequest) {
  const outPath = path.join(os.tmpdir(), `secretaria-report-${randomUUID()}.${file.format}`);
  let result: ReportResult;
  try {
    result = await runInWorker<ReportResult>({
      kind: 'report',
      key: file.key,
      params: file.params,
      format: file.format,
      db: ctx.db.opened,
      appUrl: ctx.settings.appUrl,
      now: new Date().toISOString(),
      outPath,
    });
  } catch (error) {
    fs.rm(outPath, { force: true }, () => {});
    if (error instanceof ApiError && error.statusCode === 503) reply.header('retry-after', '5');
    throw error;
  }
  if ('failure' in result || 'check' in result) {
    fs.rm(outPath, { force: true }, () => {});
    if ('check' in result) return reply.status(file.checkStatus ?? 200).send(result.check);
    throw new ApiError(result.failure.statusCode, result.failure.message, result.failure.errors);
  }
  await file.beforeSend?.();
  const stream = fs.createReadStream(outPath);
  stream.on('close', () => fs.rm(outPath, { force: true }, () => {}));
  return reply
    .header('content-type', MIME_TYPES[file.format])
    .header('content-disposition', attachment(`${file.fileName}.${file.format}`))
    .header('cache-control', 'no-store')
    .send(stream);
}

/** Every file report of the registry with a builder becomes a GET route under /api. */
export const reportsArea: Area = {
  routes(app, ctx) {
    const handle = (report: FileReport) => async (request: FastifyRequest, reply: FastifyReply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const params = reportParams(report, request.params as Record<string, string>, rawQuery);
      // Issue 34: a team or a student the caller does not reach is not found, before anything is built.
      await checkReach(ctx.db, ctx.resources, report, params, request.teams);
      // Who asks, for the builders (in a worker, without the request): whether they may see personal data, and
      // a teacher's teams (the reports that cover teams nobody named keep to them).
      params._personal = request.user?.permissions.includes(PERSONAL_DATA) ? 1 : 0;
      if (request.teams) params._teams = request.teams;
      // A report about one student (report card, statements, a financial report filtered to one) hands out
      // that student's data: the access log says who drew which, once the file is made.
      // A declaration or completion statement is an issued document (issue 35): coded, stored, verifiable.
      if (ISSUED_LETTERS[report.key]) return sendIssuedLetter(ctx, request, reply, report, params);
      const student = report.fields.find((f) => f.kind === 'student' && typeof params[f.name] === 'number');
      const studentId = student ? Number(params[student.name]) : undefined;
      return sendReportFile(ctx, reply, {
        key: report.key,
        params,
        format: formatOf(report, params),
        fileName: report.fileName,
        // Only a report whose client asks for a JSON check first (spec §7: report card, transfer report) gets it
        // with 200; any other client expects the file and would save a 200 JSON as the file (a 256-byte
        // ".pdf"), so a confirmation or a refusal there is a 409 with the message.
        checkStatus: report.precheck ? 200 : 409,
        beforeSend:
          studentId === undefined
            ? undefined
            : () => logStudentAccess(ctx.db, request, { studentId, action: 'report', detail: report.title }),
      });
    };

    for (const report of fileReports) {
      if (!hasBuilder(report.key)) continue;
      assertReachDeclared(report);
      // The path's team or student is also the reach guard's (teams/reach.ts): 404 before the parameters are read.
      const reach = pathReach(report);
      app.get(routeOf(report.api), { config: { access: report.access, ...(reach && { reach }) } }, handle(report));
    }
  },
};
