/**
 * The session as the public pages need it too (who is signed in, signing out): kept apart from the resource
 * configs and the report registry the rest of the auth provider reads, so a public page does not download them.
 */
import { ApiRequestError, apiRequest, getToken, TOKEN_KEY } from '../src/api/http';
import { clearRuntimeCaches } from '../src/pwa/caches';
import { USER_KEY } from './keys';

export const MENU_KEY = 'secretaria.menu';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role?: { id: number; key: string; name: string } | null;
  /** The permission keys of the user's role (resources/permissions.ts), as the server answered them. */
  permissions?: string[];
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(MENU_KEY);
  localStorage.removeItem(USER_KEY);
  verified = null;
}

/** The server is asked once per page load whether the stored token is still alive. */
let verified: Promise<CurrentUser | null> | null = null;

export function fetchMe(): Promise<CurrentUser | null> {
  if (!getToken()) return Promise.resolve(null);
  verified ??= apiRequest<CurrentUser | null>('/auth/me', { method: 'POST' })
    .then((me) => {
      if (!me || !me.name) {
        clearSession();
        return null;
      }
      localStorage.setItem(USER_KEY, JSON.stringify(me));
      return me;
    })
    .catch((error: unknown) => {
      verified = null;
      if (error instanceof ApiRequestError && error.status === 401) {
        clearSession();
        return null;
      }
      throw error;
    });
  return verified;
}

/** After Minha conta renamed the user: the kept copy, and so the app bar's name, follow without a new sign-in. */
export function rememberName(name: string): void {
  let stored: CurrentUser | null = null;
  try {
    stored = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as CurrentUser | null;
  } catch {
    // unreadable: asked again below
  }
  if (!stored?.id) {
    verified = null;
    return;
  }
  const user = { ...stored, name };
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  verified = Promise.resolve(user);
}

/**
 * Copies of the school's data a screen keeps on the device to work without network (a teacher's classes and
 * roll calls, with students' names): gone when the person signs out (LGPD). Work not yet sent is not a copy
 * and stays, for its author to send at the next sign-in.
 */
export const DEVICE_CACHE_PREFIX = 'secretaria.cache.';

export async function logout(): Promise<void> {
  if (getToken()) {
    await apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
  }
  clearSession();
  for (const key of Object.keys(localStorage)) if (key.startsWith(DEVICE_CACHE_PREFIX)) localStorage.removeItem(key);
  // And the service worker's runtime caches (a portal's last view opened on this browser): only the app's own
  // files stay.
  await clearRuntimeCaches();
}

/** A complete sign-in already says who is signed in: no need to ask the server again on this page load. */
export function rememberSignedIn(user: CurrentUser): void {
  verified = Promise.resolve(user);
}
