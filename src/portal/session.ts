import { createContext, useContext } from 'react';
import type { PortalMe } from './api';

export interface PortalSession {
  /** The account and its students (`GET /api/portal/me`), null while it loads. */
  me: PortalMe | null;
  /** Why `me` could not be read (a 401 never: it ends the session). */
  error: string | null;
  signOut: () => Promise<void>;
}

export const PortalSessionContext = createContext<PortalSession>({
  me: null,
  error: null,
  signOut: () => Promise.resolve(),
});

export const usePortalSession = () => useContext(PortalSessionContext);
