import { SIGNED_IN } from '../resources/permissions';
import { USER_KEY } from './keys';
import type { CurrentUser } from './session';

/** The stored user's permissions (from the sign-in or the last /auth/me). */
export function storedPermissions(): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(USER_KEY) ?? '{}') as CurrentUser | null;
    return Array.isArray(parsed?.permissions) ? parsed.permissions : [];
  } catch {
    return [];
  }
}

/** Whether `permissions` hold `key` (`signed-in`: anyone signed in): the one reading of a permission key. */
export function allows(permissions: string[], key: string): boolean {
  return key === SIGNED_IN || permissions.includes(key);
}
