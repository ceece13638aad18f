import { startEarly } from './api/early';
import { apiHeaders, buildUrl, getToken } from './api/http';
import { getPortalToken } from './portal/token';
import { appChunk, lessonsPageChunk, lightAppChunk, portalAppChunk } from './routeChunks';

const LESSONS = /^\/admin\/minhas-aulas(\/|$)/;
const ROLL_CALL = /^\/admin\/minhas-aulas\/(\d+)\/?$/;
const PORTAL = /^\/portal\/?$/;

/**
 * What the teacher's roll call and the family portal's home need, asked for at once by the page's first script
 * (issue 36), all together instead of one after another: the route's chunks (the router would only find the light
 * app, which would only then find the lessons' page), and the screen's first read (which the screen would only make
 * once drawn). Measured on a throttled phone in bench/phone.mjs (docs/desenvolvimento/desempenho.md).
 */
export function startRoute(path: string): void {
  if (LESSONS.test(path) && getToken()) {
    // The read first: the service worker hands the chunks over one after another before it.
    const lesson = ROLL_CALL.exec(path)?.[1];
    if (lesson) startEarly(buildUrl(`/lessons/${lesson}/attendance`), apiHeaders());
    for (const c of [appChunk, lightAppChunk, lessonsPageChunk]) c.load().catch(() => undefined);
  } else if (PORTAL.test(path)) {
    const token = getPortalToken();
    // The portal's headers (src/portal/api.ts portalHeaders), without loading that module here.
    if (token) startEarly(buildUrl('/portal/me'), { Accept: 'application/json', Authorization: `Bearer ${token}` });
    for (const c of [appChunk, portalAppChunk]) c.load().catch(() => undefined);
  }
}
