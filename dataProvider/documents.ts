import type { HistoryData } from '../src/documents/HistoryPreview';
import type { TextTemplate } from '../src/documents/SimpleCertificateForm';
import { storedPath, type DocumentsStudent, type StudentDocument } from '../src/documents/student';
import type { IssuedCertificate } from '../src/documents/useIssueCertificate';
import { request } from './request';

const of = (studentId: number | string) => `/documents/${encodeURIComponent(String(studentId))}`;

/** Issued documents (server/documents): the history and certificate editors, the student's DOCUMENTOS tab. */
export const documentMethods = {
  /** The student record as the editors read it (`GET /students/{id}`, first item); null when there is none. */
  getDocumentsStudent: (studentId: number | string) =>
    request<DocumentsStudent[]>(`/students/${encodeURIComponent(String(studentId))}`).then(
      (answer) => answer[0] ?? null,
    ),
  /** The texts a certificate starts from, by name. */
  getTextTemplates: () =>
    request<{ data: TextTemplate[] }>('/text-documents', { query: { page: 0, sortBy: 'name', sortDesc: 0 } }).then(
      (answer) => answer.data,
    ),
  /** What a team's history shows, and the history already issued for it. */
  getHistoryData: (studentId: number | string, teamId: number | string) =>
    request<{ data: HistoryData; stored: StudentDocument | null }>(`${of(studentId)}/history-data`, {
      query: { team_id: teamId },
    }),
  issueHistory: (studentId: number | string, values: Record<string, unknown>) =>
    request<{ message: string }>(`${of(studentId)}/history`, { method: 'POST', body: values }),
  /** A 422 with `confirm: true` asks whether to issue anyway (useIssueCertificate). */
  issueCertificate: (studentId: number | string, values: Record<string, unknown>) =>
    request<{ data: IssuedCertificate; message: string }>(`${of(studentId)}/certificate`, {
      method: 'POST',
      body: values,
    }),
  /** The stored file removed (GET, as the contract has it). */
  removeDocument: (document: { folder: string; file_name: string }) =>
    request<{ message: string }>(`/documents/${storedPath(document)}/remove`),
  /** An issued document moved to another student's record. */
  transferDocument: (documentId: number, studentId: number) =>
    request<{ message?: string }>(`/documents/${documentId}`, { method: 'PUT', body: { student_id: studentId } }),
};
