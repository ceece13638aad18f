import type { FastifyRequest } from 'fastify';
import { forbiddenMessage } from '../../resources/permissions';
import { ApiError, validationError } from '../http/errors';
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
