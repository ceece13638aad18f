import type { AccessEntry } from '../src/students/AccessLogTab';
import type { StudentAttendance } from '../src/students/AttendanceTable';
import type { FoundGuardian } from '../src/students/GuardianOnCreate';
import type { GuardianLink } from '../src/students/GuardiansTab';
import type { InPersonInvitation, PortalOwner } from '../src/students/InviteDialog';
import type { PayerRecord } from '../src/students/PayerDialog';
import type { PortalAccess } from '../src/students/PortalAccess';
import type { Scholarship } from '../src/students/ScholarshipLine';
import type { StatusHistoryEntry } from '../src/students/StatusPanel';
import type { CepAddress } from '../src/students/useCepLookup';
import { request } from './request';

/** The server's words of a write (`{message}`), with the record it answers where it has one. */
type Said<T = unknown> = { message?: string; data?: T };

const student = (id: number) => `/students/${id}`;

/**
 * The student's record beyond its CRUD (server/students, guardians, registrations, books, portal): the tabs of the
 * student screen. Writes answer the server's `{message}`, which `useServerWrite` shows.
 */
export const studentMethods = {
  getStudentAttendance: (id: number) => request<StudentAttendance>(`${student(id)}/attendance`),
  getStudentAccessLog: (id: number, page: number, perPage: number) =>
    request<{ data: AccessEntry[]; total: number }>(`${student(id)}/access-log`, { query: { page, perPage } }),
  getStudentStatusHistory: (id: number) =>
    request<{ data: StatusHistoryEntry[] }>(`${student(id)}/status-history`).then((answer) => answer.data),
  setStudentStatus: (id: number, status: string) =>
    request<Said>(`${student(id)}/status`, { method: 'PUT', body: { status } }),

  addObservation: (id: number, observation: string) =>
    request<Said>(`${student(id)}/observations`, { method: 'POST', body: { observation } }),
  saveObservation: (id: number, observationId: number, observation: string) =>
    request<Said>(`${student(id)}/observations/${observationId}`, { method: 'PUT', body: { observation } }),
  removeObservation: (id: number, observationId: number) =>
    request<Said>(`${student(id)}/observations/${observationId}`, { method: 'DELETE' }),

  addBook: (values: Record<string, unknown>) => request<Said>('/books', { method: 'POST', body: values }),
  removeBook: (bookId: number) => request<Said>(`/books/${bookId}`, { method: 'DELETE' }),

  enrol: (values: { student_id: number; team_id: number; payment_plan_id?: number; enrolled_on?: string }) =>
    request<Said>('/registrations', { method: 'POST', body: values }),
  /** The enrolment's day and exit day (issue 37). */
  saveEnrolmentDates: (registrationId: number, dates: { enrolled_on: string; left_on: string | null }) =>
    request<Said>(`/registrations/${registrationId}`, { method: 'PUT', body: dates }),
  removeEnrolment: (registrationId: number) => request<Said>(`/registrations/${registrationId}`, { method: 'DELETE' }),
  /** The contract of the student's enrolment in a team, made (or made again with `reissue`) from the school's text. */
  makeContract: (id: number, teamId: number, reissue: boolean) =>
    request<Said>(`/exports/student-contract/${id}/${teamId}`, { method: 'POST', body: reissue ? { reissue } : {} }),
  getScholarship: (registrationId: number) =>
    request<{ data: Scholarship | null }>(`/registrations/${registrationId}/scholarship`).then((a) => a.data),
  saveScholarship: (registrationId: number, values: Record<string, unknown>) =>
    request<Said>(`/registrations/${registrationId}/scholarship`, { method: 'PUT', body: values }),
  removeScholarship: (registrationId: number) =>
    request<Said>(`/registrations/${registrationId}/scholarship`, { method: 'DELETE' }),

  getStudentGuardians: (id: number) =>
    request<{ data: GuardianLink[] }>(`${student(id)}/guardians`).then((answer) => answer.data),
  linkGuardian: (id: number, values: Record<string, unknown>) =>
    request<Said>(`${student(id)}/guardians`, { method: 'POST', body: values }),
  saveGuardianLink: (id: number, guardianId: number, values: Record<string, unknown>) =>
    request<Said>(`${student(id)}/guardians/${guardianId}`, { method: 'PUT', body: values }),
  unlinkGuardian: (id: number, guardianId: number) =>
    request<Said>(`${student(id)}/guardians/${guardianId}`, { method: 'DELETE' }),
  /** Registered guardians whose record matches `search` (a CPF, a name): one short page. */
  findGuardians: (search: string, perPage = 5) =>
    request<{ data: FoundGuardian[] }>('/guardians', { query: { search, perPage } }).then((answer) => answer.data),
  /** A guardian registered from the student's screens (the generic create, answering its message and record). */
  registerGuardian: <T = FoundGuardian>(values: Record<string, unknown>) =>
    request<Said<T> & { data: T }>('/guardians', { method: 'POST', body: values }),
  saveGuardian: (guardianId: number, values: Record<string, unknown>) =>
    request<Said>(`/guardians/${guardianId}`, { method: 'PUT', body: values }),

  getPayer: (id: number) => request<{ data: PayerRecord }>(`${student(id)}/payer`).then((answer) => answer.data),
  savePayer: (id: number, values: Record<string, unknown>) =>
    request<Said<PayerRecord> & { data: PayerRecord }>(`${student(id)}/payer`, { method: 'PUT', body: values }),

  getPortalAccess: (owner: PortalOwner, id: number) => request<PortalAccess>(`/${owner}/${id}/portal-access`),
  revokePortalAccess: (owner: PortalOwner, id: number) =>
    request<Said | null>(`/${owner}/${id}/portal-access`, { method: 'DELETE' }),
  invitePortal: (owner: PortalOwner, id: number, delivery: 'email' | 'link') =>
    request<Partial<InPersonInvitation> & { message: string }>(`/${owner}/${id}/invite`, {
      method: 'POST',
      body: { delivery },
    }),

  /** The address of a CEP (ViaCEP, then BrasilAPI); a 404 when no service knows it. */
  lookupCep: (cep: string) => request<CepAddress>(`/cep/${cep}`),
};
