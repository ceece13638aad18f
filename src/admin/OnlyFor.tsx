import type { ReactNode } from 'react';
import { AdminAccessDenied } from '../components/AdminAccessDenied';
import { useAllows } from './useAllows';

/**
 * A bespoke screen only for the roles holding `access` (the permission its route asks on the server): the others
 * get the access-denied page at once, not a form whose SALVAR answers 403. The generic resource screens do the
 * same from the configs' `access` (src/resources/AccessGuard.tsx).
 */
export function OnlyFor({ access, children }: { access: string; children: ReactNode }) {
  return useAllows()(access) ? children : <AdminAccessDenied />;
}
