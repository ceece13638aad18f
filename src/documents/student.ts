import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../api/http';

export interface StudentDocument {
  id: number;
  type: string;
  code: string | null;
  folder: string;
  file_name: string;
  registration_id: number | null;
  created_at: string;
  /** Revoked (issue 35): kept in the list, no longer the enrolment's document. */
  revoked_at?: string | null;
}

export interface StudentRegistration {
  id: number;
  number: string;
  team: { id: number; name: string } | null;
}

/** The parts of the student record (`GET /students/{id}`, first item) the document editors read. */
export interface DocumentsStudent {
  id: number;
  name: string;
  cpf: string | null;
  birth_date: string | null;
  naturalness: string | null;
  documents: StudentDocument[];
  registrations: StudentRegistration[];
}

/** The student whose document is made, reloadable after one is issued or removed. */
export function useDocumentsStudent(id: string | undefined) {
  const [student, setStudent] = useState<DocumentsStudent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const answer = await apiRequest<DocumentsStudent[]>(`/students/${encodeURIComponent(id ?? '')}`);
      setStudent(answer[0] ?? null);
      setError(answer[0] ? null : 'Aluno não encontrado.');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Erro ao carregar o aluno.');
    }
  }, [id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { student, error, reload };
}

/** The path of a stored document under `/documents/...`. */
export const storedPath = (d: { folder: string; file_name: string }) =>
  `${encodeURIComponent(d.folder)}/${encodeURIComponent(d.file_name)}`;

/** The server's field errors of a 422, first message each. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors =
    body && typeof body === 'object' && 'errors' in body
      ? (body as { errors?: Record<string, string[]> }).errors
      : undefined;
  return Object.fromEntries(
    Object.entries(errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
  );
}
