/**
 * The service worker's runtime caches (src/sw.ts), named here so that the page can clear them: they hold a
 * family's last view of the portal, personal data that must not outlive the session on a shared phone (LGPD).
 * The precache (Workbox's own name) holds only the built app, the same for everyone, and stays.
 */
export const PORTAL_LAST_VIEW_CACHE = 'secretaria-portal-ultima-vista';

const RUNTIME_PREFIX = 'secretaria-';

/** Deletes every runtime cache of ours; called on sign-out (staff and portal) and when a portal session ends. */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(RUNTIME_PREFIX)).map((n) => caches.delete(n)));
  } catch {
    // Cache Storage refused (a private window, storage blocked): there is nothing of ours in it then.
  }
}
