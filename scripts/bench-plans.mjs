// The payment plans figure of `npm run bench` (issue 27): a 12-instalment plan applied to 1,000 enrolments, one
// `POST /registrations/{id}/apply-plan` each (no bulk route), from this process (the server runs in its own) with a
// few requests in flight, as an office's batch script would. Goal: under 10 s in all. The students and their
// enrolments go straight into the database; the plan and every charge go through the API.
// Written to bench/results/plans-<database>.json.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertMany, openSql } from './bench-diary.mjs';
import { call, summary } from './bench-documents.mjs';

export const ENROLMENTS = 1000;
const INSTALMENTS = 12;
const IN_FLIGHT = Number(process.env.BENCH_PLANS_IN_FLIGHT ?? 8);
const GOAL_MS = 10_000;

async function enrolments(env, team) {
  const sql = await openSql(env);
  try {
    const now = new Date().toISOString();
    const students = await insertMany(
      sql,
      'students',
      ['name', 'search_text', 'created_at', 'updated_at'],
      Array.from({ length: ENROLMENTS }, (_, i) => {
        const name = `Aluno Plano ${String(i + 1).padStart(4, '0')}`;
        return [name, name.toLowerCase(), now, now];
      }),
    );
    return await insertMany(
      sql,
      'registrations',
      ['student_id', 'team_id', 'created_at', 'updated_at'],
      students.map((s) => [s, team, now, now]),
    );
  } finally {
    await sql.close();
  }
}

async function countCharges(env, plan) {
  const sql = await openSql(env);
  try {
    const [row] = await sql.all('select count(*) as n from financials where payment_plan_id = ?', [plan]);
    return Number(row.n);
  } finally {
    await sql.close();
  }
}

/** CPU time (user + system) the server process has used, in ms, from /proc (Linux); null elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** `serverPid`: the server's process, whose CPU time is read around the run (the machine may be shared). */
export async function benchPlans(base, auth, env, database, serverPid) {
  console.log(`Planos de pagamento: um plano de ${INSTALMENTS} parcelas aplicado a ${ENROLMENTS} matrículas…`);
  const team = (await call(base, auth, 'GET', '/teams?page=0')).data[0].id;
  const registrations = await enrolments(env, team);
  const serviceType = (await call(base, auth, 'GET', '/service-types?page=0')).data[0].id;
  const plan = (
    await call(base, auth, 'POST', '/payment-plans', {
      name: 'Mensalidade 2027 — Ensino Fundamental',
      service_type_id: serviceType,
      payment_type_id: 4,
      instalments: INSTALMENTS,
      value: '1.250,00',
      due_day: 10,
      first_month: '2027-02',
    })
  ).data.id;

  const each = [];
  let next = 0;
  let errors = 0;
  const cpuBefore = serverPid ? cpuMsOf(serverPid) : null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < registrations.length) {
        const registration = registrations[next++];
        const t0 = performance.now();
        try {
          await call(base, auth, 'POST', `/registrations/${registration}/apply-plan`, { payment_plan_id: plan });
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(String(error));
        }
        each.push(performance.now() - t0);
      }
    }),
  );
  const totalMs = performance.now() - started;
  const cpuAfter = serverPid ? cpuMsOf(serverPid) : null;
  const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const charges = await countCharges(env, plan);
  const result = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    // The machine is shared: the 1-minute load average when the run ended, to read the figure by.
    loadAverage: +os.loadavg()[0].toFixed(2),
    enrolments: ENROLMENTS,
    instalments: INSTALMENTS,
    inFlight: IN_FLIGHT,
    totalMs: +totalMs.toFixed(0),
    // What the server itself spent (its CPU time over the run): the wall time on a machine it had to itself.
    serverCpuMs,
    perEnrolment: summary('POST /registrations/{id}/apply-plan', each),
    charges,
    errors,
    goal: { totalMs: GOAL_MS },
    met: totalMs < GOAL_MS && errors === 0 && charges === ENROLMENTS * INSTALMENTS,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/plans-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `  total ${result.totalMs} ms (${IN_FLIGHT} em paralelo); por matrícula: mediana ${result.perEnrolment.medianMs} ms, ` +
      `p95 ${result.perEnrolment.p95Ms} ms; CPU do servidor ${serverCpuMs ?? '?'} ms; ` +
      `carga média ${result.loadAverage}; ${charges} cobranças, ${errors} erros; ` +
      `meta (< ${GOAL_MS / 1000} s): ${result.met ? 'atingida' : 'NÃO atingida'}`,
  );
  return result;
}
