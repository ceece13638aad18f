import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The path of a request URL, without its query string: a query can carry a secret (the reset link's
 * `?token=`) or personal data (a form sent by GET), and the log keeps neither.
 */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** What fastify's `req` serializer reads, with the path in place of the URL. */
function withoutQuery(request: FastifyRequest) {
  return {
    method: request.method,
    url: pathOf(request.url),
    headers: {},
    host: request.host,
    ip: request.ip,
    socket: request.socket,
  };
}

/**
 * One log line per request, when its answer is sent, instead of fastify's two (received, completed):
 * method, path, status and time are all known by then, and a line costs throughput
 * (docs/desenvolvimento/desempenho.md).
 * Errors keep fastify's own lines, with the path instead of the URL.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: pathOf(request.url),
        statusCode: reply.statusCode,
        ms: +reply.elapsedTime.toFixed(1),
      },
      'request',
    );
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500)
      reply.log.error({ req: withoutQuery(request), res: reply, err: error }, error?.message);
    else super.defaultErrorLog(error, request, reply);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: withoutQuery(request), res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${pathOf(request.url)} not found`);
  }
}
