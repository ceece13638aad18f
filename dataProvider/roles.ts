import type { Permission } from '../resources/permissions';
import { request } from './request';

/** The roles' form (server/roles). */
export const roleMethods = {
  /** Every permission the system knows, grouped by area: it changes only with a new version. */
  getPermissionCatalogue: () => request<Permission[]>('/permissions'),
};
