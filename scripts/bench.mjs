// `npm run bench`: seeds a separate database with 100,000 teachings, starts the built server, and
// loads it from a separate process (autocannon) on 127.0.0.1: the teachings list with a search and a
// page, against the bare /api/health route of the same server. Writes the figures and their ratio
// to bench/results/. Set BENCH_DATABASE_URL to measure on PostgreSQL instead of SQLite (that database is
// emptied at the start of each run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { benchDiary } from './bench-diary.mjs';
import { benchImport } from './bench-import.mjs';
import { benchGradesAndDocuments } from './bench-documents.mjs';
import { benchPortal } from './bench-portal.mjs';
import { benchPlans } from './bench-plans.mjs';
import { benchRollover } from './bench-rollover.mjs';
import { SERVER_V8_FLAGS } from './server-flags.mjs';
import { buildWhatIsStale } from './stale.mjs';
import { benchPhone } from '../bench/phone.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN = { email: 'bench@escolamodelo.edu.br', password: 'bench-senha-123' };
const WORDS = [
  'Matemática',
  'Língua Portuguesa',
  'Física',
  'Química',
  'História',
  'Geografia',
  'Educação Física',
  'Artes',
  'Inglês',
  'Biologia',
];

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function rows() {
  const now = new Date().toISOString();
  return Array.from({ length: ROWS }, (_, i) => [
    `Ensino ${String(i + 1).padStart(6, '0')} ${WORDS[i % WORDS.length]}`,
    `Turma de ${WORDS[(i * 7) % WORDS.length]} — descrição número ${i + 1}`,
    now,
  ]);
}

async function seed(env) {
  console.log(`Semeando ${ROWS} ensinos…`);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query('truncate teachings restart identity cascade');
    await client.query('delete from search_signatures');
    await client.query('vacuum analyze teachings');
    const all = rows();
    for (let i = 0; i < all.length; i += 5000) {
      const chunk = all.slice(i, i + 5000);
      await client.query(
        'insert into teachings (name, description, created_at, updated_at) select * , c from unnest($1::text[], $2::text[], $3::timestamptz[]) as t(a, b, c)',
        [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2])],
      );
    }
    await client.end();
  } else {
    const db = new Database(path.join(env.DATA_DIR, 'secretaria.db'));
    db.exec('delete from teachings');
    // The server rebuilds search_text of rows it did not write when it starts.
    db.exec('delete from search_signatures');
    const insert = db.prepare('insert into teachings (name, description, created_at, updated_at) values (?, ?, ?, ?)');
    db.transaction((all) => all.forEach((r) => insert.run(r[0], r[1], r[2], r[2])))(rows());
    db.close();
  }
}

async function waitUp(url) {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('o servidor não respondeu');
}

/** The admin's token; a server still catching up after start answers 503 with Retry-After, so wait and ask again. */
async function signIn(base) {
  for (let i = 0; i < 120; i++) {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.ok) return (await login.json()).access_token;
    if (login.status !== 503) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('login: o servidor seguiu sobrecarregado');
}

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);

/** 100,000 students with one enrolment each, spread over two years, for the dashboard indicators. */
async function seedStudents(env) {
  console.log(`Semeando ${STUDENTS} alunos e matrículas…`);
  const start = Date.now() - 730 * 86_400_000;
  const at = (i) => new Date(start + Math.floor((i / STUDENTS) * 730 * 86_400_000)).toISOString();
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(
      `insert into students (name, search_text, cpf, created_at, updated_at)
       select 'Aluno ' || g, 'aluno ' || g, lpad(g::text, 11, '0'), to_timestamp(extract(epoch from now()) - 730 * 86400 + g * (730 * 86400.0 / $1)), now() from generate_series(1, $1) g`,
      [STUDENTS],
    );
    await client.query(
      `insert into registrations (student_id, team_id, created_at, updated_at)
       select s.id, (select id from teams order by id offset (s.id % 4) limit 1), s.created_at, s.created_at from students s`,
    );
    // Fresh statistics, as autovacuum would have them in a running school, so plans are not measured stale.
    await client.query('vacuum analyze');
    await client.end();
  } else {
    const db = new Database(path.join(env.DATA_DIR, 'secretaria.db'));
    const teams = db
      .prepare('select id from teams order by id')
      .all()
      .map((r) => r.id);
    // search_text is what the server would store: the folded name and CPF (the names here are ASCII).
    const student = db.prepare(
      'insert into students (name, search_text, cpf, created_at, updated_at) values (?, ?, ?, ?, ?)',
    );
    const registration = db.prepare(
      'insert into registrations (student_id, team_id, created_at, updated_at) values (?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let i = 0; i < STUDENTS; i++) {
        const cpf = String(i + 1).padStart(11, '0');
        const id = student.run(`Aluno ${i + 1}`, `aluno ${i + 1} • ${cpf}`, cpf, at(i), at(i)).lastInsertRowid;
        registration.run(id, teams[i % teams.length], at(i), at(i));
      }
    })();
    db.close();
  }
}

const CHARGES_PER_STUDENT = Number(process.env.BENCH_CHARGES_PER_STUDENT ?? 10);

/** Ten charges per enrolment (1,000,000 over 100,000 students): a year of tuition, some paid. */
async function seedCharges(env) {
  console.log(`Semeando ${STUDENTS * CHARGES_PER_STUDENT} cobranças…`);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(
      `insert into financials (registration_id, value_cents, quota, due_date, paid, pay_day, service_type_id, payment_type_id, created_at, updated_at)
       select r.id, 45000 + (r.id % 7) * 100, q, to_char(date '2026-01-10' + (q - 1) * interval '1 month', 'YYYY-MM-DD'), (q <= 3)::int,
              case when q <= 3 then to_char(date '2026-01-09' + (q - 1) * interval '1 month', 'YYYY-MM-DD') end, 1, 4, now(), now()
       from registrations r cross join generate_series(1, $1) q`,
      [CHARGES_PER_STUDENT],
    );
    await client.query('vacuum analyze financials');
    await client.end();
  } else {
    const db = new Database(path.join(env.DATA_DIR, 'secretaria.db'));
    const ids = db
      .prepare('select id from registrations order by id')
      .all()
      .map((r) => r.id);
    const insert = db.prepare(
      'insert into financials (registration_id, value_cents, quota, due_date, paid, pay_day, service_type_id, payment_type_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 1, 4, ?, ?)',
    );
    const now = new Date().toISOString();
    const due = (q) => `2026-${String(((q - 1) % 12) + 1).padStart(2, '0')}-10`;
    db.transaction(() => {
      for (const id of ids)
        for (let q = 1; q <= CHARGES_PER_STUDENT; q++)
          insert.run(id, 45000 + (id % 7) * 100, q, due(q), q <= 3 ? 1 : 0, q <= 3 ? due(q) : null, now, now);
    })();
    db.close();
  }
}

/** Sequential timings of one route: the latency a secretary opening the dashboard waits for. */
async function timings(url, headers, runs = 20, init = {}) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers, ...(typeof init === 'function' ? init(i) : init) });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return {
    url: url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
    runs,
    medianMs: +ms[Math.floor(runs / 2)].toFixed(2),
    p95Ms: +ms[Math.floor(runs * 0.95)].toFixed(2),
    maxMs: +ms[runs - 1].toFixed(2),
  };
}

function load(url, headers) {
  // autocannon runs in its own process so that the load generator does not share the server's CPU loop.
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-d', String(DURATION), '-c', String(CONNECTIONS)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(r.stderr);
  const result = JSON.parse(r.stdout);
  return {
    url: url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

// --- Class diary (reports): 60 students × 15 disciplines × 4 stages, every grade filled. -------------
const DIARY_STUDENTS = 60;
const DIARY_DISCIPLINES = 15;

/**
 * Seeds, through the API, a grid of 15 disciplines × 4 stages, a team of 60 students with every grade,
 * then times the class diary (15 sheets) sequentially. Goal: median under 500 ms. Writes its own file,
 * bench/results/class-diary-<database>.json.
 */
async function benchClassDiary(base, auth, database) {
  console.log(`Diário de classe: ${DIARY_STUDENTS} alunos × ${DIARY_DISCIPLINES} disciplinas…`);
  const api = async (method, route, body) => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const tag = Date.now().toString(36);
  const teaching = (await api('POST', '/teachings', { name: `Ensino do diário ${tag}` })).data.id;
  const course = (await api('POST', '/courses', { name: `Curso do diário ${tag}`, teaching_id: teaching })).data.id;
  const disciplines = [];
  for (let i = 0; i < DIARY_DISCIPLINES; i++) {
    disciplines.push(
      (
        await api('POST', '/disciplines', {
          name: `${WORDS[i % WORDS.length]} ${i + 1}`,
          teaching_id: teaching,
          amount_of_reviews: '4',
          workload: '80',
        })
      ).data.id,
    );
  }
  const existing = (await api('GET', '/stages?page=0&sortBy=stage&sortDesc=0')).data;
  const stages = [];
  for (const n of [1, 2, 3, 4])
    stages.push(
      existing.find((s) => Number(s.stage) === n)?.id ??
        (await api('POST', '/stages', { stage: n, description: `${n}ª etapa` })).data.id,
    );
  const grid = (await api('POST', '/grids', { name: `Grade do diário ${tag}`, course_id: course })).data.id;
  await api('POST', '/grid-templates', {
    rows: stages.flatMap((stage_id) =>
      disciplines.map((discipline_id) => ({ grid_id: grid, discipline_id, stage_id, workload: 20 })),
    ),
  });
  const polo = (await api('POST', '/polos', { name: `Polo do diário ${tag}`, city: 'Belém', uf: 'PA' })).data.id;
  const team = (
    await api('POST', '/teams', {
      name: `Turma do diário ${tag}`,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: polo,
      grid_id: grid,
    })
  ).data.id;
  const grades = [];
  for (let i = 0; i < DIARY_STUDENTS; i++) {
    const student = (await api('POST', '/students', { name: `Aluna do Diário ${String(i + 1).padStart(2, '0')}` })).data
      .id;
    await api('POST', '/registrations', { student_id: student, team_id: team });
    for (const stage_id of stages)
      for (const discipline_id of disciplines)
        grades.push({
          student_id: student,
          stage_id,
          discipline_id,
          team_id: team,
          grade: String((i + stage_id + discipline_id) % 11),
        });
  }
  await api('POST', '/grades', { grades });
  const classDiary = await timings(`${base}/api/exports/class-diary?team_id=${team}`, auth);
  const result = {
    date: new Date().toISOString(),
    database,
    students: DIARY_STUDENTS,
    disciplines: DIARY_DISCIPLINES,
    stages: 4,
    classDiary,
    classDiaryUnder500ms: classDiary.medianMs < 500,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/class-diary-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.table({ [classDiary.url]: { 'mediana ms': classDiary.medianMs, 'p95 ms': classDiary.p95Ms } });
  return result;
}
// --- End of class diary. ----------------------------------------------------------------------------
// --- Report files (issue 13, engineer B2): the filtered financial report over every charge, and one letter.
/** The server's resident memory (MB) now, from /proc: the report worker threads live in the same process. */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/**
 * Downloads the filtered financial report with no filter (every charge, XLSX) while sampling the server's
 * RSS every 50 ms; the body is read and dropped chunk by chunk, as a browser saving a file does. Then the
 * median time of one certificate of completion (PDF). Written to bench/results/reports-<database>.json.
 */
async function benchReports(base, auth, pid, studentId, database) {
  console.log(`Relatório financeiro com filtro sobre ${STUDENTS * CHARGES_PER_STUDENT} cobranças…`);
  const baselineRssMb = rssMb(pid);
  let peakRssMb = baselineRssMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(pid))), 50);
  const t0 = performance.now();
  const response = await fetch(`${base}/api/exports/report-financial-with-filter?type_print=xlsx`, { headers: auth });
  if (!response.ok) throw new Error(`relatório financeiro: HTTP ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRssMb = Math.max(peakRssMb, rssMb(pid));
  const record = (await (await fetch(`${base}/api/students/${studentId}`, { headers: auth })).json())[0];
  const team = record.registrations[0].team.id;
  const certificate = await timings(`${base}/api/exports/certificate-of-completion/${studentId}/team/${team}`, auth);
  const result = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    financialWithFilter: {
      charges: STUDENTS * CHARGES_PER_STUDENT,
      format: 'xlsx',
      bytes,
      seconds: +seconds.toFixed(1),
      baselineRssMb: +baselineRssMb.toFixed(1),
      peakRssMb: +peakRssMb.toFixed(1),
    },
    certificateOfCompletion: certificate,
    goals: { financialPeakRssUnder200Mb: peakRssMb < 200 },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/reports-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.table({
    'relatório financeiro (XLSX)': {
      MB: +(bytes / 1048576).toFixed(1),
      s: result.financialWithFilter.seconds,
      'RSS pico MB': result.financialWithFilter.peakRssMb,
    },
    'atestado de conclusão (PDF)': { 'mediana ms': certificate.medianMs, 'p95 ms': certificate.p95Ms },
  });
  return result;
}
// --- end of report files bench.
/** The machine's 1-minute load average, recorded next to each figure (other work shares the cores). */
const loadAverage = () => +os.loadavg()[0].toFixed(2);

/** Load figures with the machine's load average and the ratio against the bare route of the same run. */
function withContext(figure, baseline) {
  return {
    ...figure,
    loadAverage: loadAverage(),
    ...(baseline ? { ratioVsHealth: +(figure.requestsPerSecond / baseline.requestsPerSecond).toFixed(4) } : {}),
  };
}

const machine = () => ({ cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version });

/** The load figures as written to bench/results/, each with its context and ratio against the bare route. */
function loadResults({ baseline, search, firstPage, studentsPage, studentsSearch, mixed }) {
  return {
    baseline: withContext(baseline),
    teachingsSearchPage: withContext(search, baseline),
    teachingsFirstPage: withContext(firstPage, baseline),
    studentsFirstPage: withContext(studentsPage, baseline),
    studentsSearch: withContext(studentsSearch, baseline),
    mixed200: mixed,
  };
}

/** 200 connections, 80 % reads / 20 % writes (scripts/bench-mixed.mjs), 60 s (20 s with BENCH_QUICK). */
function mixedLoad(base, token) {
  const seconds = process.env.BENCH_QUICK ? 20 : 60;
  const connections = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200);
  console.log(`Carga mista: ${connections} conexões por ${seconds} s (80 % leituras, 20 % escritas)…`);
  const before = loadAverage();
  const r = spawnSync(
    process.execPath,
    ['scripts/bench-mixed.mjs', base, token, String(seconds), String(connections)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  const result = JSON.parse(r.stdout);
  return {
    connections,
    seconds,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    // The first 10 s of the 200 connections, all opened at once (the warm-up): measured and shown apart.
    firstSeconds: result.warmup && {
      seconds: 10,
      requestsPerSecond: result.warmup.requests.average,
      latencyMs: { p50: result.warmup.latency.p50, p99: result.warmup.latency.p99, max: result.warmup.latency.max },
      errors: result.warmup.errors,
      timeouts: result.warmup.timeouts,
      non2xx: result.warmup.non2xx,
    },
    loadAverageBefore: before,
    loadAverage: loadAverage(),
  };
}

/** The production build's JavaScript per page, from Vite's manifest (scripts/bundle-size.mjs). */
async function bundleSizes() {
  const { bundleFigures, pageFigures, phoneFigures } = await import('./bundle-size.mjs');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-bench-client-'));
  try {
    const r = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (r.status !== 0) throw new Error('vite build falhou');
    const shell = bundleFigures(outDir);
    const phone = phoneFigures(outDir);
    return {
      teacherFirstLoadJsGzipKb: phone.teacher.jsGzipKb,
      portalFirstLoadJsGzipKb: phone.portal.jsGzipKb,
      shellJsGzipKb: shell.firstLoadJsGzipKb,
      homeFirstLoadJsGzipKb: pageFigures(outDir, 'src/public/HomePage.tsx').jsGzipKb,
      verifyFirstLoadJsGzipKb: pageFigures(outDir, 'src/public/VerifyPage.tsx').jsGzipKb,
      adminAfterSignInJsGzipKb: shell.adminAfterSignInJsGzipKb,
      loadAverage: loadAverage(),
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-bench-'));
// SEED_DEMO: the bench's students go into the demo school's teams (a server seeds nothing unless asked).
const env = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  // The portal bench's families come from their own addresses through one proxy (X-Forwarded-For), as behind the
  // school's reverse proxy; the other loads send no such header and are seen from 127.0.0.1 as before.
  TRUST_PROXY: '1',
};
if (process.env.BENCH_DATABASE_URL) {
  env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // Every run measures the same fresh data, like the throwaway SQLite file: the database is emptied first.
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query('drop schema if exists public cascade; create schema public');
  await client.end();
}

run(process.execPath, ['scripts/build-server.mjs', '--if-stale']);
// The phone measures the built SPA the server serves: built first when its sources changed.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'phone') buildWhatIsStale();
run(process.execPath, ['dist/server/migrate.mjs'], env);
// The import bench brings its own school from spreadsheets: the 100,000 teachings would only slow its start.
if (process.env.BENCH_ONLY !== 'import') await seed(env);

const port = await freePort();
// The server's own output goes to a file, to read when it fails mid-run.
const serverLog = fs.openSync(path.join(os.tmpdir(), `secretaria-bench-server-${process.pid}.log`), 'w');
// The same V8 options as `npm start` (scripts/server-flags.mjs).
const server = spawn(process.execPath, [...SERVER_V8_FLAGS, 'dist/server/main.mjs'], {
  env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', serverLog, serverLog],
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitUp(`${base}/api/health`);
  const token = await signIn(base);
  const auth = { authorization: `Bearer ${token}` };
  const database = env.DATABASE_URL ? 'postgresql' : 'sqlite';
  if (process.env.BENCH_ONLY === 'phone') {
    // Only the phone: the teacher's roll call and the family's portal in Chromium, throttled (bench/phone.mjs).
    await benchPhone(base, auth, env);
  } else if (process.env.BENCH_ONLY === 'plans') {
    // Only the payment plans: a 12-instalment plan applied to 1,000 enrolments (its own file).
    await benchPlans(base, auth, env, database, server.pid);
  } else if (process.env.BENCH_ONLY === 'rollover') {
    // Only the rollover (issue 38): 1,000 students of closed teams into next year's (its own file).
    await benchRollover(base, auth, env, database);
  } else if (process.env.BENCH_ONLY === 'portal') {
    // Only the family portal: 500 families sign in and open the report card within a minute (its own file).
    await benchPortal(base, auth, env, database);
  } else if (process.env.BENCH_ONLY === 'import') {
    // Only the spreadsheet import (issue 37): students, enrolments and charges into the demo school (its own file).
    await benchImport(base, auth, database, server.pid);
  } else if (process.env.BENCH_ONLY === 'diary') {
    // Only the class diary, on the demo school: its own 1,000 students, without the 100,000 below.
    await benchDiary(base, auth, env, database);
  } else if (process.env.BENCH_ONLY === 'reports') {
    await seedStudents(env);
    // Only the report files (their memory figure), on the same seeded students and charges.
    await seedCharges(env);
    await benchReports(base, auth, server.pid, Math.floor(STUDENTS / 2), env.DATABASE_URL ? 'postgresql' : 'sqlite');
  } else if (process.env.BENCH_ONLY === 'receivables') {
    // Only the money view (issue 27): the FINANCEIRO dashboard over the 1,000,000 seeded charges.
    await seedStudents(env);
    await seedCharges(env);
    await benchReceivables(base, auth, database);
  } else if (process.env.BENCH_ONLY === 'permissions') {
    await seedStudents(env);
    benchPermissions(base, token);
  } else if (process.env.BENCH_ONLY === 'load') {
    await seedStudents(env);
    // Only the load tests on the lists and the mixed load: a quicker loop while working on them. Written
    // apart (load-<database>.json), so a partial run never stands in for the whole bench's figures.
    const figures = loads(base, token, auth);
    const result = { date: new Date().toISOString(), database, machine: machine(), ...loadResults(figures) };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync(`bench/results/load-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
    printLoads(figures);
  } else {
    await seedStudents(env);
    await everything(base, token, auth);
  }
} finally {
  server.kill('SIGTERM');
  // BENCH_KEEP=1 leaves the seeded SQLite database for profiling a query by hand.
  if (process.env.BENCH_KEEP) console.log(`Banco mantido em ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The FINANCEIRO dashboard's figures (GET /indicators/receivables) over every seeded charge, the whole school and
 * one team, sequentially (goal: under 300 ms). Written to bench/results/receivables-<database>.json.
 */
async function benchReceivables(base, auth, database) {
  console.log('Painel financeiro sobre as cobranças semeadas…');
  // The sign-in's keep-alive socket may have been closed by the server during the long seeding: a first request,
  // not timed, opens a fresh one (it failed with EPIPE / "other side closed" otherwise).
  for (let i = 0; i < 3; i++) {
    try {
      await (await fetch(`${base}/api/indicators/receivables`, { headers: auth })).arrayBuffer();
      break;
    } catch (error) {
      console.log(`Nova tentativa após ${error.cause?.code ?? error.message}`);
    }
  }
  const school = await timings(`${base}/api/indicators/receivables`, auth);
  const team = await timings(`${base}/api/indicators/receivables?team_id=1`, auth);
  const sample = await (await fetch(`${base}/api/indicators/receivables`, { headers: auth })).json();
  const charges = STUDENTS * CHARGES_PER_STUDENT;
  const goalMs = 300;
  const result = {
    date: new Date().toISOString(),
    database,
    machine: machine(),
    charges,
    goalMs,
    school,
    team,
    withinGoal: school.p95Ms < goalMs && team.p95Ms < goalMs,
    figures: { overdue: sample.overdue, aging: sample.aging.map((a) => [a.key, a.count, a.total]) },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/receivables-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ charges, school, team }, null, 2));
}

/** What the permission check adds to a list page (scripts/bench-permissions.ts, its own results file). */
function benchPermissions(base, token) {
  console.log('Verificação de permissão contra a página da lista de alunos…');
  const database = env.DATABASE_URL ? 'postgresql' : 'sqlite';
  run(process.execPath, ['--import', 'tsx', 'scripts/bench-permissions.ts', base, token, database], env);
}

/** The whole bench, after the students are seeded (see docs/desenvolvimento/desempenho.md). */
async function everything(base, token, auth) {
  const indicators = [];
  for (const name of ['number-students-per-month', 'number-registrations-per-month', 'number-students-per-teams']) {
    indicators.push({ ...(await timings(`${base}/api/indicators/${name}`, auth)), loadAverage: loadAverage() });
  }

  await seedCharges(env);
  // A student in the middle of the table, with ten charges: the FINANCEIRO tab reads the record.
  const studentId = Math.floor(STUDENTS / 2);
  const registration = (await (await fetch(`${base}/api/students/${studentId}`, { headers: auth })).json())[0]
    .registrations[0].id;
  // First, while no worker thread is alive yet: the memory figure is the report's, not that of threads kept
  // (60 s) from the PDFs and spreadsheets measured below.
  await benchReports(base, auth, server.pid, studentId, env.DATABASE_URL ? 'postgresql' : 'sqlite');
  const finance = {
    studentRecordWithCharges: await timings(`${base}/api/students/${studentId}`, auth),
    statementPdf: await timings(`${base}/api/exports/student-financial-history/${studentId}`, auth),
    twelveInstalments: await timings(
      `${base}/api/financials`,
      { ...auth, 'content-type': 'application/json' },
      20,
      () => ({
        method: 'POST',
        body: JSON.stringify({
          registration_id: registration,
          value: '450,00',
          due_date: '2027-01-31',
          service_type_id: 1,
          payment_type: 4,
          repetitions: 12,
        }),
      }),
    ),
  };

  await benchClassDiary(base, auth, env.DATABASE_URL ? 'postgresql' : 'sqlite');
  await benchDiary(base, auth, env, env.DATABASE_URL ? 'postgresql' : 'sqlite');
  // Grade sheet and issued documents (their own file in bench/results/).
  await benchGradesAndDocuments(base, auth, env.DATABASE_URL ? 'postgresql' : 'sqlite');
  await benchPortal(base, auth, env, env.DATABASE_URL ? 'postgresql' : 'sqlite');
  await benchPhone(base, auth, env);

  const { baseline, search, firstPage, studentsPage, studentsSearch, mixed } = loads(base, token, auth);
  benchPermissions(base, token);
  const bundle = process.env.BENCH_SKIP_BUNDLE ? undefined : await bundleSizes();

  const result = {
    date: new Date().toISOString(),
    database: env.DATABASE_URL ? 'postgresql' : 'sqlite',
    rows: ROWS,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    machine: machine(),
    ...loadResults({ baseline, search, firstPage, studentsPage, studentsSearch, mixed }),
    bundle,
    students: STUDENTS,
    indicators,
    indicatorsUnder50ms: indicators.every((i) => i.medianMs < 50),
    indicatorsUnder15ms: indicators.every((i) => i.medianMs < 15),
    charges: STUDENTS * CHARGES_PER_STUDENT,
    finance,
    financeGoals: {
      studentRecordUnder50ms: finance.studentRecordWithCharges.medianMs < 50,
      statementUnder50ms: finance.statementPdf.medianMs < 50,
      twelveInstalmentsUnder30ms: finance.twelveInstalments.medianMs < 30,
    },
    ratio: {
      searchVsBaseline: +(search.requestsPerSecond / baseline.requestsPerSecond).toFixed(4),
      firstPageVsBaseline: +(firstPage.requestsPerSecond / baseline.requestsPerSecond).toFixed(4),
      studentsSearchVsBaseline: +(studentsSearch.requestsPerSecond / baseline.requestsPerSecond).toFixed(4),
      studentsFirstPageVsBaseline: +(studentsPage.requestsPerSecond / baseline.requestsPerSecond).toFixed(4),
    },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/api-${result.database}.json`;
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  printLoads({ baseline, search, firstPage, studentsPage, studentsSearch, mixed });
  console.table(
    Object.fromEntries(
      [...indicators, ...Object.values(finance)].map((i) => [i.url, { 'mediana ms': i.medianMs, 'p95 ms': i.p95Ms }]),
    ),
  );
  if (bundle) console.table({ 'JS (kB gzip)': bundle });
  console.log(
    `Razão busca/baseline: ${result.ratio.searchVsBaseline}; página 1/baseline: ${result.ratio.firstPageVsBaseline}`,
  );
  console.log(`Resultados em ${file}`);
}

/** The load tests on the lists (10 connections per route), then the 200-connection mixed load. */
function loads(base, token, auth) {
  console.log(`Carga: ${CONNECTIONS} conexões por ${DURATION} s em cada rota…`);
  return {
    baseline: load(`${base}/api/health`, {}),
    search: load(`${base}/api/teachings?search=${encodeURIComponent('quimica')}&page=37&perPage=10`, auth),
    firstPage: load(`${base}/api/teachings?page=1&perPage=10`, auth),
    studentsPage: load(`${base}/api/students?page=1&perPage=10`, auth),
    studentsSearch: load(`${base}/api/students?search=${encodeURIComponent('aluno 4242')}&page=1`, auth),
    mixed: mixedLoad(base, token),
  };
}

function printLoads({ baseline, search, firstPage, studentsPage, studentsSearch, mixed }) {
  const ratio = (r) => ({ razão: +(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(4) });
  console.table({
    'GET /api/health': {
      'req/s': baseline.requestsPerSecond,
      'p50 ms': baseline.latencyMs.p50,
      'p99 ms': baseline.latencyMs.p99,
    },
    'teachings busca+página': {
      'req/s': search.requestsPerSecond,
      'p50 ms': search.latencyMs.p50,
      'p99 ms': search.latencyMs.p99,
      ...ratio(search),
    },
    'teachings página 1': {
      'req/s': firstPage.requestsPerSecond,
      'p50 ms': firstPage.latencyMs.p50,
      'p99 ms': firstPage.latencyMs.p99,
      ...ratio(firstPage),
    },
    'alunos página 1': {
      'req/s': studentsPage.requestsPerSecond,
      'p50 ms': studentsPage.latencyMs.p50,
      'p99 ms': studentsPage.latencyMs.p99,
      ...ratio(studentsPage),
    },
    'alunos busca': {
      'req/s': studentsSearch.requestsPerSecond,
      'p50 ms': studentsSearch.latencyMs.p50,
      'p99 ms': studentsSearch.latencyMs.p99,
      ...ratio(studentsSearch),
    },
  });
  const cold = mixed.firstSeconds;
  console.table({
    'mista 200 conexões': {
      'req/s': mixed.requestsPerSecond,
      'p99 ms': mixed.latencyMs.p99,
      'máx. ms': mixed.latencyMs.max,
      erros: mixed.errors,
      timeouts: mixed.timeouts,
      'não 2xx': mixed.non2xx,
      'carga da máquina': mixed.loadAverage,
    },
    ...(cold
      ? {
          'a mesma, primeiros 10 s': {
            'req/s': cold.requestsPerSecond,
            'p99 ms': cold.latencyMs.p99,
            'máx. ms': cold.latencyMs.max,
            erros: cold.errors,
            timeouts: cold.timeouts,
            'não 2xx': cold.non2xx,
          },
        }
      : {}),
  });
}
