import { apiBlob } from '../src/api/files';
import { request } from './request';

/** One signature of a student's document (`GET …/documents/{id}/signatures`). */
export interface DocumentSignature {
  id: number;
  signer_name: string;
  signer_kind: 'guardian' | 'user';
  signed_at: string;
  /** The code of the version this signature made (a new document). */
  document_code: string;
  document_id: number | null;
  revoked_at: string | null;
}

export interface SignedVersion {
  signature_id: number;
  code: string;
  document_id: number | null;
}

const of = (studentId: number, documentId: number) => `/students/${studentId}/documents/${documentId}`;

/** A student's contract signed electronically (server/signatures): the school's side, Administração's revocation. */
export const signatureMethods = {
  getDocumentSignatures: (studentId: number, documentId: number) =>
    request<{ data: DocumentSignature[] }>(`${of(studentId, documentId)}/signatures`).then((answer) => answer.data),
  /** The stored PDF itself, the bytes the person reads before signing (and whose SHA-256 the signature names). */
  getDocumentFile: (document: { folder: string; file_name: string }) =>
    apiBlob(`/documents/storage/${encodeURIComponent(document.folder)}/${encodeURIComponent(document.file_name)}`),
  /** A 6-digit code e-mailed to the signed-in user (`sent_to` masked). */
  sendSignatureCode: (studentId: number, documentId: number) =>
    request<{ sent_to: string; message: string }>(`${of(studentId, documentId)}/sign-code`, { method: 'POST' }),
  /** Signs for the school: a new version of the document, under a new code. */
  signDocument: (studentId: number, documentId: number, body: { code: string; sha256: string }) =>
    request<{ data: SignedVersion; message: string }>(`${of(studentId, documentId)}/sign`, { method: 'POST', body }),
  revokeSignature: (signatureId: number, reason: string) =>
    request<{ message: string }>(`/signatures/${signatureId}/revoke`, { method: 'POST', body: { reason } }),
};
