import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` of a named export: the screen becomes a chunk of its own, fetched the first time it is drawn
 * (react-admin's Layout holds a Suspense around its pages). A teacher opening Minhas aulas on a phone then
 * downloads the roll call, not every screen of the back office (issue 36).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are its own, checked at the call
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] {
  return lazy(() => load().then((m) => ({ default: m[name] }))) as unknown as M[K];
}
