// The moving-in figure of `npm run bench` (BENCH_ONLY=import, issue 37): a 500-student school's whole history at
// twenty times the size — 10,000 students with their guardians, 10,000 enrolments and 120,000 charges — each kind
// sent as one spreadsheet to `POST /api/imports` and run by the job runner, as the office would. For each kind:
// the seconds from upload to `done` (goal: under 60 s), the server's largest RSS while it ran (goal: under 300 MB)
// and the p99 of `/api/health` asked every 100 ms meanwhile (goal: under 100 ms). Written to
// bench/results/import-<database>.json.
//
// The columns come from the server's own template of each kind (`GET /api/imports/templates/{kind}?format=csv`):
// every cell starts as the template's example and the ones that make a row unique are filled here, by header.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const STUDENTS = Number(process.env.BENCH_IMPORT_STUDENTS ?? 10_000);
const CHARGES_PER_ENROLMENT = 12;
const GOALS = { seconds: 60, rssMb: 300, healthP99Ms: 100 };

/** A header folded as the server matches it: no case, accents or spaces. */
const fold = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** CPF check digits of nine digits. */
function cpf(n) {
  const base = String(100_000_000 + n).slice(-9);
  const digit = (digits) => {
    const sum = [...digits].reduce((s, d, i) => s + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(base + first)}`;
}

const csvCell = (value) => (/[;"\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function template(base, auth, kind) {
  const response = await patient(`${base}/api/imports/templates/${kind}?format=csv`, () => ({ headers: auth }), {
    count: 0,
  });
  if (!response.ok) throw new Error(`modelo de ${kind}: HTTP ${response.status} ${await response.text()}`);
  const [header, example] = (await response.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
  return { header, example };
}

/**
 * A CSV of `count` rows: the template's example in every cell, `fill(i)` ({header: value}) over it. Headers are
 * matched whole, as the server folds them (no case, accents or spaces): "Data de pagamento" is never "Forma de
 * pagamento", "CPF do aluno" never "Responsável 1 - CPF". A header the template lacks is an error here, not a
 * silently kept example; `blank` empties every column whose header starts with one of its prefixes.
 */
async function sheet(base, auth, kind, count, fill, blank = []) {
  const { header, example } = await template(base, auth, kind);
  const folded = header.map(fold);
  const known = new Set(folded);
  for (const key of Object.keys(fill(0)))
    if (!known.has(fold(key))) throw new Error(`modelo de ${kind}: não há a coluna "${key}"`);
  const blanked = folded.map((h) => blank.some((prefix) => h.startsWith(fold(prefix))));
  const lines = [header.map(csvCell).join(';')];
  for (let i = 0; i < count; i++) {
    const values = new Map(Object.entries(fill(i)).map(([key, value]) => [fold(key), value]));
    const row = folded.map((h, c) => (values.has(h) ? values.get(h) : blanked[c] ? '' : (example[c] ?? '')));
    lines.push(row.map(csvCell).join(';'));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const rssMb = (pid) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
};

/** The server's CPU seconds so far (user + system, all its threads), from /proc: a figure the other work on the machine
 * does not stretch the way it stretches the seconds. */
const cpuSeconds = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
};

/**
 * A request, asked again after a pause while the server answers 503 (overloaded, «Tente novamente em alguns
 * segundos»: MAX_EVENT_LOOP_DELAY_MS), as a client following its advice does; on a machine shared with other work
 * the whole bench otherwise stops at the first busy second. How many were asked again is counted.
 */
async function patient(url, init, retried) {
  for (;;) {
    const response = await fetch(url, init());
    if (response.status !== 503) return response;
    retried.count++;
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** One file uploaded and its run followed to the end. */
async function upload(base, auth, kind, file, part, retried) {
  const form = () => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('dry_run', '0');
    body.append('only_valid', '0');
    body.append('file', new Blob([file], { type: 'text/csv' }), `${kind}-${part}.csv`);
    return { method: 'POST', headers: auth, body };
  };
  const answer = await patient(`${base}/api/imports`, form, retried);
  const body = await answer.json();
  if (answer.status !== 201) throw new Error(`${kind}: HTTP ${answer.status} ${JSON.stringify(body).slice(0, 500)}`);
  let view = body.data;
  while (view.status === 'queued' || view.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    const polled = await patient(`${base}/api/imports/${view.id}`, () => ({ headers: auth }), retried);
    const text = await polled.text();
    if (!polled.ok) throw new Error(`${kind}: acompanhamento HTTP ${polled.status} ${text.slice(0, 300)}`);
    view = JSON.parse(text).data;
  }
  if (view.status !== 'done') throw new Error(`${kind}: ${view.status} ${JSON.stringify(view.errors.slice(0, 5))}`);
  return view;
}

/**
 * A kind's files uploaded one after the other (a file takes at most 50,000 rows: the 120,000 charges are three), with
 * the server's RSS and the health check's latency meanwhile.
 */
async function runOne(base, auth, pid, kind, files) {
  const health = [];
  const rssBefore = rssMb(pid);
  let peak = rssBefore;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t0);
      peak = Math.max(peak, rssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const loadBefore = +os.loadavg()[0].toFixed(2);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const views = [];
  const retried = { count: 0 };
  try {
    for (const [part, file] of files.entries()) views.push(await upload(base, auth, kind, file, part + 1, retried));
  } finally {
    watching = false;
    await watch;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = views.reduce((sum, v) => sum + v.total, 0);
  const result = {
    kind,
    files: files.length,
    rows,
    created: views.reduce((sum, v) => sum + v.created, 0),
    seconds: +seconds.toFixed(1),
    rowsPerSecond: Math.round(rows / seconds),
    serverCpuSeconds: +(cpuSeconds(pid) - cpuBefore).toFixed(1),
    // Requests the server answered 503 (overloaded) and the bench asked again a second later.
    overloadedRetries: retried.count,
    rssBeforeMb: Math.round(rssBefore),
    peakRssMb: Math.round(peak),
    healthP99Ms: +p99(health).toFixed(1),
    healthChecks: health.length,
    // The machine's 1-minute load average before and after: other work shares the cores.
    loadAverageBefore: loadBefore,
    loadAverage: +os.loadavg()[0].toFixed(2),
  };
  console.log(
    `  ${kind}: ${result.rows} linhas em ${result.seconds} s (CPU do servidor ${result.serverCpuSeconds} s), RSS máx. ${result.peakRssMb} MB, /api/health p99 ${result.healthP99Ms} ms, carga ${result.loadAverage}`,
  );
  return result;
}

/** Charges `first` to `first + count - 1`: twelve per enrolment, the first three paid. */
function chargeSheet(base, auth, first, count, student, team) {
  return sheet(
    base,
    auth,
    'charges',
    count,
    (k) => {
      const n = first + k;
      const i = Math.floor(n / CHARGES_PER_ENROLMENT);
      const quota = (n % CHARGES_PER_ENROLMENT) + 1;
      const due = `10/${String(quota).padStart(2, '0')}/2026`;
      return {
        Aluno: `Aluno Importado ${String(i + 1).padStart(5, '0')}`,
        'CPF do aluno': student(i),
        Turma: team(i),
        Parcela: String(quota),
        Valor: '1.234,56',
        Vencimento: due,
        Pago: quota <= 3 ? 'Sim' : 'Não',
        'Data de pagamento': quota <= 3 ? `08/${String(quota).padStart(2, '0')}/2026` : '',
        'Forma de pagamento': 'Boleto',
        'Tipo de serviço': 'Mensalidade',
      };
    },
    ['Data de nascimento'],
  );
}

export async function benchImport(base, auth, database, pid) {
  console.log(
    `Importação: ${STUDENTS} alunos com responsáveis, ${STUDENTS} matrículas, ${STUDENTS * CHARGES_PER_ENROLMENT} cobranças…`,
  );
  const teams = (await (await fetch(`${base}/api/teams?page=1&perPage=4`, { headers: auth })).json()).data;
  const team = (i) => teams[i % teams.length].name;
  const student = (i) => cpf(500_000 + i);
  const date = (day) => `${String((day % 28) + 1).padStart(2, '0')}/${String((day % 12) + 1).padStart(2, '0')}/2010`;
  const results = [];
  const students = await sheet(
    base,
    auth,
    'students',
    STUDENTS,
    (i) => ({
      Nome: `Aluno Importado ${String(i + 1).padStart(5, '0')}`,
      CPF: student(i),
      'E-mail': `aluno${i + 1}@importacao.escola.com.br`,
      'Data de nascimento': date(i),
      'Responsável 1 - Nome': `Responsável Importado ${i + 1}`,
      'Responsável 1 - CPF': cpf(700_000 + i),
      'Responsável 1 - E-mail': `familia${i + 1}@importacao.escola.com.br`,
    }),
    ['Responsável 2'],
  );
  results.push(await runOne(base, auth, pid, 'students', [students]));
  const enrolments = await sheet(
    base,
    auth,
    'enrolments',
    STUDENTS,
    (i) => ({
      Aluno: `Aluno Importado ${String(i + 1).padStart(5, '0')}`,
      'CPF do aluno': student(i),
      Turma: team(i),
      'Data da matrícula': '10/02/2026',
      'Número anterior': String(20260000 + i),
    }),
    ['Data de nascimento'],
  );
  results.push(await runOne(base, auth, pid, 'enrolments', [enrolments]));
  const charges = [];
  const perFile = Math.ceil(
    (STUDENTS * CHARGES_PER_ENROLMENT) / Math.ceil((STUDENTS * CHARGES_PER_ENROLMENT) / 40_000),
  );
  for (let first = 0; first < STUDENTS * CHARGES_PER_ENROLMENT; first += perFile) {
    const count = Math.min(perFile, STUDENTS * CHARGES_PER_ENROLMENT - first);
    charges.push(await chargeSheet(base, auth, first, count, student, team));
  }
  results.push(await runOne(base, auth, pid, 'charges', charges));
  const out = {
    database,
    goals: GOALS,
    results,
    met: results.every(
      (r) => r.seconds < GOALS.seconds && r.peakRssMb < GOALS.rssMb && r.healthP99Ms < GOALS.healthP99Ms,
    ),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    measuredAt: new Date().toISOString(),
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(path.join('bench/results', `import-${database}.json`), `${JSON.stringify(out, null, 2)}\n`);
  return out;
}
