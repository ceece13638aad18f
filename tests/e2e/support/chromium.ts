/** Debian's Chromium (never a browser downloaded by Playwright) and how every browser test starts it. */
export const CHROMIUM = '/usr/bin/chromium';

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
