// The rollover figure of `npm run bench` (issue 38): 1,000 students of 25 closed 2026 teams (40 each, one
// discipline in one stage, graded) rolled into 2027 by one `POST /school-years/{id}/rollover`: first the dry run,
// then the run itself with a 12-instalment plan on every new team. Goal: the run under 10 s. The students, their
// enrolments and grades go straight into the database; the grids, next year's teams and the rollover go through
// the API. Written to bench/results/rollover-<database>.json.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertMany, openSql } from './bench-diary.mjs';
import { call } from './bench-documents.mjs';

const TEAMS = 25;
const PER_TEAM = 40;
const INSTALMENTS = 12;
const GOAL_MS = 10_000;

/** Two grids of one discipline in one stage, the first mapped to the second ("Grade seguinte"). */
async function grids(base, auth) {
  const discipline = (await call(base, auth, 'GET', '/disciplines?page=0')).data[0].id;
  const stage = (await call(base, auth, 'GET', '/stages?page=0')).data[0].id;
  const grid = async (name, next) => {
    const id = (await call(base, auth, 'POST', '/grids', { name, course_id: 1, next_grid_id: next ?? null })).data.id;
    await call(base, auth, 'POST', '/grid-templates', {
      rows: [{ grid_id: id, discipline_id: discipline, stage_id: stage, workload: 80 }],
    });
    return id;
  };
  const seventh = await grid('7º ANO (bench)');
  return { sixth: await grid('6º ANO (bench)', seventh), discipline, stage };
}

/** The 2026 teams, their students enrolled and graded (one in ten failed), each team closed. */
async function closedTeams(env, y2026, grid) {
  const sql = await openSql(env);
  try {
    const now = new Date().toISOString();
    const teams = await insertMany(
      sql,
      'teams',
      [
        'name',
        'start_date',
        'end_date',
        'polo_id',
        'grid_id',
        'school_year_id',
        'search_text',
        'created_at',
        'updated_at',
      ],
      Array.from({ length: TEAMS }, (_, i) => {
        const name = `6º ANO ${String(i + 1).padStart(2, '0')} 2026`;
        return [name, '2026-02-02', '2026-12-18', 1, grid.sixth, y2026, name.toLowerCase(), now, now];
      }),
    );
    const students = await insertMany(
      sql,
      'students',
      ['name', 'search_text', 'created_at', 'updated_at'],
      Array.from({ length: TEAMS * PER_TEAM }, (_, i) => {
        const name = `Aluno Rematrícula ${String(i + 1).padStart(4, '0')}`;
        return [name, name.toLowerCase(), now, now];
      }),
    );
    const teamOf = (i) => teams[Math.floor(i / PER_TEAM)];
    await insertMany(
      sql,
      'registrations',
      ['student_id', 'team_id', 'enrolled_on', 'created_at', 'updated_at'],
      students.map((s, i) => [s, teamOf(i), '2026-02-02', now, now]),
    );
    await insertMany(
      sql,
      'grades',
      ['student_id', 'stage_id', 'discipline_id', 'team_id', 'grade', 'created_at', 'updated_at'],
      students.map((s, i) => [s, grid.stage, grid.discipline, teamOf(i), i % 10 === 0 ? 20 : 80, now, now]),
    );
    await sql.all(`update teams set closed_at = ? where id in (${teams.map(() => '?').join(', ')})`, [now, ...teams]);
    return teams;
  } finally {
    await sql.close();
  }
}

export async function benchRollover(base, auth, env, database) {
  console.log(`Rematrícula: ${TEAMS * PER_TEAM} alunos de ${TEAMS} turmas encerradas para o ano seguinte…`);
  const years = (await call(base, auth, 'GET', '/school-years?page=0')).data;
  const y2026 = years.find((y) => y.year === 2026).id;
  const y2027 = years.find((y) => y.year === 2027).id;
  const grid = await grids(base, auth);
  const teams = await closedTeams(env, y2026, grid);
  const plan = (
    await call(base, auth, 'POST', '/payment-plans', {
      name: 'Mensalidade 2027 — 7º ano',
      service_type_id: (await call(base, auth, 'GET', '/service-types?page=0')).data[0].id,
      payment_type_id: 4,
      instalments: INSTALMENTS,
      value: '980,00',
      due_day: 10,
      first_month: '2027-02',
    })
  ).data.id;
  const proposed = (await call(base, auth, 'GET', `/school-years/${y2026}/successors?to_year_id=${y2027}`)).data;
  const ours = proposed.filter((s) => teams.includes(s.from_team.id));
  const created = (
    await call(base, auth, 'POST', `/school-years/${y2026}/successors`, {
      to_year_id: y2027,
      teams: ours.map((s) => ({
        from_team_id: s.from_team.id,
        name: s.name,
        grid_id: s.grid.id,
        polo_id: s.polo.id,
        start_date: s.start_date,
        end_date: s.end_date,
        payment_plan_id: plan,
      })),
    })
  ).data;
  // The retained stay in the series: each promoted team also takes its own 6º ano's retained (enough for a figure).
  const lines = created.map((t) => ({ from_team_id: t.from_team_id, promoted_team_id: t.id, retained_team_id: t.id }));
  const body = { to_year_id: y2027, teams: lines, apply_plans: true };
  let started = performance.now();
  const dry = await call(base, auth, 'POST', `/school-years/${y2026}/rollover`, { ...body, dry_run: true });
  const dryRunMs = performance.now() - started;
  started = performance.now();
  const done = await call(base, auth, 'POST', `/school-years/${y2026}/rollover`, { ...body, dry_run: false });
  const runMs = performance.now() - started;
  started = performance.now();
  const again = await call(base, auth, 'POST', `/school-years/${y2026}/rollover`, { ...body, dry_run: false });
  const rerunMs = performance.now() - started;
  const result = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    loadAverage: +os.loadavg()[0].toFixed(2),
    students: TEAMS * PER_TEAM,
    teams: TEAMS,
    instalments: INSTALMENTS,
    dryRunMs: +dryRunMs.toFixed(0),
    runMs: +runMs.toFixed(0),
    rerunMs: +rerunMs.toFixed(0),
    dryRunTotals: dry.totals,
    runTotals: done.totals,
    rerunTotals: again.totals,
    goal: { runMs: GOAL_MS },
    met: runMs < GOAL_MS && done.totals.enrolled === TEAMS * PER_TEAM && again.totals.enrolled === 0,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/rollover-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `  simulação ${result.dryRunMs} ms; rematrícula ${result.runMs} ms (${done.totals.enrolled} matrículas, ` +
      `${done.totals.charges} cobranças); de novo ${result.rerunMs} ms (${again.totals.enrolled}); ` +
      `carga média ${result.loadAverage}; meta (< ${GOAL_MS / 1000} s): ${result.met ? 'atingida' : 'NÃO atingida'}`,
  );
  return result;
}
