import type { Branding } from '../branding';
import { apiRequest } from '../api/http';

/**
 * The calls of the pages a visitor sees without a session, outside react-admin's <Admin> (the home, "Esqueceu a
 * senha?", the reset link's page, the school's identity they all wear): no data provider is mounted there, and none
 * is needed — each is one call, answered once, with nothing for another screen to refresh. Signing in itself is
 * the authProvider's (authProvider/index.ts).
 */
export const publicClient = {
  /** The school's name, colours and contacts (`/data-of-client`). */
  branding: () => apiRequest<Branding>('/data-of-client'),
  /** "Esqueceu a senha?" of the staff: the reset link by e-mail. */
  askPasswordLink: (email: string) =>
    apiRequest<{ message: string }>('/forgot-password', { method: 'POST', body: { email } }),
  /** The mailed link's new password. */
  resetPassword: (token: string, values: Record<string, string>) =>
    apiRequest<{ message: string }>('/reset-password', { method: 'POST', body: { token, ...values } }),
};
