import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import type { Db } from '../db/connection';
import { ApiError, validationError } from '../http/errors';
import { runInWorker } from '../workers/pool';
import { enrolmentCount, type Stage } from './census';
import { CENSUS_YEARS, layoutOf } from './layouts';
import { importReturnFile } from './return-file';
import { digitsOf } from './text';
import type { CensusThreadResult } from './thread-task';

export const CENSUS_ACCESS = 'census.manage';
/** INEP's return file of a school: a few thousand lines; anything much larger is not one. */
export const RETURN_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most enrolments of a census year the check and the file are built for (a large school has a few thousand): past
 * it the answer is a 422 before any row is read. An object, not a constant, so a test can lower it.
 */
export const CENSUS_LIMITS = { enrolments: 20_000 };

function layoutOrFail(raw: string) {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  const layout = layoutOf(year);
  if (!layout)
    throw validationError({
      year: [
        `Não há leiaute do Censo Escolar para o ano ${raw.slice(0, 10)}: anos disponíveis: ${CENSUS_YEARS.join(', ')}.`,
      ],
    });
  return { year, layout };
}

function stageOf(raw: unknown, fallback?: Stage): Stage {
  if ((raw === undefined || raw === '') && fallback) return fallback;
  if (raw === '1' || raw === '2') return Number(raw) as Stage;
  throw validationError({ stage: ['Informe a etapa do Censo: 1 (matrícula inicial) ou 2 (situação do aluno).'] });
}

/**
 * The stage's check (and file) built in a worker thread, which reads the rows through its own connection: the
 * request loop only counts the year's enrolments, refusing a year past the cap.
 */
async function inWorker(db: Db, year: number, stage: Stage, file: boolean): Promise<CensusThreadResult> {
  const count = await enrolmentCount(db, year);
  if (count > CENSUS_LIMITS.enrolments) {
    const limit = CENSUS_LIMITS.enrolments.toLocaleString('pt-BR');
    throw validationError({
      year: [
        `O Censo de ${year} tem ${count.toLocaleString('pt-BR')} matrículas, mais que as ${limit} que o sistema gera ` +
          'de uma vez: confira se as turmas do ano letivo estão certas ou procure o suporte.',
      ],
    });
  }
  return runInWorker<CensusThreadResult>({ kind: 'census', year, stage, file, db: db.opened });
}

/**
 * The Censo Escolar (issue 40): the problems the Educacenso system would refuse, the stage's file for INEP (refused
 * while there are problems) and INEP's return file read into our records. For whoever answers the census
 * (`census.manage`: Administração and Secretaria).
 */
function registerCensusRoutes(app: FastifyInstance, { db }: AreaContext): void {
  app.get<{ Params: { year: string }; Querystring: { stage?: string } }>(
    '/educacenso/:year/check',
    { config: { access: CENSUS_ACCESS } },
    async (request) => {
      const { year } = layoutOrFail(request.params.year);
      const { problems } = await inWorker(db, year, stageOf(request.query.stage, 1), false);
      return { data: problems };
    },
  );

  app.get<{ Params: { year: string }; Querystring: { stage?: string } }>(
    '/educacenso/:year/export',
    { config: { access: CENSUS_ACCESS } },
    async (request, reply) => {
      const { year } = layoutOrFail(request.params.year);
      const stage = stageOf(request.query.stage);
      const { problems, file: bytes } = await inWorker(db, year, stage, true);
      if (problems.length || !bytes) {
        const count = problems.length;
        throw new ApiError(
          422,
          `O arquivo do Censo não pode ser gerado: ${count} ${count === 1 ? 'pendência' : 'pendências'} a corrigir.`,
          { censo: problems.map((p) => p.message) },
          { data: problems },
        );
      }
      const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const inep = digitsOf(file.toString('latin1').split('|')[1]);
      return reply
        .header('content-type', 'text/plain; charset=iso-8859-1')
        .header('content-disposition', `attachment; filename="censo-escolar-${year}-etapa-${stage}-${inep}.txt"`)
        .send(file);
    },
  );

  app.post<{ Params: { year: string } }>(
    '/educacenso/:year/return',
    {
      config: {
        access: CENSUS_ACCESS,
        bodies: ['form'],
        formFile: { maxBytes: RETURN_MAX_BYTES, status: 422 },
      },
    },
    async (request) => {
      layoutOrFail(request.params.year);
      const file = (request.body as { file?: unknown } | undefined)?.file;
      if (!Buffer.isBuffer(file) || file.length === 0)
        throw validationError({ file: ['Envie o arquivo de retorno do Censo (o .txt que o INEP devolve).'] });
      return { data: await importReturnFile(db, file, request.user?.id) };
    },
  );
}

export const censusArea: Area = { routes: registerCensusRoutes };
