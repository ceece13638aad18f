import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../db/errors';
import { INT_MAX } from './ids';

export type FieldErrors = Record<string, string[]>;

/**
 * An answer the client is meant to read: `{message}` with a status, or 422 with `errors`. It carries no stack: it is
 * an answer, never logged as a fault (installErrorHandler sends it as it is), and capturing the frames of Fastify's
 * hooks for each refusal cost more CPU than the rest of building it (the fuzz's tens of thousands of refusals).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More of the answer beside `message` and `errors` (what a screen needs to offer the fix). */
    readonly extra?: Record<string, unknown>,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unauthorized = (message = 'Não autenticado.') => new ApiError(401, message);

/** A route's numeric id; anything else (words, `../`, negatives, past the integer column) is simply not found. */
export function idParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) throw notFound();
  return Number(raw);
}

/**
 * An optional id of the query string (`?team_id=`, `?school_year_id=`): absent or blank is none, anything else that
 * is not an id a 422 naming the parameter with `message`.
 */
export function optionalQueryId(raw: unknown, name: string, message: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(id >= 1 && id <= INT_MAX)) throw validationError({ [name]: [message] });
  return id;
}

/** zod issues as the contract's `{field: [message, …]}` (`prefix` for rows of a list: `rows.2.`). */
export function fieldErrorsOf(
  issues: { path: PropertyKey[]; message: string }[],
  prefix = '',
  into: FieldErrors = {},
): FieldErrors {
  for (const issue of issues) (into[`${prefix}${String(issue.path[0] ?? 'body')}`] ??= []).push(issue.message);
  return into;
}

/** The parsed body, or a 422 with every field's messages. */
export function parseOr422<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: unknown,
): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(fieldErrorsOf(parsed.error.issues));
}

export function validationError(errors: FieldErrors): ApiError {
  const first = Object.values(errors)[0]?.[0];
  const count = Object.keys(errors).length;
  const message =
    count > 1 ? `${first} (e mais ${count - 1} ${count - 1 === 1 ? 'erro' : 'erros'})` : (first ?? 'Dados inválidos.');
  return new ApiError(422, message, errors);
}

/** Fastify's own refusals of a request, in words a client can act on. */
function frameworkMessage(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `A requisição pode ter no máximo ${Math.round(bodyLimit / 1024 / 1024)} MB.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de conteúdo não aceito: envie JSON (application/json) ou um formulário (multipart/form-data).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Corpo da requisição inválido: o JSON está vazio.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Corpo da requisição inválido: o JSON está malformado.';
    default:
      return 'Requisição inválida.';
  }
}

export const DISK_FULL_MESSAGE =
  'Sem espaço em disco para gravar: nada foi salvo. Avise o responsável pelo servidor para liberar espaço e tente novamente.';
export const DATABASE_BUSY_MESSAGE =
  'O banco de dados está ocupado por outra tarefa (uma manutenção, por exemplo): nada foi salvo. Tente novamente em alguns instantes.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'O banco de dados está indisponível no momento. Tente novamente em alguns instantes.';

export const BAD_PATH_MESSAGE = 'Endereço inválido: o caminho tem caracteres que não são UTF-8.';
export const LONG_PATH_MESSAGE = 'Endereço inválido: um trecho do caminho é longo demais.';
const INTERNAL_MESSAGE = 'Erro interno do servidor. Tente novamente mais tarde.';

/**
 * Fastify's refusals before any route is found, which its error handler never sees (Fastify's option
 * `frameworkErrors`): a path whose escapes are not UTF-8, a path parameter past its length. In Portuguese like
 * every other answer, and without echoing the path.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') void reply.status(400).send({ message: BAD_PATH_MESSAGE });
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(414).send({ message: LONG_PATH_MESSAGE });
  else void reply.status(500).send({ message: INTERNAL_MESSAGE });
}

/** Any failure leaves as JSON `{message}`; internal details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(error.statusCode).send({ ...error.extra, ...body });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: frameworkMessage(error, bodyLimit) });
    }
    // A full disk or a database that went away is the server's state, not a bug: a 503 that says so.
    if (isDiskFull(error)) {
      request.log.error({ code: (error as { code?: string }).code }, 'disk full');
      return reply.status(503).send({ message: DISK_FULL_MESSAGE });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database busy');
      return reply.status(503).header('retry-after', '2').send({ message: DATABASE_BUSY_MESSAGE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: string }).code, reason: error.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: 'Rota não encontrada.' });
  });
}
