import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './Shell';

// Two installable apps share this page (issue 36): the teacher's (index.html's manifest) and the family portal's.
if (/^\/portal(\/|$)/.test(window.location.pathname)) {
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', '/portal.webmanifest');
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
