import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The libraries a component test file loads, for Vitest's dependency optimizer: each of the components' files runs
 * in a fresh process, and Node read react-admin and MUI module by module (a few thousand files) in every one of them;
 * bundled once by esbuild (node_modules/.vite/vitest), a file loads a few large modules instead, about a second of CPU
 * less per file. What the client's code imports by subpath (an icon, `@mui/material/styles`) is found in the sources
 * and bundled with the rest, so that one copy of MUI and emotion serves the whole page. React and react-dom stay out
 * (Vitest keeps React itself out), and Testing Library, which requires react-dom as CommonJS: Storybook, Testing
 * Library and the page render with the same react-dom.
 */
function componentDependencies(): string[] {
  const packages =
    /^(react-admin|ra-[\w-]+|@mui\/[a-z-]+|@emotion\/[a-z]+|@tanstack\/react-query|react-hook-form|react-router(-dom)?)(\/[\w/-]+)?$/;
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name))
        for (const [, imported, loaded] of fs
          .readFileSync(file, 'utf8')
          .matchAll(/^(?:import|export) (?!type )[^;]*?from '([^'.][^']*)'|\bimport\('([^'.][^']*)'\)/gm)) {
          const name = imported ?? loaded;
          if (packages.test(name)) found.add(name);
        }
    }
  };
  for (const dir of ['src', 'stories', 'resources', 'reports', 'dataProvider', 'authProvider', 'tests/components'])
    if (fs.existsSync(dir)) walk(dir);
  return [...found].sort();
}

/**
 * Four projects, run by `npm test` in this order:
 * - unit: pure logic (node);
 * - components: React components and every Storybook story (jsdom);
 * - api: the real server on a real database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
 *   run in shuffled order by `npm test` and `npm run test:api` (each test builds what it needs);
 * - e2e: the built app in Debian's Chromium (started by tests/e2e/global-setup.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        // Two files at a time, not Vitest's default of cores − 1: on CI's two cores that default is one file at a
        // time, and the unit and component stage took 240 s instead of 150 s.
        // 20 s like the components: a first dynamic import of a server module (exceljs, Fastify) can take over
        // Vitest's default 5 s on a loaded two-core machine.
        // `isolate: false`: a worker runs file after file with the modules it already loaded (the server's modules,
        // exceljs, vite), instead of a new process importing them again for every file. The components do the same
        // with a reset between files (see there).
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 2,
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          maxWorkers: 2,
          // `isolate: false`: a worker runs file after file in one jsdom with react-admin, MUI and emotion loaded
          // once, instead of a new process building a jsdom and importing them for every file. Between two files the
          // setup puts the page back as a fresh process gives it (emotion's styles, the document, the address,
          // storage, stubbed globals) and has the project's own modules evaluated again
          // (tests/components/support/shared-page.ts): without that, the page's styles piled up and each query by
          // role slowed down, until a whole run took more CPU than with a fresh process per file.
          isolate: false,
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 20_000,
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: componentDependencies(),
                exclude: ['react-dom', 'react-dom/client'],
              },
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // One worker runs file after file with the server's modules loaded and warm (isolate: false, as the unit and
          // component files): 40 % less CPU. Every server gets its own database all the same.
          setupFiles: ['tests/api/support/setup.ts'],
          isolate: false,
          // Vitest's default (cores − 1) runs the API files one at a time on CI's two cores, while a file spends
          // much of its time waiting on PostgreSQL or a worker thread. Every file builds its own database
          // (SQLite file or PostgreSQL schema), so two files at a time share nothing.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A poll waits on the outbox, the job runner or a worker thread, which a loaded CI machine delays: 20 s by
          // default, a bound rather than vitest's 1 s (a declined admission's e-mail missed that second in CI).
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // `isolate: false`: one process runs file after file with playwright-core and the support loaded once,
          // instead of a new one importing them again for every file, and one Chromium lent to each file
          // (tests/e2e/support/browser.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser waits on a server shared by two parts of the suite on two cores: an `expect.poll` gets 10 s by
          // default, not vitest's 1 s (URLs after a save, fields filled after a load failed on that second in CI).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
