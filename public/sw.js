/* global self, URL */
// Secretaria's service worker: Web Push for the family portal (issue 36). A push carries {title, body, url} encrypted
// to this device (server/push/delivery.ts); the notification opens the portal page it is about.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { title: 'Portal das famílias', body: '', url: '/portal' };
  try {
    message = { ...message, ...event.data.json() };
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
  const url = new URL(event.notification.data?.url ?? '/portal', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      return open ? open.navigate(url).then((w) => (w ?? open).focus()) : self.clients.openWindow(url);
    }),
  );
});
