import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './Shell';
import { startRoute } from './startRoute';

// Two installable apps share this page (issue 36): the teacher's (index.html's manifest) and the family portal's.
if (/^\/portal(\/|$)/.test(window.location.pathname)) {
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', '/portal.webmanifest');
}

// The route's chunks and first read, together, before React draws (the roll call and the portal on a phone).
startRoute(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
