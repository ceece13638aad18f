import { createHash } from 'node:crypto';
import { registrationNumber } from '../../resources/format';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { validationError } from '../http/errors';
import { verificationUrl } from '../pdf/verification';
import type { Storage } from '../storage/storage';
import { newDocumentCode, type DocumentPrefix } from './codes';

/** An uploaded document's own code that another document already carries. */
export const CODE_TAKEN = 'Já existe um documento emitido com este código.';

/**
 * 'HISTORIC': a history as the original client names it, stored under the type it sent. 'COMPLETION': the
 * completion statement (atestado de conclusão) of Relatórios. 'TRANSFER': the declaração de transferência (issue 38).
 * 'NFSE': the DANFSe of a charge's service invoice (issue 41).
 */
export type DocumentType =
  'HISTORY' | 'HISTORIC' | 'CERTIFICATE' | 'CONTRACT' | 'DECLARATION' | 'COMPLETION' | 'TRANSFER' | 'NFSE';

export interface IssueRequest {
  studentId: number;
  registrationId: number | null;
  type: DocumentType;
  prefix: DocumentPrefix;
  /** The name the file is downloaded under (`000012_52998224725_CERTIFICATE.pdf`); the key stays the server's. */
  documentName: string;
  /** Draws the PDF; the code and its public page go on every page. */
  render(code: string, url: string): Promise<Buffer>;
  /** A code the PDF already carries (a document made elsewhere and uploaded), instead of a fresh one. */
  code?: string;
  /** The folder a client filed it under (a word, only looked up); the type's name otherwise. */
  folder?: string;
}

/**
 * `000012_52998224725_CERTIFICATE.pdf`: the enrolment's six-digit number, the CPF's digits and the type, as
 * the school files them (spec §9); without a CPF, `000012_CERTIFICATE.pdf`.
 */
export function issuedFileName(type: DocumentType, registrationId: number, cpf: unknown): string {
  const digits = typeof cpf === 'string' ? cpf.replace(/\D/g, '') : '';
  return [registrationNumber(registrationId), digits, type].filter(Boolean).join('_') + '.pdf';
}

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * Issues a document: a fresh random code, the PDF drawn with it, the file stored under a key the server
 * makes, and the row that the public page checks (with the file's SHA-256). All or nothing: a failed
 * insert removes the stored file.
 */
export async function issueDocument(
  db: Db,
  storage: Storage,
  appUrl: string,
  request: IssueRequest,
  userId: number | undefined,
) {
  const folder = request.folder ?? request.type.toLowerCase();
  for (let attempt = 0; ; attempt++) {
    const code = request.code ?? newDocumentCode(request.prefix);
    const pdf = await request.render(code, verificationUrl(appUrl, code));
    const key = await storage.put('documents', 'pdf', pdf);
    const now = new Date().toISOString();
    try {
      // The document and its audit line commit together: no issued document without its line, nor the reverse.
      const row = await inTransaction(db, async (tx) => {
        const inserted = await dynamic(tx)
          .insertInto('documents')
          .values({
            student_id: request.studentId,
            registration_id: request.registrationId,
            type: request.type,
            code,
            folder,
            file_name: key.slice('documents/'.length),
            document_name: request.documentName,
            sha256: sha256(pdf),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, {
          userId,
          entity: 'documents',
          entityId: Number(inserted.id),
          action: 'create',
          changes: { type: request.type, code, student_id: request.studentId, registration_id: request.registrationId },
        });
        return inserted;
      });
      return {
        id: Number(row.id),
        type: request.type,
        code,
        folder,
        file_name: key.slice('documents/'.length),
        document_name: request.documentName,
        registration_id: request.registrationId,
        created_at: now,
        pdf,
      };
    } catch (error) {
      await storage.delete(key);
      // 80 random bits colliding is not expected; if it ever happens, a new code is drawn.
      if (isUniqueViolation(error) && request.code) throw validationError({ code: [CODE_TAKEN] });
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
