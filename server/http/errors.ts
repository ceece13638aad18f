import type { FastifyError, FastifyInstance } from 'fastify';

export type FieldErrors = Record<string, string[]>;

/** An answer the client is meant to read: `{message}` with a status, or 422 with `errors`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unauthorized = (message = 'Não autenticado.') => new ApiError(401, message);

/** A route's numeric id; anything else (words, `../`, negatives) is simply not found. */
export function idParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** zod issues as the contract's `{field: [message, …]}` (`prefix` for rows of a list: `rows.2.`). */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[], prefix = '', into: FieldErrors = {}): FieldErrors {
  for (const issue of issues) (into[`${prefix}${String(issue.path[0] ?? 'body')}`] ??= []).push(issue.message);
  return into;
}

/** The parsed body, or a 422 with every field's messages. */
export function parseOr422<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, body: unknown): T {
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

/** Any failure leaves as JSON `{message}`; internal details stay in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Corpo da requisição inválido.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Requisição grande demais.'
            : status === 413
              ? 'O arquivo pode ter no máximo 5 MB.'
            : status === 400
              ? 'Requisição inválida.'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Erro interno do servidor. Tente novamente mais tarde.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: 'Rota não encontrada.' });
  });
}
