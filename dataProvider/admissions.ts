import { request } from './request';

/** The office's decision on a new family's admission (server/enrolment/admissions-office.ts). */
export interface AdmissionDecision {
  message: string;
  data: { id: number; status: string };
}

/** Admissions of new families: accept (creates the student and the guardian, invites to the portal) or decline. */
export const admissionMethods = {
  acceptAdmission: (id: number) => request<AdmissionDecision>(`/admissions/${id}/accept`, { method: 'POST' }),
  declineAdmission: (id: number, reason: string) =>
    request<AdmissionDecision>(`/admissions/${id}/decline`, { method: 'POST', body: { reason } }),
};
