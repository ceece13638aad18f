import { useAuthProvider } from 'react-admin';
import { allows, storedPermissions } from '../../authProvider';

/**
 * The signed-in user's permissions as a question, `allows('finance.write')`, for the buttons and tabs of our
 * own screens that react-admin's canAccess does not reach ("Cobrar", "Gerar histórico", the FINANCEIRO tab).
 * Read as canAccess reads them (the permissions kept at sign-in); the server refuses the same with a 403, so
 * this only hides what would be refused. Without an authProvider (stories, screens shown alone) everything is
 * allowed, as react-admin's own canAccess does.
 */
export function useAllows(): (key: string | undefined) => boolean {
  const authProvider = useAuthProvider();
  if (!authProvider) return () => true;
  const permissions = storedPermissions();
  return (key) => key === undefined || allows(permissions, key);
}
