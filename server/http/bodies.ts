import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** The kinds of body a route may read. */
export type BodyKind = 'json' | 'form' | 'pdf' | 'urlencoded';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The bodies this route reads (JSON only when unsaid); any other is refused before it is read. */
    bodies?: BodyKind[];
  }
}

const MEDIA: Record<BodyKind, { type: string; words: string }> = {
  json: { type: 'application/json', words: 'JSON (application/json)' },
  form: { type: 'multipart/form-data', words: 'um formulário com arquivos (multipart/form-data)' },
  pdf: { type: 'application/pdf', words: 'um PDF (application/pdf)' },
  urlencoded: { type: 'application/x-www-form-urlencoded', words: 'um formulário (application/x-www-form-urlencoded)' },
};

/** A route's config for the bodies it reads: `{ config: { bodies: … } }` spread into its options. */
export const JSON_OR_FORM: BodyKind[] = ['json', 'form'];

/** The bodies a request's route reads; none for a path no route has (the 404 handler reads nothing it needs). */
export function bodiesOf(request: FastifyRequest): BodyKind[] {
  if (!request.routeOptions.url) return [];
  return request.routeOptions.config?.bodies ?? ['json'];
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

function refusal(accepted: BodyKind[]): string {
  const words = accepted.map((kind) => MEDIA[kind].words);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} ou ${words[words.length - 1]}` : words[0];
  return `Tipo de conteúdo não aceito nesta rota: envie ${list}.`;
}

/**
 * Each route reads only the bodies it declares (`config.bodies`; JSON when unsaid): another content
 * type is answered 415 from its headers, before a byte of the body is read. The parsers themselves
 * are shared by every route of their scope (a 10 MB PDF parser would otherwise serve `/api/grades`
 * too, and a route would spend its time on a body it never wanted). Runs after the token check, so
 * an anonymous caller of a private route learns only that it needs to sign in.
 */
export function acceptDeclaredBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !hasBody(request)) return;
    const accepted = bodiesOf(request);
    if (accepted.length === 0) return;
    const type = mediaType(request.headers['content-type']);
    if (!accepted.some((kind) => MEDIA[kind].type === type)) throw new ApiError(415, refusal(accepted));
  });
}
