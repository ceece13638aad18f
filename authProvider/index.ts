import type { AuthProvider } from 'react-admin';
import { apiRequest, getToken, TOKEN_KEY } from '../src/api/http';
import type { Enrolment } from '../src/account/TwoStepEnrol';

import { USER_KEY } from './keys';
import { storedPermissions } from './permissions';
import { clearSession, fetchMe, logout, MENU_KEY, rememberSignedIn, type CurrentUser } from './session';

export {
  clearSession,
  DEVICE_CACHE_PREFIX,
  fetchMe,
  logout,
  MENU_KEY,
  rememberName,
  type CurrentUser,
} from './session';

export { USER_KEY };
export { allows, storedPermissions } from './permissions';

export interface MenuGroup {
  text: string;
  icon: string;
  children: { action: string; path: string; icon?: string }[];
}

export interface LoginAnswer {
  access_token: string;
  menu: MenuGroup[];
  user: CurrentUser;
  role: CurrentUser['role'];
  permissions: string[];
}

export function storedMenu(): MenuGroup[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(MENU_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as MenuGroup[]) : [];
  } catch {
    return [];
  }
}

/**
 * A right password whose sign-in needs a second step: the authenticator's code (`two_step`) or, when the school
 * requires it and it is not set up, its set-up (`two_step_setup`); `challenge` carries the password's success.
 */
export interface SecondStep {
  two_step?: true;
  two_step_setup?: true;
  challenge: string;
  message: string;
}

export const needsSecondStep = (answer: LoginAnswer | SecondStep): answer is SecondStep => !('access_token' in answer);

/** Keeps the session of a complete sign-in (after the password, or after the second step). */
export function keepSession(answer: LoginAnswer): LoginAnswer {
  localStorage.setItem(TOKEN_KEY, answer.access_token);
  localStorage.setItem(MENU_KEY, JSON.stringify(answer.menu ?? []));
  const user: CurrentUser = { ...answer.user, role: answer.role, permissions: answer.permissions ?? [] };
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  rememberSignedIn(user);
  return answer;
}

/** `altcha`: the solved human verification, asked by the server after failures for this e-mail. */
export async function login(email: string, password: string, altcha?: string): Promise<LoginAnswer | SecondStep> {
  const answer = await apiRequest<LoginAnswer | SecondStep>('/auth/login', {
    method: 'POST',
    body: altcha ? { email, password, altcha } : { email, password },
  });
  return needsSecondStep(answer) ? answer : keepSession(answer);
}

/** The second step: the authenticator's code, or a recovery code. */
export async function verifyTwoStep(challenge: string, code: string, altcha?: string): Promise<LoginAnswer> {
  const answer = await apiRequest<LoginAnswer>('/auth/two-step/verify', {
    method: 'POST',
    body: altcha ? { challenge, code, altcha } : { challenge, code },
  });
  return keepSession(answer);
}

/**
 * The set-up the school requires of the user's role, inside the sign-in (the challenge carries the password's
 * success): the authenticator's secret first, then its first code, which signs in and gives the recovery codes.
 */
export const startRequiredTwoStep = (challenge: string) =>
  apiRequest<Enrolment>('/auth/two-step/setup', {
    method: 'POST',
    body: { challenge },
  });
export async function confirmRequiredTwoStep(challenge: string, code: string) {
  const answer = await apiRequest<LoginAnswer & { recovery_codes: string[] }>('/auth/two-step/setup/confirm', {
    method: 'POST',
    body: { challenge, code },
  });
  keepSession(answer);
  return answer;
}

export const authProvider: AuthProvider = {
  async login(params: { email?: string; username?: string; password: string }) {
    const answer = await login(params.email ?? params.username ?? '', params.password);
    // The login page handles the second step; this entry point cannot ask for a code.
    if (needsSecondStep(answer)) throw new Error(answer.message);
  },
  async logout() {
    await logout();
    return '/login';
  },
  async checkAuth() {
    let me: CurrentUser | null;
    try {
      me = await fetchMe();
    } catch {
      // A busy or unreachable server says nothing about the session (only a 401 does): the person stays
      // where they are, and the screen's own calls say what is wrong.
      if (getToken()) return;
      throw { redirectTo: '/login', message: false };
    }
    if (!me) throw { redirectTo: '/login', message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: '/login', message: false };
    }
  },
  async getIdentity() {
    const me = await fetchMe();
    if (!me) throw new Error('Sessão expirada.');
    // The e-mail and the role's name for Minha conta, beside the name the app bar shows.
    return { id: me.id, fullName: me.name, email: me.email, roleName: me.role?.name ?? null };
  },
  async getPermissions() {
    return storedPermissions();
  },
  // The resource configs answer it, loaded when first asked (authProvider/access.ts): the teacher's screens
  // (src/admin/LightApp.tsx) never ask, and do not download every config and report for it (issue 36).
  async canAccess({ resource, action }) {
    const { canAccessResource } = await import('./access');
    return canAccessResource(storedPermissions(), resource, action);
  },
};
