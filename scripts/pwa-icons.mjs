// Draws the installable app's icons (public/icons/*.png) in Debian's Chromium: `node scripts/pwa-icons.mjs`.
// The colours are the branding's defaults (src/branding.tsx); run again only to change the drawing.
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BACK = '#666666';
const MARK = '#C4C4C4';

/** A notebook page with a tick (the roll call) on the school's colours; `safe` keeps it inside a maskable circle. */
const svg = (size, { rounded, safe }) => {
  const inset = safe ? size * 0.24 : size * 0.16;
  const w = size - 2 * inset;
  const radius = rounded ? size * 0.18 : 0;
  const line = (y) =>
    `<line x1="${inset + w * 0.18}" y1="${y}" x2="${inset + w * 0.82}" y2="${y}" stroke="${MARK}" stroke-width="${w * 0.05}" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BACK}"/>
  <rect x="${inset}" y="${inset}" width="${w}" height="${w}" rx="${w * 0.08}" fill="#FFFFFF"/>
  ${line(inset + w * 0.25)}${line(inset + w * 0.42)}
  <polyline points="${inset + w * 0.24},${inset + w * 0.66} ${inset + w * 0.42},${inset + w * 0.82} ${inset + w * 0.78},${inset + w * 0.52}"
    fill="none" stroke="${BACK}" stroke-width="${w * 0.09}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
};

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, safe: false },
  { file: 'icon-512.png', size: 512, rounded: true, safe: false },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, safe: true },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, safe: false },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(`<body style="margin:0;background:transparent">${svg(icon.size, icon)}</body>`);
  await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
  await page.close();
}
await browser.close();
