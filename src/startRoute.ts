import { startEarly } from './api/early';
import { apiHeaders, buildUrl, getToken } from './api/http';
import { getPortalToken } from './portal/token';

const LESSONS = /^\/admin\/minhas-aulas(\/|$)/;
const ROLL_CALL = /^\/admin\/minhas-aulas\/(\d+)\/?$/;
const PORTAL = /^\/portal\/?$/;

/** Whether this address is the teacher's Minhas aulas (signed in) or the family portal's home: a way in of its own. */
export const isRoute = (path: string): boolean => (LESSONS.test(path) && !!getToken()) || PORTAL.test(path);

/** The files of each way in, written into index.html by the build (vite.config.ts, routeChunks). */
function filesOf(route: 'teacher' | 'portal'): string[] {
  try {
    const map = JSON.parse(document.getElementById('route-chunks')?.textContent ?? '{}') as Record<string, string[]>;
    return Array.isArray(map[route]) ? map[route] : [];
  } catch {
    return [];
  }
}

/** Fetched and parsed now, evaluated when imported (Vite's own preload finds them there and asks nothing twice). */
function preload(files: string[]): void {
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * What the teacher's roll call and the family portal's home need, asked for at once by the page's first script
 * (issue 36), all together instead of one after another: the screen's first read (which the screen would only make
 * once drawn) and every file of the route (the router would only find the light app, which would only then find the
 * lessons' page). Measured on a throttled phone in bench/phone.mjs (docs/desenvolvimento/desempenho.md).
 */
export function startRoute(path: string): void {
  if (LESSONS.test(path) && getToken()) {
    // The read first: the service worker hands the files over one after another behind it.
    const lesson = ROLL_CALL.exec(path)?.[1];
    if (lesson) startEarly(buildUrl(`/lessons/${lesson}/attendance`), apiHeaders());
    preload(filesOf('teacher'));
  } else if (PORTAL.test(path)) {
    const token = getPortalToken();
    // The portal's headers (src/portal/api.ts portalHeaders), without loading that module here.
    if (token) startEarly(buildUrl('/portal/me'), { Accept: 'application/json', Authorization: `Bearer ${token}` });
    preload(filesOf('portal'));
  }
}
