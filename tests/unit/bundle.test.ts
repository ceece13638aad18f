import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, createLogger } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bundleFigures,
  pageFigures,
  pageKey,
  phoneFigures,
  PORTAL_BUDGET_KB,
  readManifest,
  staticClosure,
  TEACHER_BUDGET_KB,
} from '../../scripts/bundle-size.mjs';

/** Packages only the admin may bring: a public page that downloads one of them carries the admin. */
const ADMIN_ONLY =
  /node_modules\/(react-admin|ra-core|ra-ui-materialui|ra-i18n-polyglot|ra-language-english|recharts|node-polyglot)\//;
/**
 * The few react-admin modules a public page may carry, a few kB in all: the theme the public pages wear,
 * and the contexts the shared toast module imports. Anything else is the admin leaking in.
 */
const PUBLIC_ALLOWED =
  /ra-ui-materialui\/dist\/theme\/defaultTheme\.js$|ra-core\/dist\/(i18n\/(substituteTokens|I18nContext|useI18nProvider|useTranslate)|notification\/(NotificationContext|useNotificationContext))\.js$/;

let outDir: string;
/** What the build warned of (Rollup's warnings go through Vite's logger). */
const warnings: string[] = [];

// `npm test` builds the interface before this file runs and names that build here (scripts/test.mjs): the same
// production build, not made a second time.
const builtClient = process.env.BUILT_CLIENT_DIR;

beforeAll(async () => {
  if (builtClient) {
    outDir = builtClient;
    return;
  }
  // The production build, as `npm run build` makes it, into a directory of its own.
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-bundle-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      customLogger: warningCollector(),
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 600_000);
function warningCollector() {
  const logger = createLogger('warn');
  const warn = logger.warn;
  logger.warn = (message, options) => {
    warnings.push(message);
    warn(message, options);
  };
  return logger;
}

afterAll(() => {
  if (!builtClient) fs.rmSync(outDir, { recursive: true, force: true });
});

const sourcesOf = (file: string): string[] =>
  JSON.parse(fs.readFileSync(path.join(outDir, `${file}.map`), 'utf8')).sources;

it('splits without a module cycle across chunks, which Rollup says breaks the execution order', () => {
  // ra-core's FieldTitle and util/index across chunks drew lists, filters and inputs out of order (vite.config.ts).
  expect(warnings.filter((w) => /execution order|circular dependency between chunks/.test(w))).toEqual([]);
});

it('loads the admin only after sign-in: the shell and the public pages carry nothing of react-admin', () => {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const admin = pageKey(manifest, 'src/admin/AdminApp.tsx');
  expect(manifest[admin].isDynamicEntry).toBe(true);
  expect(staticClosure(manifest, entry)).not.toContain(admin);
  for (const page of ['src/public/HomePage.tsx', 'src/public/VerifyPage.tsx']) {
    const { chunks } = pageFigures(outDir, page);
    expect(chunks.length, page).toBeGreaterThan(1);
    const leaked = chunks.flatMap((file) =>
      sourcesOf(file).filter((s) => ADMIN_ONLY.test(s) && !PUBLIC_ALLOWED.test(s)),
    );
    expect(leaked, page).toEqual([]);
  }
  // And the admin does bring them, so the check above looks at the right names.
  expect(
    staticClosure(manifest, admin)
      .flatMap((k) => sourcesOf(manifest[k].file))
      .some((s) => ADMIN_ONLY.test(s)),
  ).toBe(true);
});

it('loads the family portal (/portal) as a chunk of its own, with nothing of react-admin', () => {
  const manifest = readManifest(outDir);
  const portal = pageKey(manifest, 'src/portal/PortalApp.tsx');
  expect(manifest[portal].isDynamicEntry).toBe(true);
  const { chunks } = pageFigures(outDir, 'src/portal/PortalApp.tsx', ['src/App.tsx']);
  expect(chunks.some((file) => sourcesOf(file).some((s) => s.endsWith('src/portal/PortalApp.tsx')))).toBe(true);
  const leaked = chunks.flatMap((file) => sourcesOf(file).filter((s) => ADMIN_ONLY.test(s) && !PUBLIC_ALLOWED.test(s)));
  expect(leaked).toEqual([]);
});

it('keeps the shell every address loads within 150 kB of gzipped JavaScript', () => {
  const figures = bundleFigures(outDir);
  expect(figures.firstLoadJsGzipKb).toBeGreaterThan(0);
  expect(figures.firstLoadJsGzipKb).toBeLessThanOrEqual(150);
  expect(figures.adminAfterSignInJsGzipKb).toBeGreaterThan(figures.firstLoadJsGzipKb);
});

/** The addresses strangers open: the public home and /verificar (a QR code scanned on a phone). */
const STANDALONE = ['src/public/HomePage.tsx', 'src/public/VerifyPage.tsx'];
/** What issue 15 allows such an address to download before its first paint, in gzip kB. */
const FIRST_LOAD_BUDGET_KB = 150;

it('draws the home and /verificar without the router, which a link followed from them loads', () => {
  const manifest = readManifest(outDir);
  for (const page of STANDALONE) {
    const routerIn = pageFigures(outDir, page).chunks.filter((file) =>
      sourcesOf(file).some((s) => /node_modules\/react-router(-dom)?\//.test(s)),
    );
    expect(routerIn, page).toEqual([]);
  }
  // The router does exist, and the pages it draws (the login) get it.
  const login = pageFigures(outDir, 'src/public/LoginPage.tsx', ['src/App.tsx']).chunks;
  expect(login.some((file) => sourcesOf(file).some((s) => s.includes('node_modules/react-router')))).toBe(true);
  expect(manifest[pageKey(manifest, 'src/App.tsx')].isDynamicEntry).toBe(true);
});

it(`keeps the first load of the home and /verificar within ${FIRST_LOAD_BUDGET_KB} kB of gzipped JavaScript`, () => {
  for (const page of STANDALONE) {
    const { jsGzipKb, chunks } = pageFigures(outDir, page);
    // The figure covers React and MUI, not just the page's own code.
    const sources = chunks.flatMap(sourcesOf);
    expect(
      sources.some((s) => s.includes('node_modules/react-dom/')),
      page,
    ).toBe(true);
    expect(
      sources.some((s) => s.includes('node_modules/@mui/material/')),
      page,
    ).toBe(true);
    expect(jsGzipKb, `${page}: ${chunks.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  }
});

it(`loads Minhas aulas within ${TEACHER_BUDGET_KB} kB and the portal within ${PORTAL_BUDGET_KB} kB of gzipped JavaScript`, () => {
  const { teacher, portal } = phoneFigures(outDir);
  const sources = (chunks: string[]) => chunks.flatMap(sourcesOf);
  // The teacher's figure covers the roll call itself and react-admin's data layer, not the back office.
  expect(sources(teacher.chunks).some((s) => s.endsWith('src/lessons/RollCall.tsx'))).toBe(true);
  expect(sources(teacher.chunks).some((s) => s.includes('node_modules/ra-core/'))).toBe(true);
  const backOffice = sources(teacher.chunks).filter((s) =>
    /src\/resources\/ResourceList|src\/admin\/Dashboard|node_modules\/(recharts|ra-ui-materialui\/dist\/(list|form|layout\/Layout))\//.test(
      s,
    ),
  );
  expect(backOffice).toEqual([]);
  // Nor the resource configs, the report registry and the back office's areas of the dataProvider, which it does
  // not use (authProvider/access.ts and dataProvider/crud.ts load the configs when first asked; dataProvider/light.ts).
  const notTheTeachers = sources(teacher.chunks).filter((s) =>
    /(resources\/(index|students|census-codes)|reports\/index|dataProvider\/(index|custom|census|invoices))\.ts$/.test(
      s,
    ),
  );
  expect(notTheTeachers).toEqual([]);
  expect(teacher.jsGzipKb, teacher.chunks.join(', ')).toBeLessThanOrEqual(TEACHER_BUDGET_KB);
  // The portal's covers its home.
  expect(sources(portal.chunks).some((s) => s.endsWith('src/portal/PortalHome.tsx'))).toBe(true);
  expect(portal.jsGzipKb, portal.chunks.join(', ')).toBeLessThanOrEqual(PORTAL_BUDGET_KB);
});

it('links no source map from the chunks visitors download', () => {
  const js = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  expect(js.length).toBeGreaterThan(3);
  const linked = js.filter((file) =>
    fs.readFileSync(path.join(outDir, 'assets', file), 'utf8').includes('sourceMappingURL'),
  );
  expect(linked).toEqual([]);
  expect(fs.existsSync(path.join(outDir, 'assets', `${js[0]}.map`))).toBe(true);
});
