// The load of the portal bench (scripts/bench-portal.mjs), in a process of its own: one family every
// `within / families` ms signs in (POST /api/portal/login), reads its students (GET /api/portal/me) and opens the
// first one's report card, each family on its own while the next ones arrive. Prints the figures as JSON.
// Usage: node scripts/bench-portal-load.mjs <base> <emails.json> <password> <within ms>
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const [base, list, password, within] = process.argv.slice(2);
const emails = JSON.parse(fs.readFileSync(list, 'utf8'));
const gap = Number(within) / emails.length;
const times = { login: [], me: [], reportCard: [] };
const failures = [];

async function timed(kind, path, init) {
  const started = performance.now();
  const response = await fetch(`${base}/api${path}`, init);
  const body = await response.json().catch(() => null);
  times[kind].push(performance.now() - started);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return body;
}

/** Each family from its own phone: its own address, told by the proxy in front (the server trusts one, TRUST_PROXY). */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function family(email, i) {
  try {
    const from = { 'x-forwarded-for': addressOf(i + 1) };
    const { token } = await timed('login', '/portal/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from },
      body: JSON.stringify({ email, password }),
    });
    const headers = { authorization: `Bearer ${token}`, ...from };
    const me = await timed('me', '/portal/me', { headers });
    const card = await timed('reportCard', `/portal/students/${me.students[0].id}/report-card`, { headers });
    if (!card.disciplines.some((d) => d.grades.some((g) => g !== null)))
      throw new Error('boletim sem notas publicadas');
  } catch (error) {
    failures.push(error.message);
  }
}

function figures(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q) => +sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)].toFixed(1);
  return { requests: sorted.length, medianMs: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}

const started = performance.now();
const running = [];
for (const [i, email] of emails.entries()) {
  const wait = started + i * gap - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  running.push(family(email, i));
}
await Promise.all(running);
const all = [...times.login, ...times.me, ...times.reportCard];
process.stdout.write(
  JSON.stringify({
    elapsedSeconds: +((performance.now() - started) / 1000).toFixed(1),
    login: figures(times.login),
    me: figures(times.me),
    reportCard: figures(times.reportCard),
    all: figures(all),
    errors: failures.length,
    firstErrors: [...new Set(failures)].slice(0, 5),
  }),
);
