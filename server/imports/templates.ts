import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { byName } from '../db/name-order';
import { ApiError, validationError } from '../http/errors';
import { runInWorker } from '../workers/pool';
import { specOf } from './columns';
import { IMPORT_KINDS, IMPORTS_RUN } from './kinds';
import { kindFor } from './access';
import type { TemplateLists } from './template';
import type { ImportThreadResult } from './thread-tasks';

const FILE_NAMES: Record<string, string> = {
  students: 'modelo-importacao-alunos',
  teams: 'modelo-importacao-turmas',
  enrolments: 'modelo-importacao-matriculas',
  charges: 'modelo-importacao-cobrancas',
  grades: 'modelo-importacao-notas',
};

/** `GET /imports/templates/{kind}?format=xlsx|csv`: the kind's template, drawn in a worker thread. */
export function registerTemplateRoute(app: FastifyInstance, { db }: AreaContext): void {
  app.get<{ Params: { kind: string }; Querystring: { format?: string } }>(
    '/imports/templates/:kind',
    { config: { access: IMPORTS_RUN } },
    async (request, reply) => {
      const kind = kindFor(request, request.params.kind);
      const spec = specOf(kind);
      if (!spec) throw validationError({ kind: [`${IMPORT_KINDS[kind].label}: importação ainda não disponível.`] });
      const format = request.query.format ?? 'xlsx';
      if (format !== 'xlsx' && format !== 'csv')
        throw validationError({ format: ['Formato inválido: use xlsx ou csv.'] });
      const lists: TemplateLists = {};
      for (const table of new Set(spec.columns.flatMap((c) => (c.byName ? [c.byName] : []))))
        lists[table] = (
          await dynamic(db).selectFrom(table).select('name').orderBy(byName(db, 'name')).limit(1000).execute()
        ).map((r) => String(r.name));
      const result = await runInWorker<ImportThreadResult>({
        kind: 'import-template',
        importKind: kind,
        format,
        lists,
      });
      if ('failure' in result) throw new ApiError(result.failure.statusCode, result.failure.message);
      if (!('bytes' in result)) throw new Error('resposta inesperada do modelo');
      const bytes = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
      const name = `${FILE_NAMES[kind] ?? `modelo-${kind}`}.${format}`;
      reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}"`);
      return bytes;
    },
  );
}
