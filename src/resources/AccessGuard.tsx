import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { AdminAccessDenied } from '../components/AdminAccessDenied';

/**
 * A resource's screen only for the roles that may open it (the authProvider's canAccess, from the config's
 * `access`): the others get the access-denied page at once. react-admin would show it too, but only after asking
 * the server for the records (a 403 and its toast on top of the page). A form the role may not save opens as the
 * record's page instead, read-only: a link to `…/editar` kept from another role still shows the record.
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
  const reads = useCanAccess({ resource, action: 'show' });
  const { id } = useParams();
  if (isPending || reads.isPending) return null;
  if (canAccess) return children;
  if (action === 'edit' && reads.canAccess && id)
    return <Navigate to={`/admin/${resource}/${encodeURIComponent(id)}/show`} replace />;
  return <AdminAccessDenied />;
}
