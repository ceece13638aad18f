import type { FastifyRequest } from 'fastify';
import { forbiddenMessage } from '../../resources/permissions';
import { ApiError, validationError } from '../http/errors';
import { specOf } from './columns';
import { IMPORT_KINDS, isImportKind, type ImportKind } from './kinds';

/** The kind named by a request, refused 422 when unknown and 403 when the caller may not write what it imports. */
export function kindFor(request: FastifyRequest, raw: unknown, field = 'kind'): ImportKind {
  if (!isImportKind(raw))
    throw validationError({
      [field]: [`Tipo de importação inválido: use ${Object.keys(IMPORT_KINDS).join(', ')}.`],
    });
  const permission = IMPORT_KINDS[raw].permission;
  if (!request.user?.permissions.includes(permission)) throw new ApiError(403, forbiddenMessage(permission));
  return raw;
}

/**
 * A spreadsheet form's fields and the kind it imports (`POST /imports` and `/imports/annotated`): refused as kindFor
 * does, and 422 for a kind whose import is not built.
 */
export function sheetFormOf(request: FastifyRequest): { body: Record<string, unknown>; kind: ImportKind } {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const kind = kindFor(request, body.kind);
  if (!specOf(kind)) throw validationError({ kind: ['Este tipo de importação ainda não está disponível.'] });
  return { body, kind };
}

/** The form's spreadsheet, 422 when none was sent. */
export function sheetFileOf(body: Record<string, unknown>): Buffer {
  if (!Buffer.isBuffer(body.file)) throw validationError({ file: ['Envie a planilha (XLSX ou CSV) no campo file.'] });
  return body.file;
}
