import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup';
import { CHROMIUM, FLAGS } from './chromium';
import { trackRequests } from './quiet';

export { CHROMIUM };

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * The browser of the file: one Chromium launched by this process for the first file that asks, and lent to each next
 * one (the e2e files run one after another in one vitest process, `isolate: false`), instead of a launch and a close
 * per file (its browser, GPU, network and zygote processes started anew each time). What the file gets closes, in
 * `close()`, the contexts the file opened, not the browser; a browser that died is launched again. Launched here, not
 * one browser for the run that each process connects to: a connected browser's downloads have no local path
 * (`download.path()` throws), and the report, contract, receipt and CSV tests read theirs.
 */
let running: Promise<Browser> | undefined;

export async function launch(): Promise<Browser> {
  let browser = await running?.catch(() => undefined);
  if (!browser?.isConnected()) {
    running = chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    browser = await running;
  }
  const shared = browser;
  const before = new Set(shared.contexts());
  const close = async () => {
    await Promise.all(shared.contexts().flatMap((context) => (before.has(context) ? [] : [context.close()])));
  };
  return new Proxy(shared, {
    get: (target, key) => {
      if (key === 'close') return close;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A fresh context as a secretary in Brazil sees the app: pt-BR, America/Sao_Paulo.
 *
 * Without its service worker unless `serviceWorker` asks for it (the installed app's tests, and the
 * Content-Security-Policy's, which also watches workers): installed, it precaches the whole built app (some 175
 * files) in every new context, about 2 s of Chromium's CPU and a quarter of a second of the server's each time, some
 * 70 times a run, for screens that never use it. Its registration then waits forever, as on a page still loading:
 * nothing fails or is logged (Playwright's own `serviceWorkers: 'block'` answers `undefined`, on which Workbox throws
 * and the page logs an error).
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  { serviceWorker = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  });
  if (!serviceWorker)
    await context.addInitScript(() => {
      if (self.ServiceWorkerContainer)
        ServiceWorkerContainer.prototype.register = () => new Promise<ServiceWorkerRegistration>(() => undefined);
    });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  trackRequests(page);
  return { context, page };
}

/** Signs in through the login page, as a person would: landing on the dashboard, or a teacher on Minhas aulas. */
export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\/(dashboard|minhas-aulas)$/);
}

/**
 * A fresh context signed in without the login form: the API's sign-in kept in the context's storage as the login page
 * keeps it (authProvider's keepSession: token, menu, and the user with role and permissions, under the keys of
 * src/api/http.ts and authProvider/), no page loaded. The test's first `page.goto` then opens its screen signed in.
 * For the tests that are not about signing in: the form's sign-in loads the login page and then the dashboard
 * before the screen the test wants, some 45 times a run (8 sign-ins then a list: 65.7 CPU-s against 51.4, Chromium
 * 34.6 against 30.4, measured 29/11/2026). The form stays tested where a test is about it (signIn: ensinos, roles,
 * public-site, pwa-offline, content-security-policy, persona-direction's teacher landing).
 *
 * Each call signs in anew (its own token): a test that signs out ends its own session only.
 * Only on a page that has not loaded anything: the session is written when the app's first page loads (below).
 * Answers where the login page would have landed.
 */
let sessionsPut = 0;

export async function putSession(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<string> {
  if (page.url() !== 'about:blank') throw new Error(`putSession: a página já abriu ${page.url()}`);
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as {
    access_token?: string;
    menu?: unknown[];
    user?: Record<string, unknown>;
    role?: { key?: string } | null;
    permissions?: string[];
  };
  if (!response.ok || !answer.access_token)
    throw new Error(`putSession: ${email} não entrou (${response.status} ${JSON.stringify(answer)})`);
  const user = { ...answer.user, role: answer.role, permissions: answer.permissions ?? [] };
  // Written by the context's first document of the app's origin, before the app's own scripts, and only once: a marker
  // of this call stays in the storage (the sign-out removes the three keys, not it), so a test that signs out stays
  // signed out on its next load. Not `setStorageState`, which opens and loads a page of its own to write the
  // storage (0.5 CPU-s of Chromium's each time, some 40 times a run), and replaces the storage whole.
  await page.context().addInitScript(
    ({ origin, marker, items }) => {
      if (location.origin !== origin || localStorage.getItem(marker) !== null) return;
      for (const [name, value] of items) localStorage.setItem(name, value);
      localStorage.setItem(marker, '1');
    },
    {
      origin: new URL(baseURL()).origin,
      marker: `secretaria.e2e.putSession.${++sessionsPut}`,
      items: [
        ['secretaria.token', answer.access_token],
        ['secretaria.menu', JSON.stringify(answer.menu ?? [])],
        ['secretaria.user', JSON.stringify(user)],
      ],
    },
  );
  // src/admin/landing.ts: a teacher (resources/permissions.ts's TEACHER_ROLE) lands on Minhas aulas.
  return answer.role?.key === 'professor' ? '/admin/minhas-aulas' : '/admin/dashboard';
}

/** putSession, then `path` loaded: by default where the login form would have landed (the dashboard, Minhas aulas). */
export async function openSignedIn(
  page: Page,
  path?: string,
  email = E2E_ADMIN.email,
  password = E2E_ADMIN.password,
): Promise<void> {
  const landing = await putSession(page, email, password);
  await page.goto(path ?? landing);
}

/**
 * Goes to `path` inside the app already loaded, as its own links do (react-router follows the history), instead of
 * loading the whole app again (screens.test.ts: Chromium 105 → 67 CPU-s, reports.test.ts 68 → 47). For tests that
 * only need to be on a screen; a test about a full load (a deep link, a reload) keeps `page.goto`. From a page outside
 * /admin, or to one, it is a `page.goto`; so it is from a screen without the side menu on view (a phone's closed
 * drawer, below), and on a page that has loaded nothing yet: a test's first screen can be asked the same way.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  // Only from a signed-in screen: the public pages (the home's first paint) may not have loaded the router yet.
  if (
    !/^\/admin(\/|$)/.test(new URL(page.url()).pathname) ||
    !path.startsWith('/admin') ||
    // Without the menu, nothing would say that the new screen is drawn (below): a phone's screen measured in-app was
    // measured before it was there (layout.test.ts's screenshots showed the previous screen, or a blank one).
    !(await page.locator('nav[aria-label="Menu principal"]').count())
  ) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  // The router then draws the screen in a transition: its chunk and its data are requests that the caller's wait for
  // a quiet network (networkQuiet) sees start.
  const target = new URL(path, baseURL());
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
  // The address changes at once, but the router keeps the previous screen on view until the new one's chunk has
  // arrived and React has drawn it (a transition): a check made meanwhile reads the old screen (the walk through every
  // screen once counted a row of the list it had left). The side menu is drawn in the same transition, so its selected
  // entry — the longest menu address the new one starts with, none for a screen outside the menu — says the new
  // screen is there; a screen drawn without the layout (and its menu) is there once the menu is gone.
  await page.waitForFunction((to) => {
    const nav = document.querySelector('nav[aria-label="Menu principal"]');
    if (!nav) return true;
    const hrefs = [...nav.querySelectorAll('a[href^="/admin"]')].map((a) => a.getAttribute('href')!);
    const wanted = hrefs.filter((h) => to === h || to.startsWith(`${h}/`)).sort((a, b) => b.length - a.length)[0];
    return (nav.querySelector('a.Mui-selected')?.getAttribute('href') ?? undefined) === wanted;
  }, target.pathname);
}

export { E2E_ADMIN };
