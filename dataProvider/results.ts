import { apiBlob } from '../src/api/files';
import type { TeamResultsData } from '../src/results/types';
import { request } from './request';

const results = (teamId: number) => `/teams/${teamId}/results`;

/** The year's results of a team (server/results): make-ups, council decisions, closing, the ata. */
export const resultMethods = {
  getTeamResults: (teamId: number) => request<TeamResultsData>(results(teamId)),
  /** A make-up grade ("7,5"; empty removes it) or a council decision ('aprovado' with its reason; null removes). */
  saveTeamResult: (
    teamId: number,
    registrationId: number,
    body: {
      makeup?: { discipline_id: number; grade: string | null }[];
      council?: { discipline_id: number; decision: 'aprovado' | null; reason: string }[];
    },
  ) => request<{ message: string }>(`${results(teamId)}/${registrationId}`, { method: 'PUT', body }),
  closeTeam: (teamId: number) => request<{ message: string }>(`/teams/${teamId}/close`, { method: 'POST' }),
  reopenTeam: (teamId: number, reason: string) =>
    request<{ message: string }>(`/teams/${teamId}/reopen`, { method: 'POST', body: { reason } }),
  /** The "Ata de resultados finais" PDF. */
  getResultsAta: (teamId: number) => apiBlob(`${results(teamId)}/ata`),
};
