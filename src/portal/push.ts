import { portalRequest } from './api';

/**
 * This device's Web Push subscription for the portal (issue 36): the browser's side. The server keeps one row per
 * device (server/push/routes.ts) and sends the same notices as the e-mails to it.
 */
export type PushState = 'unsupported' | 'off' | 'on' | 'blocked';

export const PUSH_BLOCKED =
  'As notificações estão bloqueadas neste navegador. Libere-as nas configurações do navegador para receber avisos.';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

const registration = () => navigator.serviceWorker.register('/sw.js');

/** What this device is now: without push support, blocked by the person, subscribed, or not. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  return existing ? 'on' : 'off';
}

/** The school's VAPID key, or null when the school has no push (the server answers 404). */
export async function pushPublicKey(): Promise<string | null> {
  try {
    return (await portalRequest<{ public_key: string }>('/portal/push/public-key')).public_key;
  } catch {
    return null;
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Asks the person, subscribes this device with the school's key and tells the server. */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const worker = await registration();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await portalRequest('/portal/push/subscriptions', { method: 'POST', body: { endpoint, keys } });
  return 'on';
}

/**
 * Stops the notices on this device: the server forgets it, then the browser. Also on sign-out, so a shared phone
 * does not keep receiving a family's notices (the server is told only while the session still stands).
 */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription();
  if (!subscription) return 'off';
  try {
    await portalRequest('/portal/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
  return 'off';
}
