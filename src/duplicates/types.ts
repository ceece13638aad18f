/** Whose duplicates: students or guardians. */
export type DuplicateKind = 'students' | 'guardians';

/** One side of a likely pair, as `GET /students/duplicates` (or guardians) summarises it. */
export interface DuplicateRecord {
  id: number;
  name: string;
  cpf: string | null;
  /** Students. */
  birth_date?: string | null;
  name_mother?: string | null;
  registrations?: number;
  charges?: number;
  /** Guardians. */
  phone?: string | null;
  email?: string | null;
  students?: number;
  portal_account?: boolean;
}

export interface DuplicatePair {
  id: string;
  reasons: string[];
  first: DuplicateRecord;
  second: DuplicateRecord;
}

export interface DuplicatePage {
  data: DuplicatePair[];
  total: number;
  current_page: number;
  last_page: number;
}
