import { vi } from 'vitest';

/** A MediaQueryList as jsdom lacks it: `matches` decided by the caller, listeners ignored. */
export const mediaQueryList = (query: string, matches: boolean): MediaQueryList => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});

/**
 * Renders what follows as on a 390 px phone: MUI's breakpoints.down('sm') asks for max-width 599.95px, which a
 * phone matches (undone by the test's `vi.unstubAllGlobals`).
 */
export const onPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, query.includes('max-width')));
