import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodiesOf } from './bodies';
import { ApiError } from './errors';
import { textOfBytes } from './utf8';

const MB = 1024 * 1024;

/**
 * What one multipart form may hold; each limit answers with its own message. A grade sheet is one field
 * per cell (60 students × 4 stages is 240), hence the many fields; their text together stays bounded.
 */
export const FORM_LIMITS = { fileSize: 5 * MB, files: 2, fields: 2000, fieldSize: 1 * MB, textTotal: 2 * MB } as const;

const PLUGIN_LIMITS = {
  fileSize: FORM_LIMITS.fileSize,
  files: FORM_LIMITS.files,
  fields: FORM_LIMITS.fields,
  fieldSize: FORM_LIMITS.fieldSize,
};

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that takes larger files than FORM_LIMITS.fileSize (a spreadsheet to import), and the status of its
     * refusal (422 for a file the route names a problem of, as the rest of its answers).
     */
    formFile?: { maxBytes: number; status?: number };
  }
}

/** The plugin's limit errors, in words that name the limit that was passed. */
function limitMessage(code: unknown, fileSize: number): string | undefined {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return `O arquivo pode ter no máximo ${megabytes(fileSize)}.`;
    case 'FST_FILES_LIMIT':
      return `Envie no máximo ${FORM_LIMITS.files} arquivos por vez.`;
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return `O formulário pode ter no máximo ${FORM_LIMITS.fields} campos.`;
    default:
      return undefined;
  }
}

function formError(error: unknown, file?: { maxBytes: number; status?: number }): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const limit = limitMessage(code, file?.maxBytes ?? FORM_LIMITS.fileSize);
  if (limit && code === 'FST_REQ_FILE_TOO_LARGE' && file?.status)
    return new ApiError(file.status, limit, { file: [limit] });
  if (limit) return new ApiError(413, limit);
  if (code === 'FST_PROTO_VIOLATION') return new ApiError(400, 'O formulário tem um campo com um nome não permitido.');
  if (code === 'FST_INVALID_JSON_FIELD_ERROR')
    return new ApiError(400, 'Um campo do formulário declarado como JSON não é um JSON válido.');
  return new ApiError(400, 'O formulário enviado está incompleto ou malformado.');
}

/**
 * The rest of a refused upload is read and thrown away (up to a bound), so that the client gets the
 * answer instead of a connection reset, and the kept-alive connection is not left mid-body.
 */
function discardRest(raw: IncomingMessage): void {
  let left = 64 * MB;
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads a whole form: fields as text (a repeated name becomes a list), files as Buffers. A failure on
 * one part (a file cut short because a limit was passed) is answered by the limit, read from the parts
 * that follow, never by the broken stream.
 */
async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const previous = body[name];
    body[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  };
  let broken: unknown;
  let text = 0;
  const file = request.routeOptions.config?.formFile;
  const limits = file ? { limits: { ...PLUGIN_LIMITS, fileSize: file.maxBytes } } : undefined;
  try {
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        try {
          add(part.fieldname, await part.toBuffer());
        } catch (error) {
          broken ??= error;
        }
      } else if (part.valueTruncated) {
        throw new ApiError(
          413,
          `O campo ${part.fieldname.slice(0, 60)} pode ter no máximo ${megabytes(FORM_LIMITS.fieldSize)}.`,
        );
      } else {
        text += String(part.value ?? '').length + part.fieldname.length;
        if (text > FORM_LIMITS.textTotal)
          throw new ApiError(
            413,
            `O texto do formulário pode ter no máximo ${megabytes(FORM_LIMITS.textTotal)} ao todo.`,
          );
        add(part.fieldname, textOfBytes(part.value));
      }
    }
  } catch (error) {
    discardRest(request.raw);
    throw formError(error, file);
  }
  if (broken) {
    discardRest(request.raw);
    throw formError(broken, file);
  }
  return body;
}

/**
 * Multipart forms arrive as plain body values (files as Buffers), so the same validation applies as
 * to JSON. Registered on the root so that the form is read before any route's own hooks, but only for
 * a signed-in user (staff, or a family on a portal route) on a route that takes forms (`config.bodies`): an
 * anonymous caller, or a path no route has, never gets megabytes read and parsed on its behalf (see http/bodies.ts).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  // Text fields are handed over byte for byte (Latin-1) and read as UTF-8 here (textOfBytes), because the
  // parser's own UTF-8 turns invalid bytes into "�" past telling. A part that names a charset of its own
  // (no browser sends one) is decoded by the parser in that charset first: its text is kept when it has a
  // character past U+00FF, else read as bytes again, so an accent alone in it (a declared "é") is refused
  // rather than stored as something other than what was sent.
  await app.register(multipart, {
    defCharset: 'latin1',
    limits: PLUGIN_LIMITS,
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && (request.user || request.portalAccount) && bodiesOf(request).includes('form'))
      request.body = await readForm(request);
  });
}
