import { lazy, type ComponentType } from 'react';

/**
 * A chunk on the teacher's or the family's way in (issue 36), imported once, by whoever asks first: the module that
 * will draw it asks as soon as it is itself evaluated (its files already on their way, src/startRoute.ts), the screen
 * draws it when it gets there. Once it has arrived its module is known at once, so drawing it does not suspend for a
 * tick — and React, which reveals a suspended screen at most every 300 ms, does not wait that long at each of the
 * three lazy levels of the roll call. Each `import()` stays in the module that draws it: moved to the first script,
 * Rollup could no longer count on what the parent chunk brings, and split the route into more, smaller files.
 */
export interface Chunk<M> {
  load: () => Promise<M>;
  /** The module, once arrived. */
  module?: M;
}

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let pending: Promise<M> | undefined;
  const c: Chunk<M> = {
    load: () =>
      (pending ??= load().then(
        (module) => (c.module = module),
        (error: unknown) => {
          pending = undefined; // a dropped connection: asked again at the next draw
          throw error;
        },
      )),
  };
  return c;
}

/** `React.lazy` of a chunk's named export, drawn without suspending once the chunk is there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are its own, checked at the call
export function lazyChunk<M extends Record<K, ComponentType<any>>, K extends keyof M>(c: Chunk<M>, name: K): M[K] {
  return lazy(() => {
    const arrived = c.module;
    // A thenable that answers at once (React.lazy only calls its `then`): the module is taken in the same render.
    if (arrived) {
      const now = { then: (take: (m: { default: M[K] }) => void) => take({ default: arrived[name] }) };
      return now as unknown as Promise<{ default: M[K] }>;
    }
    return c.load().then((m) => ({ default: m[name] }));
  }) as unknown as M[K];
}
