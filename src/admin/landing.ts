import type { CurrentUser } from '../../authProvider';
import { USER_KEY } from '../../authProvider/keys';
import { TEACHER_ROLE } from '../../resources/permissions';

export const DASHBOARD_PATH = '/admin/dashboard';
export const LESSONS_PATH = '/admin/minhas-aulas';

/**
 * Whether the signed-in user is a teacher (the role the server confines to the teams they teach, reach.ts): their
 * day is their classes, not the school's dashboard. Read from the user kept at sign-in, as the permissions are.
 */
export function isTeacher(): boolean {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as CurrentUser | null;
    return user?.role?.key === TEACHER_ROLE;
  } catch {
    return false;
  }
}

/** Where a sign-in lands: a teacher on Minhas aulas, everyone else on the dashboard (Gestão). */
export const landingPath = (): string => (isTeacher() ? LESSONS_PATH : DASHBOARD_PATH);
