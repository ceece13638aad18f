import type { PriorStudy } from '../resources/registrations';
import { request } from './request';

type Said = { message?: string; data?: unknown };

/** An issued paper of a transfer: its code and where the office downloads it. */
export interface MovementDocument {
  id: number;
  code: string;
  url: string;
}

/** Leaving and arriving (issue 38, server/school-year/movements): an enrolment's way out, the grades brought in. */
export const movementMethods = {
  /** Transfers the enrolment; the answer links the declaração de transferência and the history. */
  transferEnrolment: (registrationId: number, values: Record<string, unknown>) =>
    request<{ data: { declaration: MovementDocument; history: MovementDocument }; message: string }>(
      `/registrations/${registrationId}/transfer`,
      { method: 'POST', body: values },
    ),
  /** Abandonment, death or completion. */
  recordLeaving: (registrationId: number, values: Record<string, unknown>) =>
    request<Said>(`/registrations/${registrationId}/leave`, { method: 'POST', body: values }),
  /** Where an arriving student came from (`PUT /registrations/{id}`, the origin fields only). */
  saveEnrolmentOrigin: (registrationId: number, origin: Record<string, string | null>) =>
    request<Said>(`/registrations/${registrationId}`, { method: 'PUT', body: origin }),
  getPriorStudies: (registrationId: number) =>
    request<{ data: PriorStudy[] }>(`/registrations/${registrationId}/prior-studies`).then((a) => a.data),
  addPriorStudy: (registrationId: number, values: Record<string, unknown>) =>
    request<Said>(`/registrations/${registrationId}/prior-studies`, { method: 'POST', body: values }),
  removePriorStudy: (registrationId: number, studyId: number) =>
    request<Said>(`/registrations/${registrationId}/prior-studies/${studyId}`, { method: 'DELETE' }),
};
