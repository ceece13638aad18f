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
  const response = await fetch(`${base}/api/imports/templates/${kind}?format=csv`, { headers: auth });
  if (!response.ok) throw new Error(`modelo de ${kind}: HTTP ${response.status} ${await response.text()}`);
  const [header, example] = (await response.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
  return { header, example };
}

/** A CSV of `count` rows: the template's example in every cell, `fill(i)` ({foldedHeaderPart: value}) over it. */
async function sheet(base, auth, kind, count, fill) {
  const { header, example } = await template(base, auth, kind);
  const folded = header.map(fold);
  const lines = [header.map(csvCell).join(';')];
  for (let i = 0; i < count; i++) {
    const values = fill(i);
    const row = header.map((_, c) => {
      // The longest matching part wins: "responsavel1cpf" before "cpf".
      const key = Object.keys(values)
        .filter((k) => folded[c].includes(k))
        .sort((a, b) => b.length - a.length)[0];
      return key === undefined ? (example[c] ?? '') : values[key];
    });
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

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
};

/** Uploads one file and follows the run to its end, with the server's RSS and the health check's latency. */
async function runOne(base, auth, pid, kind, file) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('dry_run', '0');
  form.append('only_valid', '0');
  form.append('file', new Blob([file], { type: 'text/csv' }), `${kind}.csv`);
  const health = [];
  let peak = rssMb(pid);
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
  const started = performance.now();
  const answer = await fetch(`${base}/api/imports`, { method: 'POST', headers: auth, body: form });
  const body = await answer.json();
  if (answer.status !== 201) throw new Error(`${kind}: HTTP ${answer.status} ${JSON.stringify(body).slice(0, 500)}`);
  let view = body.data;
  while (view.status === 'queued' || view.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    view = (await (await fetch(`${base}/api/imports/${view.id}`, { headers: auth })).json()).data;
  }
  const seconds = (performance.now() - started) / 1000;
  watching = false;
  await watch;
  if (view.status !== 'done') throw new Error(`${kind}: ${view.status} ${JSON.stringify(view.errors.slice(0, 5))}`);
  const result = {
    kind,
    rows: view.total,
    created: view.created,
    seconds: +seconds.toFixed(1),
    rowsPerSecond: Math.round(view.total / seconds),
    peakRssMb: Math.round(peak),
    healthP99Ms: +p99(health).toFixed(1),
    healthChecks: health.length,
  };
  console.log(
    `  ${kind}: ${result.rows} linhas em ${result.seconds} s, RSS máx. ${result.peakRssMb} MB, /api/health p99 ${result.healthP99Ms} ms`,
  );
  return result;
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
  const students = await sheet(base, auth, 'students', STUDENTS, (i) => ({
    nome: `Aluno Importado ${String(i + 1).padStart(5, '0')}`,
    cpf: student(i),
    email: `aluno${i + 1}@importacao.escola.com.br`,
    nascimento: date(i),
    responsavel1nome: `Responsável Importado ${i + 1}`,
    responsavel1cpf: cpf(700_000 + i),
    responsavel1email: `familia${i + 1}@importacao.escola.com.br`,
    responsavel2: '',
  }));
  results.push(await runOne(base, auth, pid, 'students', students));
  const enrolments = await sheet(base, auth, 'enrolments', STUDENTS, (i) => ({
    cpf: student(i),
    turma: team(i),
    data: '10/02/2026',
    numero: String(20260000 + i),
  }));
  results.push(await runOne(base, auth, pid, 'enrolments', enrolments));
  const charges = await sheet(base, auth, 'charges', STUDENTS * CHARGES_PER_ENROLMENT, (n) => {
    const i = Math.floor(n / CHARGES_PER_ENROLMENT);
    const quota = (n % CHARGES_PER_ENROLMENT) + 1;
    const due = `10/${String(quota).padStart(2, '0')}/2026`;
    return {
      cpf: student(i),
      turma: team(i),
      parcela: String(quota),
      valor: '1.234,56',
      vencimento: due,
      paga: quota <= 3 ? 'Sim' : 'Não',
      pagamento: quota <= 3 ? due : '',
    };
  });
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
