// `npm run test:e2e`: builds what is out of date (SPA, server), then runs the browser tests in
// Debian's Chromium, in the school's time zone. Extra arguments go to vitest
// (e.g. `npm run test:e2e -- tests/e2e/students.test.ts`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildWhatIsStale } from './stale.mjs';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} não encontrado: instale com apt-get install chromium.`);
  process.exit(1);
}
buildWhatIsStale();
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'America/Sao_Paulo' },
  },
);
process.exit(result.status ?? 1);
