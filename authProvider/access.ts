import { resourceByAdminPath, resourceByName } from '../resources';
import { SIGNED_IN } from '../resources/permissions';
import { REPORTS } from '../reports';
import type { ReportDef } from '../reports/types';
import { allows } from './permissions';

// What the resource configs and the report registry allow: the back office's questions, apart from the rest of the
// authProvider so that the teacher's screens (src/admin/LightApp.tsx) load neither (issue 36).

/** The reports of the registry the role may open (dashboard cards, report list), in the registry's order. */
export function reportsFor(permissions: string[]): ReportDef[] {
  return REPORTS.filter((r) => r.access === SIGNED_IN || permissions.includes(r.access));
}

const READ_ACTIONS = ['list', 'show'];

/**
 * react-admin's question "may this user do `action` on `resource`?", answered from the resource config's
 * permissions: list and show need its `read`, everything else (create, edit, delete, export) its `write`. The
 * server refuses the same (403); this only hides what would be refused. Resources are named by admin path.
 */
export function canAccessResource(permissions: string[], resource: string, action: string): boolean {
  const config = resourceByAdminPath(resource) ?? resourceByName(resource);
  if (!config?.access) return true;
  const key = READ_ACTIONS.includes(action) ? config.access.read : config.access.write;
  return allows(permissions, key);
}
