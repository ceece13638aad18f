import { apiRequest } from '../api/http';

/** A team the open campaign offers, with places free or a waiting list (no counts). */
export interface OpenTeam {
  id: number;
  name: string;
  places: 'vagas disponíveis' | 'lista de espera';
}

export interface OpenAdmission {
  id: number;
  year: number;
  closes_on: string;
  teams: OpenTeam[];
}

/** What a family is told of its request (server/enrolment/admissions-public.ts `answerOf`). */
export interface AdmissionAnswer {
  status: 'pendente' | 'espera' | 'aceita' | 'recusada';
  position?: number;
  message: string;
}

export interface AdmissionForm {
  team_id: number;
  student: { name: string; birth_date: string; cpf: string };
  guardian: { name: string; cpf: string; email: string; phone: string };
  altcha: string;
  website: string;
}

/** The public admission's calls (no session, outside react-admin, as publicClient.ts). */
export const admissionClient = {
  open: () => apiRequest<{ data: OpenAdmission | null }>('/admissions/open'),
  send: (form: AdmissionForm) => apiRequest<AdmissionAnswer>('/admissions', { method: 'POST', body: form }),
  follow: (token: string) => apiRequest<AdmissionAnswer>(`/admissions/follow/${encodeURIComponent(token)}`),
};
