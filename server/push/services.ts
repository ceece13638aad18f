/**
 * The push services browsers subscribe through (Chrome and Android, Firefox, Safari, Edge). A subscription's endpoint
 * is a URL the server will POST to, sent by the browser: one pointing anywhere else (an address inside the school's
 * network) is refused, so the portal cannot be used to make the server call it. `*.` allows the subdomains.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Whether `endpoint` is an https URL of one of `hosts` (PUSH_SERVICE_HOSTS by default). */
export function pushServiceAllowed(endpoint: string, hosts: string[] = PUSH_SERVICE_HOSTS): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
}
