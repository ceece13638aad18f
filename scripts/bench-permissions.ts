// What the permission check (issue 24) adds to a list page: part of `npm run bench`, or alone with
// BENCH_ONLY=permissions. The check has two parts: on every request, `mayAccess` (the route's key looked up in
// the role's permissions, in memory); once per role every 5 s, `loadRole` (one query), shared by every session
// of that role. Both are timed here, in this process, on the bench's database; the students list page is timed
// over HTTP against the bench's server (another process). Figures only: no test asserts a time.
//
//   node --import tsx scripts/bench-permissions.ts <base URL> <token> <sqlite|postgresql>
//   (DATA_DIR or DATABASE_URL: the bench server's database)
import fs from 'node:fs';
import os from 'node:os';
import { mayAccess } from '../server/auth/routes';
import { loadRole } from '../server/auth/tokens';
import { openDb } from '../server/db/connection';

const [base, token, database] = process.argv.slice(2);
const LIST = '/api/students?page=1&perPage=10';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function listPageMs(runs = 200): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await fetch(`${base}${LIST}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${LIST}: HTTP ${response.status}`);
    await response.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const db = openDb(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 2 }
    : { dataDir: process.env.DATA_DIR ?? '', readonly: true },
);
try {
  const me = (await (
    await fetch(`${base}/api/auth/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  ).json()) as { role: { id: number; key: string } };
  const roleId = me.role.id;
  // Warm both paths, then time them: loadRole one call at a time (as a session expiring does), mayAccess in a
  // batch (a single call is below the clock's resolution).
  for (let i = 0; i < 50; i++) await loadRole(db, roleId);
  const roleMs: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await loadRole(db, roleId);
    roleMs.push(performance.now() - t0);
  }
  const user = { id: 1, name: 'Bench', email: 'bench@escolamodelo.edu.br', ...(await loadRole(db, roleId)) };
  const batch = 1_000_000;
  let allowed = 0;
  const t0 = performance.now();
  for (let i = 0; i < batch; i++) if (mayAccess(user, i % 2 ? 'students.read' : 'settings.manage')) allowed++;
  const checkMs = (performance.now() - t0) / batch;
  if (allowed === 0) throw new Error('o perfil do bench não tem as permissões esperadas');
  const list = await listPageMs();
  const loadRoleMs = median(roleMs);
  const result = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    role: me.role.key,
    permissions: user.permissions.length,
    listPage: { url: LIST, medianMs: +list.toFixed(3) },
    checkPerRequestMicros: +(checkMs * 1000).toFixed(4),
    loadRoleMedianMs: +loadRoleMs.toFixed(4),
    // A request pays the check; the worst case is a role whose sessions, all together, call less than once
    // every 5 s, so each of their requests also reads the role.
    percentOfListPage: {
      everyRequest: +((checkMs / list) * 100).toFixed(4),
      worstCase: +(((checkMs + loadRoleMs) / list) * 100).toFixed(3),
    },
    under5Percent: ((checkMs + loadRoleMs) / list) * 100 < 5,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/permissions-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.table({
    'verificação de permissão': {
      'por pedido µs': result.checkPerRequestMicros,
      'leitura do perfil ms': result.loadRoleMedianMs,
      'página da lista ms': result.listPage.medianMs,
      '% pior caso': result.percentOfListPage.worstCase,
    },
  });
} finally {
  await db.destroy();
}
