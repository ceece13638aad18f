import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { ApiError } from '../http/errors';
import { attachment } from '../reports/attachment';
import { runInWorker } from '../workers/pool';
import { sheetFileOf, sheetFormOf } from './access';
import { IMPORT_KINDS, IMPORTS_RUN } from './kinds';
import { SHEET_LIMITS } from './read/limits';
import { resolveNames } from './service';
import type { ImportThreadResult } from './thread-tasks';

const fail = (result: ImportThreadResult) => {
  if ('failure' in result) throw new ApiError(result.failure.statusCode, result.failure.message, result.failure.errors);
};

/**
 * `POST /imports/annotated` (multipart: kind, file; who may send the file to `POST /imports`): the file's rows as an
 * XLSX with an "Erro" column, every problem of a line joined by "; ", so the office corrects the lines and sends the
 * file again. Read and checked in a worker thread with the upload's limits; written in one too; nothing is kept.
 */
export function registerAnnotatedRoute(app: FastifyInstance, { db }: AreaContext): void {
  app.post(
    '/imports/annotated',
    {
      config: {
        access: IMPORTS_RUN,
        bodies: ['form'],
        formFile: { maxBytes: SHEET_LIMITS.uploadBytes, status: 422 },
      },
    },
    async (request, reply) => {
      const { body, kind } = sheetFormOf(request);
      const file = sheetFileOf(body);
      const read = await runInWorker<ImportThreadResult>({
        kind: 'import-read',
        importKind: kind,
        bytes: new Uint8Array(file),
        keepCells: true,
      });
      fail(read);
      if (!('parsed' in read) || !read.sheet) throw new Error('resposta inesperada da leitura da planilha');
      await resolveNames(db, kind, read.parsed);
      const drawn = await runInWorker<ImportThreadResult>({
        kind: 'import-annotate',
        importKind: kind,
        sheet: read.sheet,
        problems: read.parsed.problems,
      });
      fail(drawn);
      if (!('bytes' in drawn)) throw new Error('resposta inesperada da planilha com erros');
      const label = IMPORT_KINDS[kind].label.toLowerCase().replace(/\s+/g, '-');
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`importação-${label}-com-erros.xlsx`));
      return Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength);
    },
  );
}
