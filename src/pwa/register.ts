import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (/sw.js, src/sw.ts) once per page and tells the screens when a new version has
 * been deployed and is waiting: it takes over only when the person chooses "Atualizar" (UpdatePrompt), never in
 * the middle of a roll call.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let registered = false;
let pending: Workbox | null = null;

const tell = () => listeners.forEach((l) => l());

export function registerServiceWorker(): void {
  // Not in `vite dev` (the worker is built with the app) nor where the browser has none (an old one, http off
  // localhost).
  if (registered || import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  registered = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    pending = workbox;
    tell();
  });
  workbox.register().catch((error: unknown) => console.error('Falha ao registrar o service worker', error));
}

/** Whether a new version waits for the person's "Atualizar". */
export const updateWaiting = (): boolean => pending !== null;

/** Told when a new version starts waiting; returns the unsubscribe. */
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The new version takes over and the page reloads with it. */
export function applyUpdate(): void {
  const workbox = pending;
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** For the stories and tests: as if a new version had been deployed (null: as if none were waiting). */
export function simulateWaitingUpdate(workbox: Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'> | null): void {
  pending = workbox as Workbox | null;
  tell();
}
