// The class diary figures of `npm run bench` (issue 25), measured sequentially on the running bench server:
// - saving the roll call of a 45-student lesson (PUT /lessons/{id}/attendance; goal: median under 50 ms);
// - the class diary of that team after 200 lessons × 45 students (goal: under 1 s);
// - the attendance totals of a 1,000-student school: 25 teams × 40 students, 200 lessons each (goal: the
//   dashboard's count of students under the minimum, which computes every total, under 200 ms); and, for the
//   record, every team's GET /teams/{team}/attendance one after the other.
// The 45-student team is made through the API, as a school would; the school's 5,000 lessons go straight into
// the database (the API would take minutes). Written to bench/results/diary-<database>.json.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { call, summary, timed } from './bench-documents.mjs';

const RUNS = 20;
const GOALS = { rollCallMs: 50, classDiaryMs: 1000, schoolTotalsMs: 200 };
const ROLL = 45;
const LESSONS = 200;
const SCHOOL_TEAMS = 25;
const SCHOOL_STUDENTS_PER_TEAM = 40;
/** Every enrolment of the bench begins here, so every lesson below is the students' (none is "before"). */
const ENROLLED_AT = '2026-02-01T12:00:00.000Z';
const CONTENTS = [
  'Frações equivalentes e simplificação',
  'Leitura e interpretação de texto: crônica',
  'Revolução Industrial: causas e consequências',
  'Ciclo da água e estados físicos',
  'Present simple: rotinas e hábitos',
];

/** The bench's database, straight: `?` placeholders on both (numbered for PostgreSQL). */
export async function openSql(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const numbered = (text) => {
      let n = 0;
      return text.replace(/\?/g, () => `$${++n}`);
    };
    return {
      all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(env.DATA_DIR, 'secretaria.db'));
  db.pragma('busy_timeout = 10000');
  return {
    all: async (text, params = []) => {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    close: async () => db.close(),
  };
}

/** Rows inserted in chunks (both databases bound their parameters), answering the new ids in order. */
export async function insertMany(sql, table, columns, rows) {
  const ids = [];
  const perChunk = Math.floor(900 / columns.length);
  for (let i = 0; i < rows.length; i += perChunk) {
    const chunk = rows.slice(i, i + perChunk);
    const values = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    const inserted = await sql.all(
      `insert into ${table} (${columns.join(', ')}) values ${values} returning id`,
      chunk.flat(),
    );
    ids.push(...inserted.map((r) => Number(r.id)));
  }
  return ids;
}

/** A school day `n` lesson-days after the year's start (weekdays only), never after today. */
function lessonDay(n) {
  const day = new Date(Date.UTC(2026, 1, 2));
  for (let left = n; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** A new team on the first grid with a discipline, and the grid's (discipline, stage) slots. */
export async function newTeam(base, auth, name) {
  const grids = (await call(base, auth, 'GET', '/grids?page=0')).data;
  const polo = (await call(base, auth, 'GET', '/polos?page=0')).data[0];
  for (const grid of grids) {
    const team = (
      await call(base, auth, 'POST', '/teams', {
        name,
        start_date: '2026-02-02',
        end_date: '2026-12-18',
        polo_id: polo.id,
        grid_id: grid.id,
      })
    ).data;
    const full = await call(base, auth, 'GET', `/grids/${team.id}/get-full-grid`);
    // `list`: by discipline name, one entry per stage number, `{}` where the discipline lacks that stage.
    const slots = Object.values(full.list)
      .flat()
      .filter((slot) => slot.id)
      .map((slot) => ({ discipline: slot.discipline_id, stage: slot.stage_id }));
    if (slots.length > 0) return { team: team.id, slots };
  }
  throw new Error('nenhuma grade tem disciplinas');
}

/** 200 lessons of 1–2 periods, each with its content. */
const lessonRows = (team, slots, now) =>
  Array.from({ length: LESSONS }, (_, i) => {
    const slot = slots[i % slots.length];
    return [team, slot.discipline, slot.stage, lessonDay(i), 1 + (i % 2), CONTENTS[i % CONTENTS.length], now, now];
  });
const LESSON_COLUMNS = [
  'team_id',
  'discipline_id',
  'stage_id',
  'date',
  'periods',
  'content',
  'created_at',
  'updated_at',
];
const ATTENDANCE_COLUMNS = [
  'lesson_id',
  'registration_id',
  'absences',
  'justified',
  'reason',
  'created_at',
  'updated_at',
];

/** One absence in about twelve: a few justified. */
const attendanceRows = (lessons, registrations, now) =>
  lessons.flatMap((lesson, i) =>
    registrations
      .filter((_, j) => (i * 7 + j * 3) % 12 === 0)
      .map((registration, j) => [
        lesson,
        registration,
        1,
        j % 5 === 0 ? 1 : 0,
        j % 5 === 0 ? 'Atestado' : null,
        now,
        now,
      ]),
  );

/** The 45-student team, through the API; its enrolments dated back to February. */
async function rollCallTeam(base, auth, sql) {
  const { team, slots } = await newTeam(base, auth, 'Turma bench diário 45');
  const registrations = [];
  for (let i = 0; i < ROLL; i++) {
    const name = `Aluno Bench Chamada ${String(i + 1).padStart(2, '0')}`;
    const student = (await call(base, auth, 'POST', '/students', { name })).data;
    registrations.push(
      (await call(base, auth, 'POST', '/registrations', { student_id: student.id, team_id: team })).data.id,
    );
  }
  await sql.all(`update registrations set created_at = ? where team_id = ?`, [ENROLLED_AT, team]);
  const now = new Date().toISOString();
  const lessons = await insertMany(sql, 'lessons', LESSON_COLUMNS, lessonRows(team, slots, now));
  await insertMany(sql, 'attendance', ATTENDANCE_COLUMNS, attendanceRows(lessons, registrations, now));
  return { team, lessons, registrations };
}

/** 25 teams × 40 students, 200 lessons each, straight into the database. */
async function school(base, auth, sql) {
  const teams = [];
  const now = new Date().toISOString();
  for (let t = 0; t < SCHOOL_TEAMS; t++) {
    const { team, slots } = await newTeam(base, auth, `Turma bench escola ${t + 1}`);
    const students = await insertMany(
      sql,
      'students',
      ['name', 'search_text', 'created_at', 'updated_at'],
      Array.from({ length: SCHOOL_STUDENTS_PER_TEAM }, (_, i) => {
        const name = `Aluno Escola ${t + 1}-${i + 1}`;
        return [name, name.toLowerCase(), ENROLLED_AT, now];
      }),
    );
    const registrations = await insertMany(
      sql,
      'registrations',
      ['student_id', 'team_id', 'created_at', 'updated_at'],
      students.map((s) => [s, team, ENROLLED_AT, now]),
    );
    const lessons = await insertMany(sql, 'lessons', LESSON_COLUMNS, lessonRows(team, slots, now));
    await insertMany(sql, 'attendance', ATTENDANCE_COLUMNS, attendanceRows(lessons, registrations, now));
    teams.push(team);
  }
  return teams;
}

export async function benchDiary(base, auth, env, database) {
  console.log(
    `Diário: chamada de ${ROLL} alunos, ${LESSONS} aulas; escola de ${SCHOOL_TEAMS * SCHOOL_STUDENTS_PER_TEAM}…`,
  );
  const sql = await openSql(env);
  let roll;
  let teams;
  try {
    roll = await rollCallTeam(base, auth, sql);
    teams = await school(base, auth, sql);
  } finally {
    await sql.close();
  }

  // Every save changes who is absent, so each one really replaces the rows.
  const lesson = roll.lessons.at(-1);
  const rollCallMs = [];
  for (let run = 0; run < RUNS; run++) {
    const attendance = roll.registrations.map((registration_id, i) => ({
      registration_id,
      absences: (i + run) % 9 === 0 ? 1 : 0,
      justified: (i + run) % 27 === 0,
      reason: (i + run) % 27 === 0 ? 'Atestado médico' : null,
    }));
    rollCallMs.push(await timed(() => call(base, auth, 'PUT', `/lessons/${lesson}/attendance`, { attendance })));
  }

  const diaryMs = {};
  for (const format of ['xlsx', 'pdf']) {
    const url = `${base}/api/exports/class-diary?team_id=${roll.team}&type_print=${format}`;
    const ms = [];
    for (let run = 0; run < 10; run++)
      ms.push(
        await timed(async () => {
          const response = await fetch(url, { headers: auth });
          if (!response.ok) throw new Error(`diário (${format}): HTTP ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
        }),
      );
    diaryMs[format] = ms;
  }

  // The whole school's totals in one request: the dashboard's card counting who is under the minimum.
  const schoolMs = [];
  for (let run = 0; run < RUNS; run++)
    schoolMs.push(await timed(() => call(base, auth, 'GET', '/indicators/low-attendance')));
  // And team by team, as the secretary opening each class's totals would.
  const sweepMs = [];
  for (let run = 0; run < RUNS; run++)
    sweepMs.push(
      await timed(async () => {
        for (const team of teams) await call(base, auth, 'GET', `/teams/${team}/attendance`);
      }),
    );

  const result = {
    date: new Date().toISOString(),
    database,
    rollCall: { ...summary(`PUT /api/lessons/{id}/attendance: ${ROLL} alunos`, rollCallMs), students: ROLL },
    classDiaryXlsx: summary(`GET /api/exports/class-diary (XLSX): ${LESSONS} aulas × ${ROLL} alunos`, diaryMs.xlsx),
    classDiaryPdf: summary(`GET /api/exports/class-diary (PDF): ${LESSONS} aulas × ${ROLL} alunos`, diaryMs.pdf),
    schoolTotals: {
      ...summary('GET /api/indicators/low-attendance: a frequência de cada aluno em cada disciplina', schoolMs),
      students: SCHOOL_TEAMS * SCHOOL_STUDENTS_PER_TEAM,
      lessons: SCHOOL_TEAMS * LESSONS,
    },
    perTeam: summary(`GET /api/teams/{turma}/attendance das ${SCHOOL_TEAMS} turmas, uma após a outra`, sweepMs),
  };
  result.goals = {
    rollCallUnder50ms: result.rollCall.medianMs < GOALS.rollCallMs,
    classDiaryXlsxUnder1s: result.classDiaryXlsx.medianMs < GOALS.classDiaryMs,
    classDiaryPdfUnder1s: result.classDiaryPdf.medianMs < GOALS.classDiaryMs,
    schoolTotalsUnder200ms: result.schoolTotals.medianMs < GOALS.schoolTotalsMs,
  };
  fs.mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/diary-${database}.json`;
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.table(
    Object.fromEntries(
      [result.rollCall, result.classDiaryXlsx, result.classDiaryPdf, result.schoolTotals, result.perTeam].map((r) => [
        r.what.split(':')[0],
        { 'mediana ms': r.medianMs, 'p95 ms': r.p95Ms },
      ]),
    ),
  );
  console.log(`Resultados em ${file}`);
  return result;
}
