// `npm test`: typecheck, lint, unit and component tests, API tests on SQLite (and PostgreSQL when
// TEST_DATABASE_URL is set), the production build, Storybook's build, then the browser tests in
// Chromium. A missing PostgreSQL or Chromium is reported as skipped — except under CI=true, where
// it fails. The last line sums up every test run: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CI = process.env.CI === 'true';
const CHROMIUM = '/usr/bin/chromium';
const reports = '.vitest-reports';
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

function step(title, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} falhou (${seconds} s)`);
    finish(1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function vitest(title, projects, env = {}) {
  const out = path.join(reports, `${projects.join('-')}.json`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  try {
    step(title, process.execPath, args, env);
  } finally {
    if (fs.existsSync(out)) {
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
    }
  }
}

function skipped(what, why) {
  if (CI) {
    console.error(`✖ ${what}: ${why} — CI=true não permite pular.`);
    finish(1);
  }
  console.log(`⚠ ${what}: PULADO (${why})`);
}

function finish(code) {
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`\nTempo total: ${minutes} min`);
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(code);
}

const bin = (name) => path.join('node_modules', '.bin', name);

step('Verificação de tipos (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('Lint (ESLint)', bin('eslint'), ['--max-warnings=0', '.']);
vitest('Testes unitários e de componentes', ['unit', 'components']);

if (!process.env.TEST_DATABASE_URL) skipped('Testes de API no PostgreSQL', 'TEST_DATABASE_URL não definido');
vitest(process.env.TEST_DATABASE_URL ? 'Testes de API (SQLite e PostgreSQL)' : 'Testes de API (SQLite)', ['api']);

step('Build da interface (vite)', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
fs.writeFileSync('dist/client/.built', new Date().toISOString());
step('Build do servidor (esbuild)', process.execPath, ['scripts/build-server.mjs']);
step('Build do Storybook', bin('storybook'), ['build', '-o', 'dist/storybook', '--quiet'], { STORYBOOK_DISABLE_TELEMETRY: '1' });

if (fs.existsSync(CHROMIUM)) {
  vitest('Testes de navegador (Chromium)', ['e2e'], { TZ: 'America/Sao_Paulo' });
} else {
  skipped('Testes de navegador', `${CHROMIUM} não encontrado (apt-get install chromium)`);
}

finish(totals.failed > 0 ? 1 : 0);
