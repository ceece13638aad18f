/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { PORTAL_LAST_VIEW_CACHE } from './pwa/caches';

/**
 * Secretaria's service worker at /sw.js (issue 36), built by vite-plugin-pwa (vite.config.ts):
 * - the app shell and every built file precached, so the teacher's app and the portal start without network;
 * - the family portal's last view (its JSON answers, network first) kept for a family opening it offline;
 *   nothing else of the API is ever cached: the teacher's data lives in the outbox and src/lessons/lastLoaded.ts;
 * - Web Push for the family portal, as before.
 * A new version waits until the person accepts "Atualizar" (src/pwa/register.ts) — a roll call half marked is
 * never reloaded under the teacher.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once: a teacher who loads Minhas aulas once can then open it offline.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The teacher's screens and the portal open from the precached page without network; other addresses go to the
// server as always (an office screen offline would only show errors).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: [/^\/admin\/minhas-aulas(\/|$)/, /^\/portal(\/|$)/],
  }),
);

// The portal's last view: what a family saw (its students, report card, attendance, charges, documents), shown
// again when the phone has no signal. Cleared on sign-out (src/pwa/caches.ts); files and photos are never kept.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\/portal\/(me|students\/\d+\/(report-card|attendance|charges|documents))$/.test(url.pathname),
  new NetworkFirst({
    cacheName: PORTAL_LAST_VIEW_CACHE,
    networkTimeoutSeconds: 10,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// Web Push for the family portal: a push carries {title, body, url} encrypted to this device
// (server/push/delivery.ts); the notification opens the portal page it is about.
self.addEventListener('push', (event) => {
  let message = { title: 'Portal das famílias', body: '', url: '/portal' };
  try {
    message = { ...message, ...(event.data?.json() as Partial<typeof message>) };
  } catch {
    // A push without a readable body still tells the family to look at the portal.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      lang: 'pt-BR',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/portal', self.location.origin)
    .href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      return open ? open.navigate(url).then((w) => (w ?? open).focus()) : self.clients.openWindow(url);
    }),
  );
});
