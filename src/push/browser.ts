/**
 * This device's Web Push subscription, the browser's side (issue 36), for the family portal (src/portal/push.ts) and
 * the staff (StaffPushOptIn.tsx) alike: both sign in on the same site and share its service worker, so a device has
 * one subscription, which the server gives to whoever opted it in last (server/push/routes.ts).
 */
export type PushState = 'unsupported' | 'off' | 'on' | 'blocked';

export const PUSH_BLOCKED =
  'As notificações estão bloqueadas neste navegador. Libere-as nas configurações do navegador para receber avisos.';

/** What the server keeps of a device: the push service's address and the keys the push is encrypted to. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

/** The browser's subscription of this device, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()) ?? null;
}

/** What this device is now: without push support, blocked by the person, subscribed, or not. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await deviceSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Asks the person, then subscribes this device with the school's key: the subscription to send to the server, or
 * the state to show when the person said no (blocked) or closed the question (off).
 */
export async function subscribeDevice(publicKey: string): Promise<DeviceSubscription | 'blocked' | 'off'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const worker = await navigator.serviceWorker.register('/sw.js');
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: String(endpoint), keys: { p256dh: String(keys?.p256dh), auth: String(keys?.auth) } };
}
