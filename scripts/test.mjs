// `npm test`: formatting, typecheck, lint and the production build side by side; unit and component tests; API tests
// on SQLite and PostgreSQL (in shuffled order, seed printed; TEST_SEED=N repeats an order) with Storybook's build
// beside them; then the browser tests in Chromium. Each stage's time and the slowest files come at the end. Without
// TEST_DATABASE_URL, a throwaway PostgreSQL is started when its binaries are installed (scripts/pg-cluster.mjs) and
// removed at the end, even on failure or Ctrl-C.
// Tests that cannot run here are counted and named at the end — except under CI=true, where a
// missing PostgreSQL or Chromium, or any skipped test, fails the run.
// The last line sums up every test: "N passed, N failed" (", N skipped" when some did not run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findPgBin, startCluster } from './pg-cluster.mjs';
import { childrenCpuSeconds } from './cpu-time.mjs';
import { CLIENT_STAMP, touchStamp } from './stale.mjs';

const CI = process.env.CI === 'true';
const CHROMIUM = '/usr/bin/chromium';
const reports = '.vitest-reports';
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Tests that exist but were not run here, with why and what to install. */
const notRun = [];
const started = Date.now();
let cluster = null;
let child = null;
/** Steps running side by side (stepsSideBySide), stopped with the run. */
const sideBySide = new Set();
/**
 * Each step's title, seconds and CPU seconds (all its processes': on two busy cores the CPU says what a step costs),
 * printed at the end of the run (as far as it got). Steps side by side have one CPU figure for them all.
 */
const stageTimes = [];
/** Each vitest step's title and JSON report, for its ten slowest files at the end. */
const vitestReports = [];

// The throwaway cluster, and a step still running beside a failed one, go away however this process ends (exit
// handlers must be synchronous: stop() and kill() are).
process.on('exit', () => {
  cluster?.stop();
  for (const proc of sideBySide) proc.kill();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    child?.kill(signal);
    for (const proc of sideBySide) proc.kill(signal);
    console.error(`\n✖ Interrompido (${signal}).`);
    process.exit(130);
  });
}

function run(command, args, env = {}, stdio = 'inherit') {
  return new Promise((resolve) => {
    child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.on('close', (status) => {
      child = null;
      resolve({ status, out });
    });
  });
}

/** Runs one step; a failing step ends the run (after `beforeFail`, e.g. counting its tests). */
async function step(title, command, args, env = {}, beforeFail = () => {}) {
  const t0 = Date.now();
  const cpu0 = childrenCpuSeconds();
  console.log(`\n▶ ${title}`);
  const { status } = await run(command, args, env);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  stageTimes.push({ title, seconds, cpu: cpuSince(cpu0) });
  if (status !== 0) {
    beforeFail();
    console.error(`✖ ${title} falhou (${seconds} s)`);
    finish(1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

/** CPU seconds of the children ended since `cpu0` (null where /proc cannot say). */
function cpuSince(cpu0) {
  const cpu = childrenCpuSeconds();
  return cpu === null || cpu0 === null ? null : cpu - cpu0;
}

/**
 * Starts a step whose output is kept and printed whole when it ends (so that steps running at the same time do not
 * interleave); answers its exit status.
 */
function startQuiet([title, command, args, env = {}]) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const proc = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    sideBySide.add(proc);
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    proc.on('close', (status) => {
      sideBySide.delete(proc);
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      stageTimes.push({ title, seconds });
      console.log(`\n▶ ${title}`);
      if (out) process.stdout.write(out);
      console.log(status === 0 ? `✔ ${title} (${seconds} s)` : `✖ ${title} falhou (${seconds} s)`);
      resolve(status);
    });
  });
}

/**
 * Runs single-threaded steps at the same time (CI has two cores), each one's output printed whole when it ends.
 * Any failure ends the run once all have ended.
 */
async function stepsSideBySide(steps, beforeFail = () => {}) {
  const t0 = Date.now();
  const cpu0 = childrenCpuSeconds();
  const results = await Promise.all(steps.map(startQuiet));
  stageTimes.push({
    title: `as ${steps.length} etapas acima, lado a lado`,
    seconds: ((Date.now() - t0) / 1000).toFixed(1),
    cpu: cpuSince(cpu0),
  });
  if (results.some((status) => status !== 0)) {
    beforeFail();
    finish(1);
  }
}

/** The arguments of a vitest run of `projects` that writes its JSON report to `out`. */
const vitestArgs = (projects, extraArgs, out) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  ...extraArgs,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

const counted = new Set();
/** Adds a JSON report's counts to the totals (once: a failing step counts before it ends the run); answers it. */
function countReport(out) {
  if (!fs.existsSync(out)) return null;
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (!counted.has(out)) {
    counted.add(out);
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  return report;
}

/** Runs vitest projects with a JSON report, adds its counts to the totals (failed ones too), answers the report. */
async function vitest(title, projects, extraArgs = [], env = {}) {
  const out = path.join(reports, `${projects.join('-')}.json`);
  vitestReports.push({ title, out });
  await step(title, process.execPath, vitestArgs(projects, extraArgs, out), env, () => countReport(out));
  return countReport(out);
}

/**
 * Runs a project's files in several vitest runs side by side (`runs`: each one's extra arguments), each run with its
 * own global setup: for the browser tests, a server and a database of its own, so that no run sees another's rows.
 */
async function vitestSideBySide(title, project, runs, env = {}) {
  const outs = runs.map((_, i) => path.join(reports, `${project}-${i + 1}.json`));
  outs.forEach((out, i) => vitestReports.push({ title: `${title}, parte ${i + 1} de ${runs.length}`, out }));
  const countAll = () => outs.forEach(countReport);
  await stepsSideBySide(
    runs.map((args, i) => [
      `${title}, parte ${i + 1} de ${runs.length}`,
      process.execPath,
      vitestArgs([project], args, outs[i]),
      env,
    ]),
    countAll,
  );
  countAll();
}

function cannotRun(what, why) {
  if (CI) {
    console.error(`✖ ${what}: ${why} — CI=true não permite pular.`);
    finish(1);
  }
  console.log(`⚠ ${what}: não executados (${why})`);
}

/**
 * Where the time went: each step's seconds, and the ten slowest files of each vitest step (a file's own time, from
 * its first test's start to its last one's end, as vitest's JSON report gives it).
 */
function printTimes() {
  for (const { title, out } of vitestReports) {
    if (!fs.existsSync(out)) continue;
    const files = JSON.parse(fs.readFileSync(out, 'utf8'))
      .testResults.map((file) => ({ name: path.relative(process.cwd(), file.name), ms: file.endTime - file.startTime }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    console.log(`\nArquivos mais lentos — ${title}:`);
    for (const { name, ms } of files) console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${name}`);
  }
  if (stageTimes.length) console.log('\nTempo de cada etapa (e CPU somada dos seus processos):');
  for (const { title, seconds, cpu } of stageTimes) {
    const cpuText = cpu === undefined || cpu === null ? '' : `${cpu.toFixed(1)} CPU-s`;
    console.log(`${String(seconds).padStart(8)} s ${cpuText.padStart(13)}  ${title}`);
  }
  if (stageTimes.some(({ title }) => title === 'Build do Storybook'))
    console.log('(a CPU dos testes de API inclui a do Build do Storybook, que roda ao lado deles)');
  // Chromium's renderers and helpers are not reaped through the vitest process that launched the browser, so their
  // CPU never reaches this process's children's count (sampling /proc during a run found 400–600 CPU-s of theirs).
  if (stageTimes.some(({ title }) => title.startsWith('Testes de navegador')))
    console.log('(a CPU dos testes de navegador não conta a dos processos do Chromium, que saem da árvore)');
}

/**
 * The failed tests, each with its file and its message's first lines, printed last before the totals: CI keeps only
 * the tail of a long output, and a failure scrolled out of it could not be named.
 */
function printFailures() {
  const failures = [];
  for (const { title, out } of vitestReports) {
    if (!fs.existsSync(out)) continue;
    for (const file of JSON.parse(fs.readFileSync(out, 'utf8')).testResults) {
      const name = path.relative(process.cwd(), file.name);
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) failures.push({ title, name, test: test.fullName, messages: test.failureMessages });
      // A file that failed before its tests ran (an import, a hook) has no failed test, only its own message.
      if (!failed.length && file.status === 'failed')
        failures.push({ title, name, test: '(o arquivo)', messages: [file.message ?? ''] });
    }
  }
  if (!failures.length) return;
  console.log(`\nTestes que falharam (${failures.length}):`);
  for (const { title, name, test, messages } of failures.slice(0, 20)) {
    console.log(`✖ ${name} › ${test}  [${title}]`);
    for (const line of messageLines(messages)) console.log(`    ${line.slice(0, 300)}`);
  }
  if (failures.length > 20) console.log(`… e mais ${failures.length - 20}`);
}

/**
 * A failure's message and the lines of its stack in our own files (vitest's and node's frames say nothing). A
 * timeout's stack was taken when the test started, under a placeholder message: it is named for what it is.
 */
function messageLines(messages) {
  const lines = messages
    .join('\n')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.replace('Error: STACK_TRACE_ERROR', 'Tempo esgotado: o teste passou do seu limite de tempo.'));
  const ours = (line) => !/^\s+at /.test(line) || !/node_modules|node:internal|\(<anonymous>\)/.test(line);
  return lines.filter(ours).slice(0, 6);
}

function finish(code) {
  printTimes();
  printFailures();
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`\nTempo total: ${minutes} min`);
  let skipped = totals.skipped;
  if (totals.skipped) console.log(`${totals.skipped} pulados pelos próprios testes (skip/todo)`);
  for (const { count, why } of notRun) {
    console.log(`${count} não executados: ${why}`);
    skipped += count;
  }
  if (CI && skipped > 0 && code === 0) {
    console.error('✖ CI=true não permite testes pulados.');
    code = 1;
  }
  console.log(`${totals.passed} passed, ${totals.failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code);
}

/** Tests of the e2e project, counted without a browser or a server (the global setup stands aside). */
async function countE2eTests() {
  const { status, out } = await run(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'list', '--project', 'e2e', '--json'],
    { E2E_LIST_ONLY: '1' },
    ['ignore', 'pipe', 'inherit'],
  );
  if (status !== 0) {
    console.error('✖ Não foi possível listar os testes de navegador (vitest list).');
    finish(1);
  }
  return JSON.parse(out).length;
}

const bin = (name) => path.join('node_modules', '.bin', name);

// Checks and builds side by side: each is one process that mostly keeps one core busy. The interface is built here,
// once: the unit tests read that build (tests/unit/bundle.test.ts) and the browser tests serve it.
const CLIENT_DIR = 'dist/client';
await stepsSideBySide([
  ['Formatação (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['Verificação de tipos (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['Lint (ESLint)', bin('eslint'), ['--max-warnings=0', '.']],
  ['Build da interface (vite)', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']],
  ['Build do servidor (esbuild)', process.execPath, ['scripts/build-server.mjs']],
]);
touchStamp(CLIENT_STAMP);
await vitest('Testes unitários e de componentes', ['unit', 'components'], [], { BUILT_CLIENT_DIR: CLIENT_DIR });

// --- API tests: SQLite always; PostgreSQL from TEST_DATABASE_URL, or a throwaway cluster.
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  const pgBin = findPgBin();
  if (pgBin) {
    console.log(`\n▶ PostgreSQL descartável (${pgBin})`);
    try {
      cluster = await startCluster(pgBin);
    } catch (error) {
      console.error(`✖ ${error.message}`);
      finish(1);
    }
    databaseUrl = cluster.url;
    console.log(`✔ TEST_DATABASE_URL=${databaseUrl} (parado e apagado ao fim)`);
  } else {
    cannotRun('Testes de API no PostgreSQL', 'PostgreSQL não encontrado em /usr/lib/postgresql/*/bin');
  }
}
// A shuffled order proves each test builds what it needs; the seed repeats a failing order.
const seed = Number(process.env.TEST_SEED) || Math.floor(Math.random() * 1_000_000);
console.log(`\nTestes de API em ordem aleatória, semente ${seed}. Para repetir a mesma ordem:`);
console.log(`  TEST_SEED=${seed} npm test`);
console.log(
  `  ${databaseUrl ? 'TEST_DATABASE_URL=postgres://… ' : ''}npx vitest run --project api --sequence.shuffle.tests --sequence.seed=${seed}`,
);
// Storybook's build beside the API tests, whose files spend part of their time waiting (on PostgreSQL, a worker
// thread, a timer); its output comes whole when it ends.
const storybook = startQuiet([
  'Build do Storybook',
  bin('storybook'),
  ['build', '-o', 'dist/storybook', '--quiet'],
  { STORYBOOK_DISABLE_TELEMETRY: '1' },
]);
const api = await vitest(
  databaseUrl ? 'Testes de API (SQLite e PostgreSQL)' : 'Testes de API (SQLite)',
  ['api'],
  ['--sequence.shuffle.tests', `--sequence.seed=${seed}`],
  { TEST_DATABASE_URL: databaseUrl ?? '' },
);
if (cluster) {
  const cpu = cluster.cpuSeconds();
  if (cpu !== null) stageTimes.push({ title: 'PostgreSQL descartável (durante os testes de API)', seconds: '', cpu });
  cluster.stop();
  cluster = null;
}
if (!databaseUrl) {
  // Every describeOnDatabases suite would have run once more, on PostgreSQL.
  const onSqlite = api.testResults
    .flatMap((file) => file.assertionResults)
    .filter((t) => t.ancestorTitles.some((title) => title.endsWith('[sqlite]'))).length;
  notRun.push({
    count: onSqlite,
    why: 'sem PostgreSQL — instale com: apt-get install postgresql (ou defina TEST_DATABASE_URL)',
  });
}
if ((await storybook) !== 0) finish(1);

// --- Browser tests.
if (fs.existsSync(CHROMIUM)) {
  // The browser tests leave a third of the two cores idle while pages load and settle: two runs side by side fill
  // it. The walk through every screen is by far the longest file: it and the eight others named here go in one run,
  // every other file (a new one too) in the other, which keeps the two about even. Each file also costs a few seconds
  // of its own (a browser to launch, its imports), so the many short files weigh more than their sum. Last measured
  // in a fresh clone (29/11/2026), in seconds of each file: 141 + 56 + 34 + 29 + 23 + 15 here then took 336 s against
  // 604 s for the other 31 files (474 s of tests), which is why admission (49), public-site (41) and secretary (37)
  // moved here. Then (29/11/2026) the screens walk, the reports and most sign-ins stopped loading the whole app again
  // and again, which lightened this run more than the other: side by side on a machine loaded by other work, this one
  // took 1105 s against 1443 s (and its reports, 182 s there with a click timing out, took 63 s once they too reached
  // the dashboard inside the app), so imports (84 s there) and finance-clerk (104 s) moved here.
  const apart = [
    'screens',
    'grade-entry',
    'reports',
    'layout',
    'students',
    'persona-direction',
    'admission',
    'public-site',
    'secretary',
    'imports',
    'finance-clerk',
  ].map((name) => `tests/e2e/${name}.test.ts`);
  await vitestSideBySide(
    'Testes de navegador (Chromium)',
    'e2e',
    [apart, apart.flatMap((file) => ['--exclude', file])],
    { TZ: 'America/Sao_Paulo' },
  );
} else {
  cannotRun('Testes de navegador', `${CHROMIUM} não encontrado`);
  notRun.push({ count: await countE2eTests(), why: 'sem Chromium — instale com: apt-get install chromium' });
}

finish(totals.failed > 0 ? 1 : 0);
