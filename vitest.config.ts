import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        // exceljs, vite), instead of a new process importing them again for every file. Not for the components: in a
        // jsdom shared by a worker's files, the page's styles pile up and each query by role slows down, until a
        // whole run takes more CPU than with a fresh process per file.
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
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 20_000,
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
