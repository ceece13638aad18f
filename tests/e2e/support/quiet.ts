import type { Page, Request } from 'playwright-core';

/**
 * Waiting for a screen to have everything it asked for, without Playwright's `networkidle`: that one waits a fixed
 * 500 ms after the last request of every page, which over a walk through every screen adds up to minutes of CI. Here
 * the page's own request events are counted, and the wait ends once none has been in flight for a short while and
 * the page has drawn a frame since.
 */

interface InFlight {
  open: Set<Request>;
  /** When a request last started or ended. */
  changed: number;
}

const tracked = new WeakMap<Page, InFlight>();

function track(page: Page): InFlight {
  const known = tracked.get(page);
  if (known) return known;
  const fresh: InFlight = { open: new Set(), changed: Date.now() };
  page.on('request', (request) => {
    // Only the network: a `blob:` or `data:` address is the page's own memory (a chosen file's preview), and Chromium
    // does not always report the end of one whose address the page revoked meanwhile (a wait of 15 s, then a failure).
    if (!/^https?:/.test(request.url())) return;
    fresh.open.add(request);
    fresh.changed = Date.now();
  });
  const done = (request: Request) => {
    fresh.open.delete(request);
    fresh.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  tracked.set(page, fresh);
  return fresh;
}

/** Starts counting a page's requests (`newPage` does it): before its first navigation, so that none is missed. */
export function trackRequests(page: Page): void {
  track(page);
}

/**
 * Resolves once no request of the page has been in flight for `quietMs` and a frame was drawn after it (a response
 * that makes the screen ask for more, a lazy chunk then its data, starts a new request well within that time).
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 15_000): Promise<void> {
  const state = track(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const idle = Date.now() - state.changed;
    if (state.open.size === 0 && idle >= quietMs) {
      const before = state.changed;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      if (state.open.size === 0 && state.changed === before) return;
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`a página ainda espera ${state.open.size} pedido(s) após ${timeoutMs} ms: ${pending(state)}`);
    await new Promise((resolve) => setTimeout(resolve, state.open.size ? 25 : quietMs - idle));
  }
}

const pending = (state: InFlight) =>
  [...state.open]
    .slice(0, 3)
    .map((r) => r.url())
    .join(', ');
