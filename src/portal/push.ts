import { deviceSubscription, pushSupported, subscribeDevice, type PushState } from '../push/browser';
import { portalRequest } from './api';

/**
 * This device's Web Push subscription for the portal (issue 36), told to the server with the portal's session. The
 * server keeps one row per device (server/push/routes.ts) and sends the same notices as the e-mails to it.
 */
export { PUSH_BLOCKED, pushState, type PushState } from '../push/browser';

/** The school's VAPID key, or null when the school has no push (the server answers 404). */
export async function pushPublicKey(): Promise<string | null> {
  try {
    return (await portalRequest<{ public_key: string }>('/portal/push/public-key')).public_key;
  } catch {
    return null;
  }
}

/** Asks the person, subscribes this device with the school's key and tells the server. */
export async function enablePush(publicKey: string): Promise<PushState> {
  const subscription = await subscribeDevice(publicKey);
  if (typeof subscription === 'string') return subscription;
  await portalRequest('/portal/push/subscriptions', { method: 'POST', body: subscription });
  return 'on';
}

/**
 * Stops the notices on this device: the server forgets it, then the browser. Also on sign-out, so a shared phone
 * does not keep receiving a family's notices (the server is told only while the session still stands).
 */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await deviceSubscription();
  if (!subscription) return 'off';
  try {
    await portalRequest('/portal/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
  return 'off';
}
