import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { idParam, notFound, validationError } from '../http/errors';
import { envelope, parseListQuery } from '../http/list-query';
import { IMPORTS_RUN, isImportKind, LEGACY_KIND } from './kinds';
import { findImport, listImports, SORTABLE } from './record';
import { registerAnnotatedRoute } from './annotated';
import { registerImportUpload } from './upload';
import { registerTemplateRoute } from './templates';

/**
 * Spreadsheet imports (issue 37): `GET /imports` (who ran each, newest first), `GET /imports/{id}` (with the
 * progress of a run), and the upload, the templates and the file with its errors (upload.ts, templates.ts,
 * annotated.ts). Everything asks `imports.run`;
 * what writes or describes a kind also asks that kind's own write permission.
 */
export function registerImportRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;

  app.get('/imports', { config: { access: IMPORTS_RUN } }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    const sortBy = query.sortBy ?? 'id';
    if (!SORTABLE.includes(sortBy)) throw validationError({ sortBy: [`Não é possível ordenar por "${sortBy}".`] });
    const kind = raw.kind === undefined || raw.kind === '' ? undefined : String(raw.kind);
    if (kind !== undefined && kind !== LEGACY_KIND && !isImportKind(kind))
      throw validationError({ kind: ['Tipo de importação inválido.'] });
    const { rows, total } = await listImports(db, {
      page: query.page,
      perPage: query.perPage,
      sortBy,
      // Newest first unless a column is asked for.
      desc: !query.sortBy || Boolean(query.sortDesc),
      kind,
    });
    return envelope(rows, total, query);
  });

  app.get<{ Params: { id: string } }>('/imports/:id', { config: { access: IMPORTS_RUN } }, async (request) => {
    const found = await findImport(db, idParam(request.params.id));
    if (!found) throw notFound('Importação não encontrada.');
    return { data: found };
  });

  registerImportUpload(app, ctx);
  registerTemplateRoute(app, ctx);
  registerAnnotatedRoute(app, ctx);
}

export const importsArea: Area = {
  routes: registerImportRoutes,
};
