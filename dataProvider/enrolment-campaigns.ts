import type { CampaignRequest, PanelLine } from '../resources/enrolment-campaigns';
import { request } from './request';

export interface CampaignLine {
  from_team_id: number | null;
  to_team_id: number;
  payment_plan_id: number | null;
  contract_template_id: number | null;
}

export interface RequestsPage {
  data: CampaignRequest[];
  total: number;
}

/** The office's side of the enrolment season (server/enrolment). */
export const enrolmentCampaignMethods = {
  /** "Preencher pela rematrícula automática": each current team's successor in the year, with its plan. */
  prefillCampaignTeams: (schoolYearId: number) =>
    request<{ data: CampaignLine[] }>('/enrolment-campaigns/prefill', { query: { school_year_id: schoolYearId } }),
  /** Per team, the families at each point of the way. */
  getCampaignPanel: (campaignId: number) => request<{ data: PanelLine[] }>(`/enrolment-campaigns/${campaignId}/panel`),
  /** One page of the campaign's requests, filtered by team, step and status. */
  getCampaignRequests: (campaignId: number, query: Record<string, string | number | boolean | undefined>) =>
    request<RequestsPage>(`/enrolment-campaigns/${campaignId}/requests`, { query }),
  /** "Convidar famílias". */
  inviteCampaignFamilies: (campaignId: number) =>
    request<{ data: { created: number }; message: string }>(`/enrolment-campaigns/${campaignId}/invite`, {
      method: 'POST',
    }),
  /** "Lembrar pendentes". */
  remindCampaignPending: (campaignId: number) =>
    request<{ data: { reminded: number }; message: string }>(`/enrolment-campaigns/${campaignId}/remind`, {
      method: 'POST',
    }),
  /** Sends a request back to the family with a note. */
  returnEnrolmentRequest: (requestId: number, note: string) =>
    request<{ message: string }>(`/enrolment-requests/${requestId}/return`, { method: 'POST', body: { note } }),
  /** Accepts a request: the student is enrolled in the target team with the plan (server/enrolment/accept*). */
  acceptEnrolmentRequest: (requestId: number) =>
    request<{ message: string }>(`/enrolment-requests/${requestId}/accept`, { method: 'POST', body: {} }),
};
