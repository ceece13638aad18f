// The teacher and the family on a mid-range phone (issue 36), part of `npm run bench` (alone: BENCH_ONLY=phone).
// Debian's Chromium at 390×844 with the CPU 4× slower and "Slow 4G" (150 ms RTT, 1.6 Mbps down, 750 kbps up), by
// CDP, against the built server of the bench (the demo school): how long a teacher waits for the roll call of a
// lesson to be usable, and a family for the portal's home, on the first visit (cold cache, no service worker) and
// on the next (warm cache, service worker installed). Writes bench/results/phone.json.
/* global document, window, location, requestAnimationFrame -- rollCallUsable, portalHomeDrawn and the trace run in the page. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { insertMany, openSql } from '../scripts/bench-diary.mjs';
import { call } from '../scripts/bench-documents.mjs';
import { PASSWORD, passwordHash } from '../scripts/bench-portal.mjs';
import { PORTAL_BUDGET_KB, phoneFigures, TEACHER_BUDGET_KB } from '../scripts/bundle-size.mjs';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const PHONE = { width: 390, height: 844 };
/** Chrome DevTools' "Slow 4G": bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 };
const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);
/** BENCH_PHONE_TRACE=<file>: each visit's waterfall (resources, long tasks, milestones) written there, to read. */
const TRACE = process.env.BENCH_PHONE_TRACE;
const traces = [];
/** BENCH_PHONE_SHOTS=<folder>: a PNG of each screen as the next visit drew it (teacher.png, portal.png), to compare. */
const SHOTS = process.env.BENCH_PHONE_SHOTS;
const TARGETS = {
  teacher: { firstVisitMs: 5000, nextVisitMs: 1500 },
  portal: { firstVisitMs: 4000, nextVisitMs: 1500 },
  teacherFirstLoadJsGzipKb: TEACHER_BUDGET_KB,
  portalFirstLoadJsGzipKb: PORTAL_BUDGET_KB,
};
const TEACHER = { email: 'professora.celular@escolamodelo.edu.br', password: 'senha-da-professora-1' };
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** A teacher of a demo team's discipline, with today's lesson recorded by the office: its id. */
async function teacherWithLesson(base, auth) {
  const team = (await call(base, auth, 'GET', '/teams?perPage=1&sortBy=id')).data[0];
  const user = await call(base, auth, 'POST', '/users', { name: 'Rosa Professora Celular', ...TEACHER, role_id: 5 });
  const disciplines = await call(base, auth, 'GET', `/teams/${team.id}/disciplines`);
  const discipline = disciplines[0];
  await call(base, auth, 'POST', `/teams/${team.id}/teachers`, { user_id: user.data.id, discipline_id: discipline.id });
  const grid = await call(base, auth, 'GET', `/grids/${team.id}/get-full-grid`);
  const slot = Object.values(grid.list)
    .flat()
    .find((s) => s.discipline_id === discipline.id && s.stage_id !== undefined);
  const lesson = await call(base, auth, 'POST', '/lessons', {
    team_id: team.id,
    discipline_id: discipline.id,
    stage_id: slot.stage_id,
    date: today(),
    periods: 1,
    content: 'Frações equivalentes',
  });
  return lesson.data.id;
}

/** A mother with an activated portal account for the first demo student: her e-mail and the student's name. */
async function family(base, auth, env) {
  const student = (await call(base, auth, 'GET', '/students?perPage=1&sortBy=id')).data[0];
  const sql = await openSql(env);
  try {
    const now = new Date().toISOString();
    const email = 'mae.celular@exemplo.com.br';
    const [guardian] = await insertMany(
      sql,
      'guardians',
      ['name', 'email', 'kinship', 'created_at', 'updated_at'],
      [['Mãe Celular', email, 'mae', now, now]],
    );
    await insertMany(
      sql,
      'student_guardians',
      [
        'student_id',
        'guardian_id',
        'kinship',
        'financial_responsible',
        'pedagogical_responsible',
        'created_at',
        'updated_at',
      ],
      [[student.id, guardian, 'mae', 1, 1, now, now]],
    );
    await insertMany(
      sql,
      'portal_accounts',
      ['guardian_id', 'email', 'password_hash', 'invited_at', 'activated_at', 'created_at', 'updated_at'],
      [[guardian, email, passwordHash(), now, now, now, now]],
    );
    return { email, student: student.name };
  } finally {
    await sql.close();
  }
}

/** A page throttled as the phone, by CDP (the emulation holds for this page's requests). */
async function phonePage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { page, cdp };
}

/** Milliseconds from the navigation's start until `ready` holds in the page (checked every frame). */
async function visit(context, url, ready, arg, cold, shot) {
  const { page, cdp } = await phonePage(context);
  if (cold) {
    // A first visit: no HTTP cache, no service worker nor its caches; the session (localStorage) stays.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'service_workers,cache_storage',
    });
  }
  if (TRACE) {
    await page.addInitScript(observeLongTasks);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, arg, { polling: 'raf', timeout: 120_000 });
  const ms = await handle.evaluate((at) => at);
  if (TRACE) {
    const { profile } = await cdp.send('Profiler.stop');
    traces.push({ url, cold, usableMs: Math.round(ms), ...(await page.evaluate(waterfall)), cpu: selfTimes(profile) });
  }
  if (SHOTS && shot && !cold) {
    // Once the fresh read replaced the remembered one (a quiet network), the whole page.
    await page.waitForLoadState('networkidle').catch(() => {});
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${shot}.png`), fullPage: true, animations: 'disabled' });
  }
  // The service worker installs (precaches) after the first visit, as on a phone left open on the page.
  const controlled = await page
    .waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 })
    .then(() => true)
    .catch(() => false);
  if (TRACE) traces.at(-1).controlledAfter = controlled;
  await page.close();
  return { ms: Math.round(ms), controlled };
}

/**
 * In the page, before its own scripts: the main thread's long tasks (over 50 ms), and the frame at which each
 * milestone of the screen was first seen (something drawn, a progress bar, an h1, a student, Salvar, an h2), kept
 * for `waterfall`: which render drew what.
 */
function observeLongTasks() {
  window.__longTasks = [];
  window.__seen = {};
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({
    type: 'longtask',
    buffered: true,
  });
  const milestones = {
    drawn: () => document.getElementById('root')?.childElementCount > 0,
    progress: () => !!document.querySelector('[role="progressbar"]'),
    h1: () => !!document.querySelector('h1'),
    student: () => !!document.querySelector('li button[aria-pressed], [role="group"][aria-label^="Faltas de "]'),
    salvar: () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Salvar'),
    h2: () => !!document.querySelector('h2'),
  };
  const look = () => {
    for (const [name, test] of Object.entries(milestones))
      if (!(name in window.__seen) && test()) window.__seen[name] = Math.round(performance.now());
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** In the page: the navigation's milestones, every resource (transfer 0 with a worker start: from the service worker), the long tasks. */
function waterfall() {
  const r = (n) => Math.round(n);
  const [nav] = performance.getEntriesByType('navigation');
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, r(p.startTime)]));
  return {
    navigation: {
      workerStart: r(nav.workerStart),
      responseStart: r(nav.responseStart),
      responseEnd: r(nav.responseEnd),
      domContentLoaded: r(nav.domContentLoadedEventEnd),
      transferSize: nav.transferSize,
      ...paints,
    },
    resources: performance.getEntriesByType('resource').map((e) => ({
      name: e.name.replace(location.origin, ''),
      start: r(e.startTime),
      end: r(e.responseEnd),
      ms: r(e.duration),
      transfer: e.transferSize,
      body: e.encodedBodySize,
      sw: e.workerStart > 0,
    })),
    longTasks: window.__longTasks.map((t) => ({ start: r(t.startTime), ms: r(t.duration) })),
    seen: window.__seen,
  };
}

/** A CPU profile's self time (ms, sampled) by script and by function: where the main thread's work went. */
function selfTimes(profile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map();
  profile.samples.forEach((id, i) => ms.set(id, (ms.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byScript = {};
  const byFunction = {};
  for (const [id, t] of ms) {
    const { url, functionName, lineNumber } = byNode.get(id).callFrame;
    const script = url ? url.replace(/^.*\//, '') : functionName || '(native)';
    byScript[script] = (byScript[script] ?? 0) + t;
    const fn = `${functionName || '(anónima)'} ${script}:${lineNumber}`;
    byFunction[fn] = (byFunction[fn] ?? 0) + t;
  }
  const top = (o, n) =>
    Object.entries(o)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)]);
  return { byScript: top(byScript, 15), byFunction: top(byFunction, 20) };
}

/** In the page: the time since navigation once the roll call's first student and an enabled Salvar are shown. */
function rollCallUsable() {
  // A student of a one-period lesson is a toggle (aria-pressed); of several, a group of counters.
  const row = document.querySelector('li button[aria-pressed], [role="group"][aria-label^="Faltas de "]');
  const save = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Salvar');
  const shown = (el) => !!el && el.getBoundingClientRect().height > 0;
  return shown(row) && shown(save) && !save.disabled ? performance.now() : false;
}

/** In the page: the time since navigation once the portal's home names the student. */
function portalHomeDrawn(name) {
  // As the sign-in step found it: the name in any case (the portal may show it in capitals).
  const wanted = name.toLocaleLowerCase('pt-BR');
  const heading = [...document.querySelectorAll('h2')].find((h) =>
    h.textContent?.toLocaleLowerCase('pt-BR').includes(wanted),
  );
  return heading && heading.getBoundingClientRect().height > 0 ? performance.now() : false;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** First and next visits, RUNS times each: their medians. */
async function firstAndNext(context, url, ready, arg, shot) {
  const first = [];
  const next = [];
  let controlled = false;
  for (let i = 0; i < RUNS; i++) {
    const cold = await visit(context, url, ready, arg, true);
    first.push(cold.ms);
    const warm = await visit(context, url, ready, arg, false, i === 0 ? shot : undefined);
    next.push(warm.ms);
    controlled ||= cold.controlled;
  }
  return { firstVisitMs: median(first), nextVisitMs: median(next), runs: { first, next }, serviceWorker: controlled };
}

export async function benchPhone(base, auth, env) {
  console.log('Celular (CPU 4×, Slow 4G, 390×844): chamada do professor e início do portal…');
  const outDir = path.resolve('dist/client');
  const bundle = phoneFigures(outDir);
  const lessonId = await teacherWithLesson(base, auth);
  const mother = await family(base, auth, env);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const teacherContext = await browser.newContext({
      baseURL: base,
      viewport: PHONE,
      locale: 'pt-BR',
      isMobile: true,
    });
    const signIn = await teacherContext.newPage();
    await signIn.goto('/login');
    await signIn.getByLabel('E-mail').fill(TEACHER.email);
    await signIn.getByLabel('Senha').fill(TEACHER.password);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await signIn.waitForURL(/\/admin\/minhas-aulas$/);
    await signIn.close();
    const teacher = await firstAndNext(
      teacherContext,
      `${base}/admin/minhas-aulas/${lessonId}`,
      rollCallUsable,
      undefined,
      'teacher',
    );

    const portalContext = await browser.newContext({ baseURL: base, viewport: PHONE, locale: 'pt-BR', isMobile: true });
    const portalSignIn = await portalContext.newPage();
    await portalSignIn.goto('/portal');
    await portalSignIn.getByLabel('E-mail').fill(mother.email);
    await portalSignIn.getByLabel('Senha').fill(PASSWORD);
    await portalSignIn.getByRole('button', { name: 'Entrar' }).click();
    await portalSignIn.getByRole('heading', { name: mother.student }).waitFor();
    await portalSignIn.close();
    const portal = await firstAndNext(portalContext, `${base}/portal`, portalHomeDrawn, mother.student, 'portal');

    const result = {
      teacherFirstLoadJsGzipKb: bundle.teacher.jsGzipKb,
      portalFirstLoadJsGzipKb: bundle.portal.jsGzipKb,
      teacher,
      portal,
      targets: TARGETS,
      withinTargets: {
        teacher:
          teacher.firstVisitMs < TARGETS.teacher.firstVisitMs && teacher.nextVisitMs < TARGETS.teacher.nextVisitMs,
        portal: portal.firstVisitMs < TARGETS.portal.firstVisitMs && portal.nextVisitMs < TARGETS.portal.nextVisitMs,
      },
      emulation: { cpuSlowdown: CPU_SLOWDOWN, ...NETWORK, viewport: PHONE },
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        node: process.version,
        loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
      },
    };
    if (TRACE) fs.writeFileSync(TRACE, `${JSON.stringify(traces, null, 2)}\n`);
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/phone.json', `${JSON.stringify(result, null, 2)}\n`);
    console.table({
      'professor: chamada': { 'primeira ms': teacher.firstVisitMs, 'seguinte ms': teacher.nextVisitMs },
      'portal: início': { 'primeira ms': portal.firstVisitMs, 'seguinte ms': portal.nextVisitMs },
    });
    return result;
  } finally {
    await browser.close();
  }
}
