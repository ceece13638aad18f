import type { Enrolment } from '../src/account/TwoStepEnrol';
import { request } from './request';

export interface TwoStepStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The school requires it of the user's role: it cannot be turned off. */
  required: boolean;
}

/** Minha conta (server/auth) and, for Administração, a user's two-step sign-in. */
export const accountMethods = {
  saveMyName: (values: { name: string }) =>
    request<{ data: { name: string }; message?: string }>('/auth/me', { method: 'PUT', body: values }),
  changeMyPassword: (values: Record<string, string>) =>
    request<{ message?: string }>('/auth/password', { method: 'PUT', body: values }),
  getMyTwoStep: () => request<TwoStepStatus>('/auth/two-step'),
  /** The authenticator's secret and QR code, not yet in force. */
  startTwoStepEnrolment: () => request<Enrolment>('/auth/two-step/enrol', { method: 'POST' }),
  /** The first code from the app turns it on; the answer is the recovery codes, shown once. */
  confirmTwoStepEnrolment: (code: string) =>
    request<{ recovery_codes: string[] }>('/auth/two-step/confirm', { method: 'POST', body: { code } }),
  disableMyTwoStep: (password: string) =>
    request<{ message: string }>('/auth/two-step/disable', { method: 'POST', body: { password } }),
  renewRecoveryCodes: (code: string) =>
    request<{ recovery_codes: string[]; message: string }>('/auth/two-step/recovery-codes', {
      method: 'POST',
      body: { code },
    }),
  getUserTwoStep: (userId: number | string) =>
    request<{ enabled: boolean; enabled_at: string | null }>(`/users/${userId}/two-step`),
  /** A lost phone: the user signs in with the password again. */
  resetUserTwoStep: (userId: number | string) =>
    request<{ message: string }>(`/users/${userId}/two-step`, { method: 'DELETE' }),
};
