import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/useApi';

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
  const api = useApi();
  // Under the student's key: a document issued, moved or removed anywhere reads it again.
  const { data, error, refetch } = useQuery({
    queryKey: ['alunos', id ?? '', 'documentos'],
    queryFn: () => api.getDocumentsStudent(id ?? ''),
    retry: false,
  });
  return {
    student: data ?? null,
    error: error ? error.message || 'Erro ao carregar o aluno.' : data === null ? 'Aluno não encontrado.' : null,
    reload: async () => void (await refetch()),
  };
}

/** The path of a stored document under `/documents/...`. */
export const storedPath = (d: { folder: string; file_name: string }) =>
  `${encodeURIComponent(d.folder)}/${encodeURIComponent(d.file_name)}`;
