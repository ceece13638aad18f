import { createHash } from 'node:crypto';
import { dynamic, type Db } from '../db/connection';
import { ApiError, validationError } from '../http/errors';
import { imageType, type Storage } from '../storage/storage';
import { later, type OpenRequest } from './re-enrolment-state';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const WRONG_CONTENT = 'Envie um PDF ou uma foto (JPEG ou PNG).';

/** What a file really is, by its first bytes: a PDF, a JPEG or a PNG; anything else (a renamed .exe) is refused. */
export function documentType(content: Buffer): { mime: string; extension: 'pdf' | 'jpg' | 'png' } | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', extension: 'pdf' };
  const image = imageType(content);
  if (image && image.extension !== 'webp') return { mime: image.mime, extension: image.extension };
  return null;
}

/** The documents asked and, for each, the file uploaded (if any). */
export async function documentsState(db: Db, request: OpenRequest) {
  const rows = await dynamic(db)
    .selectFrom('enrolment_request_documents')
    .select(['name', 'file_name', 'mime', 'size', 'created_at'])
    .where('request_id', '=', request.id)
    .execute();
  return request.campaign.documents.map((name) => {
    const row = rows.find((r) => r.name === name);
    return {
      name,
      uploaded: row
        ? { file_name: String(row.file_name), mime: String(row.mime), size: Number(row.size), at: row.created_at }
        : null,
    };
  });
}

/** The family's upload of one asked document; a second upload of the same name replaces the first. */
export async function uploadDocument(
  db: Db,
  storage: Storage,
  request: OpenRequest,
  body: { name?: unknown; file?: unknown; file_name?: unknown },
) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!request.campaign.documents.includes(name))
    throw validationError({ name: ['Escolha um dos documentos pedidos pela escola.'] });
  const file = body.file;
  if (!Buffer.isBuffer(file) || file.length === 0) throw validationError({ file: ['Escolha o arquivo.'] });
  if (file.length > MAX_DOCUMENT_BYTES) throw new ApiError(413, 'O arquivo pode ter no máximo 10 MB.');
  const type = documentType(file);
  if (!type) throw validationError({ file: [WRONG_CONTENT] });
  const key = await storage.put('documents', type.extension, file);
  const k = dynamic(db);
  const old = await k
    .selectFrom('enrolment_request_documents')
    .select(['id', 'file_key'])
    .where('request_id', '=', request.id)
    .where('name', '=', name)
    .execute();
  await k
    .insertInto('enrolment_request_documents')
    .values({
      request_id: request.id,
      name,
      file_key: key,
      file_name: `${name.slice(0, 150)}.${type.extension}`,
      mime: type.mime,
      size: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
      created_at: new Date().toISOString(),
    })
    .execute();
  if (old.length) {
    await k
      .deleteFrom('enrolment_request_documents')
      .where(
        'id',
        'in',
        old.map((o) => o.id),
      )
      .execute();
    for (const o of old) await storage.delete(String(o.file_key));
  }
  const all = await documentsState(db, request);
  if (all.every((d) => d.uploaded))
    await k
      .updateTable('enrolment_requests')
      .set({ step: later(request.step, 'documentos'), updated_at: new Date().toISOString() })
      .where('id', '=', request.id)
      .execute();
  return all;
}
