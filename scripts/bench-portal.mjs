// The family portal figure of `npm run bench` (issue 26): 500 guardians, each with a child in one of ten classes
// of 50 whose first stage was just published, sign in to the portal and open the report card, all within one
// minute (one family every 120 ms), on one instance, from another process (scripts/bench-portal-load.mjs).
// Goal: p99 under 300 ms and no error. Written to bench/results/portal-<database>.json.
//
// The classes, students, grades and the publication go through the API, as a school would; the 500 guardians
// and their activated portal accounts go straight into the database (500 invitations would be 500 e-mails and
// 500 password hashes before the measurement).
import { spawnSync } from 'node:child_process';
import { argon2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { insertMany, newTeam, openSql } from './bench-diary.mjs';
import { call } from './bench-documents.mjs';

export const FAMILIES = 500;
const TEAMS = 10;
const WITHIN_MS = 60_000;
const GOAL_P99_MS = 300;
export const PASSWORD = 'senha-da-familia-1';

const ARGON2 = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };
const hashOnce = (salt) => argon2Sync('argon2id', { message: PASSWORD, nonce: salt, ...ARGON2 });

/** The server's own format and cost (server/auth/passwords.ts), once for every account: the same password for all. */
export function passwordHash() {
  const salt = randomBytes(16);
  const b64 = (bytes) => bytes.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$${b64(salt)}$${b64(hashOnce(salt))}`;
}

/** One password hash with the server's parameters, as long as this machine takes (the median of five). */
function hashMs() {
  const salt = randomBytes(16);
  const runs = Array.from({ length: 5 }, () => {
    const started = performance.now();
    hashOnce(salt);
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return runs[2];
}

/** Ten classes of 50 with a grade in every discipline of the first stage, published. */
async function publishedClasses(base, auth) {
  const students = [];
  for (let t = 0; t < TEAMS; t++) {
    const { team, slots } = await newTeam(base, auth, `Turma bench portal ${t + 1}`);
    const first = slots.filter((s) => s.stage === slots[0].stage);
    const grades = [];
    for (let i = 0; i < FAMILIES / TEAMS; i++) {
      const name = `Aluno Portal ${t + 1}-${String(i + 1).padStart(2, '0')}`;
      const student = (await call(base, auth, 'POST', '/students', { name })).data;
      await call(base, auth, 'POST', '/registrations', { student_id: student.id, team_id: team });
      students.push(student.id);
      for (const slot of first)
        grades.push({
          student_id: student.id,
          team_id: team,
          discipline_id: slot.discipline,
          stage_id: slot.stage,
          grade: String(5 + ((i + slot.discipline) % 6)),
        });
    }
    await call(base, auth, 'POST', '/grades', { grades });
    await call(base, auth, 'POST', `/teams/${team}/grade-publications`, { stage_id: first[0].stage });
  }
  return students;
}

/** A guardian per student, financial responsible, with an activated portal account: the accounts' e-mails. */
async function families(env, students) {
  const sql = await openSql(env);
  try {
    const now = new Date().toISOString();
    const emails = students.map((_, i) => `familia.portal${i + 1}@exemplo.com.br`);
    const guardians = await insertMany(
      sql,
      'guardians',
      ['name', 'email', 'kinship', 'created_at', 'updated_at'],
      students.map((_, i) => [`Responsável Portal ${i + 1}`, emails[i], 'mae', now, now]),
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
      students.map((student, i) => [student, guardians[i], 'mae', 1, 1, now, now]),
    );
    const hash = passwordHash();
    await insertMany(
      sql,
      'portal_accounts',
      ['guardian_id', 'email', 'password_hash', 'invited_at', 'activated_at', 'created_at', 'updated_at'],
      guardians.map((g, i) => [g, emails[i], hash, now, now, now, now]),
    );
    return emails;
  } finally {
    await sql.close();
  }
}

export async function benchPortal(base, auth, env, database) {
  console.log(`Portal das famílias: ${FAMILIES} responsáveis entram e abrem o boletim em um minuto…`);
  const students = await publishedClasses(base, auth);
  const emails = await families(env, students);
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-bench-portal-')), 'emails.json');
  fs.writeFileSync(list, JSON.stringify(emails));
  // Another process: the load's own work (JSON, timers) is not the server's.
  const load = spawnSync(process.execPath, ['scripts/bench-portal-load.mjs', base, list, PASSWORD, String(WITHIN_MS)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  fs.rmSync(path.dirname(list), { recursive: true, force: true });
  if (load.status !== 0) throw new Error(`carga do portal falhou: ${load.stderr}`);
  const figures = JSON.parse(load.stdout);
  const result = {
    date: new Date().toISOString(),
    database,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    families: FAMILIES,
    withinSeconds: WITHIN_MS / 1000,
    ...figures,
    // The sign-in's floor is the password hash (Argon2id, server/auth/passwords.ts), timed here on this CPU.
    hashMs: +hashMs().toFixed(1),
    goal: { p99Ms: GOAL_P99_MS, errors: 0 },
    met: figures.all.p99Ms < GOAL_P99_MS && figures.errors === 0,
    metAfterSignIn: Math.max(figures.me.p99Ms, figures.reportCard.p99Ms) < GOAL_P99_MS && figures.errors === 0,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync(`bench/results/portal-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
  for (const [what, f] of Object.entries({
    login: figures.login,
    me: figures.me,
    reportCard: figures.reportCard,
    all: figures.all,
  }))
    console.log(`  ${what}: mediana ${f.medianMs} ms, p95 ${f.p95Ms} ms, p99 ${f.p99Ms} ms, máx. ${f.maxMs} ms`);
  console.log(
    `  erros: ${figures.errors}; meta (p99 < ${GOAL_P99_MS} ms, sem erro): ${result.met ? 'atingida' : 'NÃO atingida'}`,
  );
  return result;
}
