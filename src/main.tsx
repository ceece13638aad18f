import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeArrived, Shell } from './Shell';
import { isRoute, startRoute } from './startRoute';

// Two installable apps share this page (issue 36): the teacher's (index.html's manifest) and the family portal's.
if (/^\/portal(\/|$)/.test(window.location.pathname)) {
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', '/portal.webmanifest');
}

// The route's chunks and first read, together, before React draws (the roll call and the portal on a phone).
startRoute(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
const draw = () =>
  root.render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  );
// The roll call and the portal are drawn in one go once their chunks are here (the service worker hands them over
// in a fraction of a second; nothing but a blank page would be drawn before): a phone at 4× CPU then renders the
// screen once, not a blank fallback first and the screen again after React's 300 ms reveal throttle. Never more than
// WAIT_MS: a first visit on a slow network draws the layout as before while the page's own chunk still arrives.
const WAIT_MS = 1500;
if (isRoute(window.location.pathname)) {
  let drawn = false;
  const once = () => {
    if (drawn) return;
    drawn = true;
    draw();
  };
  void routeArrived().then(once);
  setTimeout(once, WAIT_MS);
} else draw();
