import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { AdminAccessDenied } from '../components/AdminAccessDenied';

/**
 * A resource's screen only for the roles that may open it (the authProvider's canAccess): the others get the
 * access-denied page at once. react-admin would show it too, but only after asking the server for the records
 * (a 403 and its toast on top of the page).
 */
export function AccessGuard({
  resource,
  action,
  children,
}: {
  resource: string;
  action: 'list' | 'show' | 'create' | 'edit';
  children: ReactNode;
}) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return null;
  return canAccess ? children : <AdminAccessDenied />;
}
