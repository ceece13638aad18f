import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Area, AreaContext } from '../area';
import { audit } from '../audit/log';
import { dynamic } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, idParam, notFound, parseOr422 } from '../http/errors';
import { PREFIX } from '../documents/store-route';
import type { DocumentType } from '../documents/issue';
import { isStorageKey } from '../storage/storage';
import { sendSignatureCode, signPdf, type Signer, type SignatureSubject } from './index';

type DocParams = { Params: { student: string; id: string } };

export const NOT_SIGNABLE = 'Só documentos emitidos e válidos podem ser assinados pela escola.';
const REASON = 'Informe o motivo da revogação (até 500 caracteres).';

const signSchema = z.object({
  code: z.string({ error: 'Informe o código de 6 dígitos recebido por e-mail.' }).trim(),
  sha256: z
    .string({ error: 'Envie o SHA-256 do documento lido.' })
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'Envie o SHA-256 do documento lido.'),
});
const revokeSchema = z.object({
  reason: z.string({ error: REASON }).trim().min(3, REASON).max(500, REASON),
});

/**
 * Staff signing a student's issued document ("Assinar pela escola"): the school's side of a contract, or any other
 * document the school issued (a history, a declaration). A code e-mailed to the signed-in user, then the signature —
 * a new version of the document, of the same kind and code prefix (a new signature row superseding the family's when
 * there is one, a new PDF with every signature page). Revocation (Administração) records when, who and why; nothing
 * is deleted.
 */
export function registerSignatureRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db, storage } = ctx;
  const k = dynamic(db);
  const access = { access: 'students.write', reach: { student: 'students' } };

  /** The student's issued document (not revoked), its stored file and the signature it carries, if any. */
  const documentOf = async (request: FastifyRequest<DocParams>) => {
    const studentId = idParam(request.params.student);
    const doc = await k
      .selectFrom('documents')
      .select(['id', 'type', 'folder', 'file_name', 'document_name', 'revoked_at', 'student_id'])
      .where('id', '=', idParam(request.params.id))
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if (!doc) throw notFound('Documento não encontrado.');
    if (!(String(doc.type) in PREFIX) || doc.revoked_at) throw conflict(NOT_SIGNABLE);
    const signature = await k
      .selectFrom('signatures')
      .select(['id', 'title', 'expires_at'])
      .where('document_id', '=', doc.id)
      .executeTakeFirst();
    return { doc, studentId, signature };
  };
  const signerOf = async (request: FastifyRequest): Promise<Signer> => {
    const user = await k
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('id', '=', request.user!.id)
      .executeTakeFirstOrThrow();
    return { kind: 'user', id: Number(user.id), name: String(user.name), cpf: null, email: String(user.email) };
  };
  const subjectOf = (documentId: number): SignatureSubject => ({ purpose: 'document', subject_id: documentId });

  app.get<DocParams>('/students/:student/documents/:id/signatures', { config: access }, async (request) => {
    const studentId = idParam(request.params.student);
    const rows = await k
      .selectFrom('signatures')
      .select(['id', 'signer_name', 'signer_kind', 'signed_at', 'document_code', 'document_id', 'revoked_at'])
      .where('student_id', '=', studentId)
      .where('document_id', '=', idParam(request.params.id))
      .execute();
    return { data: rows };
  });

  app.post<DocParams>('/students/:student/documents/:id/sign-code', { config: access }, async (request) => {
    const { doc } = await documentOf(request);
    const answer = await sendSignatureCode(ctx, subjectOf(Number(doc.id)), await signerOf(request));
    return { ...answer, message: `Enviamos um código de 6 dígitos para ${answer.sent_to}. Ele vale por 15 minutos.` };
  });

  app.post<DocParams>('/students/:student/documents/:id/sign', { config: access }, async (request) => {
    const input = parseOr422(signSchema, request.body ?? {});
    const { doc, studentId, signature } = await documentOf(request);
    const key = `documents/${String(doc.file_name)}`;
    const pdf = isStorageKey(key) ? await storage.get(key) : null;
    if (!pdf) throw notFound('O arquivo deste documento não foi encontrado.');
    const signed = await signPdf(ctx, {
      subject: subjectOf(Number(doc.id)),
      signer: await signerOf(request),
      code: input.code,
      sha256: input.sha256,
      pdf,
      title: signature ? String(signature.title) : String(doc.document_name ?? 'Contrato').replace(/\.pdf$/i, ''),
      student_id: studentId,
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? ''),
      supersedes_id: signature ? Number(signature.id) : null,
      document: {
        type: doc.type as DocumentType,
        folder: doc.folder == null ? null : String(doc.folder),
      },
      // A new version of a document with a term keeps the term.
      expires_at: signature?.expires_at == null ? null : new Date(signature.expires_at).toISOString(),
    });
    const created = await k
      .selectFrom('signatures')
      .select('document_id')
      .where('id', '=', signed.signature_id)
      .executeTakeFirst();
    return {
      data: { ...signed, document_id: created?.document_id ?? null },
      message: `Documento assinado pela escola. Nova versão com o código ${signed.code}.`,
    };
  });

  app.post<{ Params: { id: string } }>(
    '/signatures/:id/revoke',
    { config: { access: 'users.manage' } },
    async (request) => {
      const { reason } = parseOr422(revokeSchema, request.body ?? {});
      const id = idParam(request.params.id);
      const now = new Date().toISOString();
      await inTransaction(db, async (tx) => {
        const t = dynamic(tx);
        const row = await t
          .selectFrom('signatures')
          .select(['id', 'document_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound('Assinatura não encontrada.');
        // One revocation counts, even when two requests race: the second finds it revoked.
        const done = await t
          .updateTable('signatures')
          .set({ revoked_at: now, revoke_reason: reason, revoked_by: request.user!.id })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw conflict('Esta assinatura já foi revogada.');
        if (row.document_id != null) {
          await t
            .updateTable('documents')
            .set({ revoked_at: now, updated_at: now })
            .where('id', '=', row.document_id)
            .where('revoked_at', 'is', null)
            .execute();
        }
        await audit(tx, {
          userId: request.user!.id,
          entity: 'signatures',
          entityId: id,
          action: 'update',
          changes: { revoked_at: [null, now], revoke_reason: reason },
        });
      });
      return { message: 'Assinatura revogada. O documento deixou de valer na verificação pública.' };
    },
  );
}

export const signaturesArea: Area = { routes: registerSignatureRoutes };
