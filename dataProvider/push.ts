import type { DeviceSubscription } from '../src/push/browser';
import { request } from './request';

/** Web Push for the staff (server/push/routes.ts): a teacher's device opted in to the school's notices, or out. */
export const pushMethods = {
  /** The school's VAPID public key; a 404 when the school has no push. */
  getPushPublicKey: () => request<{ public_key: string }>('/portal/push/public-key'),
  /** This device opted in for the signed-in user (it leaves whoever had it before). */
  subscribePush: (device: DeviceSubscription) =>
    request<{ message: string }>('/push/subscriptions', { method: 'POST', body: device }),
  /** This device opted out, if it is the signed-in user's. */
  unsubscribePush: (endpoint: string) =>
    request<{ message: string }>('/push/subscriptions', { method: 'DELETE', body: { endpoint } }),
};
