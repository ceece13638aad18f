import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CURRICULAR_COMPONENTS } from '../../resources/census-code-lists';
import { foldText } from '../../resources/text';
import { schoolDayOf } from '../../resources/format';
import { exportCensus } from '../../server/census/census';
import { layout2026 } from '../../server/census/layouts/2026';
import { dynamic, openDb, type Db } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { receivablesOf } from '../../server/indicators/receivables';
import { seedDemoSchool } from '../../server/seed/demo';
import { ADMIN, describeOnDatabases, freshSchema } from './support/server';

/**
 * The demo school as `npm start` makes it (issue 35): every screen alive on the first look — charges paid, overdue
 * and open (the money panel is no longer R$ 0,00), lessons with their roll calls, the first stage's grades — and no
 * two students of one team with the same name.
 */
describeOnDatabases('the demo school', (dialect) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const today = schoolDayOf();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const { url, schema, drop } = await freshSchema();
      db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
      cleanup = drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-demo-'));
      db = openDb({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(db);
    await seedDemoSchool(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, withStudents: true });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  it('has no two students of one team with the same name, accents and case aside', async () => {
    const rows = await dynamic(db)
      .selectFrom('registrations as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select(['r.team_id', 's.name'])
      .execute();
    expect(rows.length).toBe(40);
    const names = rows.map((r) => `${r.team_id}:${foldText(String(r.name))}`);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('has charges paid (one late, with its fine), overdue and open: the money panel shows them', async () => {
    const charges = await dynamic(db)
      .selectFrom('financials')
      .select(['paid', 'due_date', 'pay_day', 'value_cents', 'paid_fine_cents', 'paid_total_cents'])
      .execute();
    const paid = charges.filter((c) => Number(c.paid) === 1);
    const open = charges.filter((c) => Number(c.paid) === 0);
    expect(paid.length).toBeGreaterThan(0);
    expect(open.some((c) => String(c.due_date) < today)).toBe(true);
    expect(open.some((c) => String(c.due_date) >= today)).toBe(true);
    // A paid charge records what was paid of each part, as a payment made on screen does.
    for (const c of paid) expect(Number(c.paid_total_cents)).toBeGreaterThanOrEqual(Number(c.value_cents));
    expect(paid.some((c) => Number(c.paid_fine_cents) > 0 && String(c.pay_day) > String(c.due_date))).toBe(true);
    expect(paid.every((c) => String(c.pay_day) <= today)).toBe(true);

    const panel = await receivablesOf(db);
    expect(panel.overdue.total).toBeGreaterThan(0);
    expect(panel.received.total + panel.to_receive.total).toBeGreaterThan(0);
    expect(panel.aging.some((band) => band.total > 0)).toBe(true);
  });

  it("has the last weeks' lessons with roll calls of the students enrolled by then, none in the future", async () => {
    const k = dynamic(db);
    const lessons = await k.selectFrom('lessons').select(['id', 'team_id', 'date', 'periods', 'created_by']).execute();
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.every((l) => String(l.date) < today || String(l.date) === today)).toBe(true);
    const absences = await k
      .selectFrom('attendance as a')
      .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
      .innerJoin('registrations as r', 'r.id', 'a.registration_id')
      .select(['a.absences', 'l.periods', 'l.team_id', 'r.team_id as enrolled_in'])
      .execute();
    expect(absences.length).toBeGreaterThan(0);
    for (const a of absences) {
      expect(Number(a.enrolled_in)).toBe(Number(a.team_id));
      expect(Number(a.absences)).toBeGreaterThan(0);
      expect(Number(a.absences)).toBeLessThanOrEqual(Number(a.periods));
    }
    // Paula, the demo's teacher, gave some of them in the classes she teaches.
    const paula = await k
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'paula@demo.invalid')
      .executeTakeFirstOrThrow();
    expect(lessons.some((l) => Number(l.created_by) === Number(paula.id))).toBe(true);
    expect(await k.selectFrom('team_teachers').select('id').where('user_id', '=', paula.id).execute()).not.toEqual([]);
  });

  it("has every grade of the first stage of each team that began, from 0 to 10, none of the others' yet", async () => {
    const k = dynamic(db);
    const grades = await k
      .selectFrom('grades as g')
      .innerJoin('stages as s', 's.id', 'g.stage_id')
      .select(['g.team_id', 'g.student_id', 'g.discipline_id', 'g.grade', 's.stage'])
      .execute();
    expect(grades.length).toBeGreaterThan(0);
    expect(grades.every((g) => Number(g.stage) === 1)).toBe(true);
    expect(grades.every((g) => Number(g.grade) >= 0 && Number(g.grade) <= 100)).toBe(true);
    expect(grades.some((g) => Number(g.grade) < 60)).toBe(true);
    const begun = await k.selectFrom('teams').select(['id', 'grid_id']).where('start_date', '<=', today).execute();
    for (const team of begun) {
      const students = await k
        .selectFrom('registrations')
        .select('student_id')
        .where('team_id', '=', team.id)
        .execute();
      const disciplines = await k
        .selectFrom('grid_templates as gt')
        .innerJoin('stages as s', 's.id', 'gt.stage_id')
        .select('gt.discipline_id')
        .distinct()
        .where('gt.grid_id', '=', team.grid_id)
        .where('s.stage', '=', 1)
        .execute();
      const own = grades.filter((g) => Number(g.team_id) === Number(team.id));
      expect(own.length, `team ${team.id}`).toBe(students.length * disciplines.length);
    }
  });

  it("answers the census's curricular components: every discipline has its code, Paula's are taught by a docente", async () => {
    const k = dynamic(db);
    const missing = await k.selectFrom('disciplines').select('name').where('census_component', 'is', null).execute();
    expect(missing).toEqual([]);
    const { problems, file } = await exportCensus(db, layout2026, 2026, 1);
    expect(problems.filter((p) => p.field.startsWith('census_component'))).toEqual([]);
    const lines = file
      .toString('latin1')
      .split('\n')
      .map((l) => l.split('|'));
    const team = await k
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Turma Médio 2026 A')
      .executeTakeFirstOrThrow();
    const record = lines.find((f) => f[0] === '20' && f[2] === String(team.id))!;
    const components = Object.fromEntries(
      CURRICULAR_COMPONENTS.map((c, i) => [c.label, record[38 + i]]).filter(([, v]) => v !== '0'),
    );
    // Paula (docente) teaches Matemática and Língua Portuguesa there; the médio's four others have no teacher yet.
    expect(components).toEqual({
      Matemática: '1',
      'Língua/Literatura Portuguesa': '1',
      Física: '2',
      Biologia: '2',
      História: '2',
      Geografia: '2',
    });
  });

  it('writes to no real mailbox: every e-mail of the demo ends in .invalid', async () => {
    const k = dynamic(db);
    for (const table of ['students', 'guardians', 'users']) {
      const emails = (await k.selectFrom(table).select('email').where('email', 'is not', null).execute()).map((r) =>
        String(r.email),
      );
      expect(
        emails.filter((e) => e !== ADMIN.email && !e.endsWith('.invalid')),
        table,
      ).toEqual([]);
    }
  });
});
