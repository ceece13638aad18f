import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PERSONAL_DATA } from '../../resources/permissions';
import type { Area, AreaContext } from '../area';
import { validationError } from '../http/errors';
import { INT_MAX } from '../http/ids';
import { envelope, parseListQuery } from '../http/list-query';
import type { ReportParams } from './builder';
import {
  countGeneral,
  GENERAL_COLUMNS,
  isGeneralColumn,
  listGeneral,
  type GeneralColumn,
  type GeneralViewer,
} from './general';
import { sendReportFile } from './routes';

export const GENERAL_PATH = '/reports/general-report-of-students';
const DEFAULT_SORT: GeneralColumn = 'name';
const CSV_FILE = 'relatorio_geral_de_alunos';

type Query = Record<string, string | undefined>;

const wholeNumber = (message: string, min: number) =>
  z
    .string({ message })
    .trim()
    .regex(/^-?\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= INT_MAX, message);

/** The data-table convention (`draw`, `start`, `length`, `search[value]`, `order[0][…]`), as DataTables sends it. */
const dataTableSchema = z.object({
  draw: wholeNumber('O parâmetro draw deve ser um número inteiro.', 0),
  start: wholeNumber('O parâmetro start deve ser um número inteiro a partir de 0.', 0).default(0),
  // -1 is the data table's "all rows".
  length: wholeNumber('O parâmetro length deve ser um número inteiro (-1 para todas as linhas).', -1).default(10),
  'search[value]': z.string().max(200, 'A pesquisa pode ter no máximo 200 caracteres.').default(''),
  'order[0][column]': z.string().optional(),
  'order[0][dir]': z.string().optional(),
});

/** A column the data table names by index; an unknown index keeps the default order, as DataTables servers do. */
function dataTableSort(column: string | undefined, dir: string | undefined): { sortBy: GeneralColumn; desc: boolean } {
  const index = column !== undefined && /^\d{1,2}$/.test(column) ? Number(column) : -1;
  const sortBy = GENERAL_COLUMNS[index] ?? DEFAULT_SORT;
  return { sortBy, desc: dir?.toLowerCase() === 'desc' };
}

/** `sortBy` of the list convention: a column of the report or a 422 naming it, never SQL. */
function listSort(sortBy: string | undefined): GeneralColumn {
  if (!sortBy) return DEFAULT_SORT;
  if (isGeneralColumn(sortBy)) return sortBy;
  throw validationError({
    sortBy: [`Não é possível ordenar por "${sortBy.slice(0, 40)}". Use ${GENERAL_COLUMNS.join(', ')}.`],
  });
}

/** Who asks (issue 34): a teacher's teams, and whether their search may find a student by a personal field. */
const viewerOf = (request: FastifyRequest): GeneralViewer => ({
  teams: request.teams,
  personal: request.user?.permissions.includes(PERSONAL_DATA) ?? false,
});

/** The general report: a server-side table in both conventions and its CSV, streamed. */
export function registerGeneralReportRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db, resources } = ctx;
  app.get(GENERAL_PATH, { config: { access: 'reports.general' } }, async (request) => {
    const raw = (request.query ?? {}) as Query;
    const viewer = viewerOf(request);
    if (raw.draw !== undefined) {
      const parsed = dataTableSchema.safeParse(raw);
      if (!parsed.success)
        throw validationError(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]])));
      const q = parsed.data;
      const search = q['search[value]'].trim();
      const [recordsTotal, recordsFiltered] = await Promise.all([
        countGeneral(db, resources, '', viewer),
        countGeneral(db, resources, search, viewer),
      ]);
      const data = await listGeneral(
        db,
        resources,
        {
          search,
          ...dataTableSort(q['order[0][column]'], q['order[0][dir]']),
          offset: q.start,
          limit: q.length === -1 ? undefined : q.length,
        },
        viewer,
      );
      return { draw: q.draw, recordsTotal, recordsFiltered, data };
    }
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    const sortBy = listSort(query.sortBy);
    const total = await countGeneral(db, resources, query.search, viewer);
    const all = query.page === 0;
    const rows = await listGeneral(
      db,
      resources,
      {
        search: query.search,
        sortBy,
        desc: Boolean(query.sortDesc),
        offset: all ? 0 : (query.page - 1) * query.perPage,
        limit: all ? undefined : query.perPage,
      },
      viewer,
    );
    return envelope(rows, total, query);
  });

  // The whole filtered set, built in a worker thread (builders/general-csv.ts) and streamed from a file.
  app.get(`${GENERAL_PATH}.csv`, { config: { access: 'reports.general' } }, async (request, reply) => {
    const raw = (request.query ?? {}) as Query;
    const parsed = parseListQuery({ search: raw.search, sortBy: raw.sortBy, sortDesc: raw.sortDesc });
    if (!parsed.ok) throw validationError(parsed.errors);
    const { search, sortDesc } = parsed.value;
    const viewer = viewerOf(request);
    const params: ReportParams = {
      search,
      sortBy: listSort(parsed.value.sortBy),
      desc: sortDesc ? 1 : 0,
      _personal: viewer.personal ? 1 : 0,
      ...(viewer.teams && { _teams: viewer.teams }),
    };
    return sendReportFile(ctx, reply, { key: 'general', params, format: 'csv', fileName: CSV_FILE });
  });
}

export const generalReportArea: Area = {
  routes: registerGeneralReportRoutes,
};
