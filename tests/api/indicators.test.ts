import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { openDb, type Db, type DialectName } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { migrations } from '../../server/db/migrations';
import { seedSchool } from '../../server/seed/demo';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, freshSchema } from './support/server';

interface TeamCount {
  name: string;
  total_students: number;
}

/** The per-team chart as counted from scratch: every team, its enrolments grouped, by name. */
async function countedFromScratch(k: Kysely<unknown>): Promise<TeamCount[]> {
  const { rows } =
    await sql<TeamCount>`select t.name, count(r.id) as total_students from teams t left join registrations r on r.team_id = t.id
    group by t.id, t.name order by t.name, t.id`.execute(k);
  return rows.map((r) => ({ name: r.name, total_students: Number(r.total_students) }));
}

describeOnDatabases('dashboard indicators', (dialect) => {
  const fresh = serverPerTest(dialect);

  it('counts students and enrolments per month of the school (UTC−3), following inserts and deletes', async () => {
    const k = fresh.server.db.kysely;
    const ts = (iso: string) => (dialect === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`);
    const add = async (name: string, at: string) => {
      const { rows } = await sql<{
        id: number;
      }>`insert into students (name, created_at, updated_at) values (${name}, ${ts(at)}, ${ts(at)}) returning id`.execute(
        k,
      );
      await sql`insert into registrations (student_id, team_id, created_at, updated_at) values (${rows[0].id}, 1, ${ts(at)}, ${ts(at)})`.execute(
        k,
      );
      return rows[0].id;
    };
    // 02:00 UTC on 1 March is still 28 February at the school.
    await add('Aluno de Fevereiro', '2025-03-01T02:00:00.000Z');
    const march = await add('Aluno de Março', '2025-03-01T03:00:00.000Z');
    await add('Outro de Março', '2025-03-31T23:00:00.000Z');
    const perMonth = async (name: string) => (await fresh.call('GET', `/api/indicators/${name}`)).body;
    expect(await perMonth('number-students-per-month')).toEqual([
      { month: '2025-02', total_students: 1 },
      { month: '2025-03', total_students: 2 },
    ]);
    expect(await perMonth('number-registrations-per-month')).toEqual([
      { month: '2025-02', total_registrations: 1 },
      { month: '2025-03', total_registrations: 2 },
    ]);

    await sql`delete from registrations where student_id = ${march}`.execute(k);
    await sql`delete from students where id = ${march}`.execute(k);
    expect(await perMonth('number-students-per-month')).toEqual([
      { month: '2025-02', total_students: 1 },
      { month: '2025-03', total_students: 1 },
    ]);
    const teams = await perMonth('number-students-per-teams');
    const first = (await fresh.call('GET', '/api/teams/1')).body[0];
    expect(teams).toContainEqual({ name: first.name, total_students: 2 });
  });

  // The demo school's four teams, by name (ids 1 to 4 in the order the seed wrote them).
  const MEDIO_A = 'Turma Médio 2026 A';
  const MEDIO_B = 'Turma Médio 2026 B';
  const ENFERMAGEM = 'Enfermagem 2026.1';
  const CASTANHAL = 'Enfermagem Castanhal 2026';
  const perTeam = async (): Promise<TeamCount[]> => {
    const response = await fresh.call('GET', '/api/indicators/number-students-per-teams');
    expect(response.status).toBe(200);
    return response.body;
  };
  /** The chart, checked against a fresh count(*) too, as a map of team name to enrolments. */
  const chart = async (): Promise<Record<string, number>> => {
    const answer = await perTeam();
    expect(answer).toEqual(await countedFromScratch(fresh.server.db.kysely as Kysely<unknown>));
    return Object.fromEntries(answer.map((t) => [t.name, t.total_students]));
  };
  const newStudent = async (name: string): Promise<number> => {
    const created = await fresh.call('POST', '/api/students', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  };
  const enrol = async (student_id: number, team_id: number): Promise<number> => {
    const created = await fresh.call('POST', '/api/registrations', { student_id, team_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  };

  it("counts each team's enrolments right after enrolling, every team listed by name with 0 when it has none", async () => {
    const created = await fresh.call('POST', '/api/teams', {
      name: 'Alfa Turma Nova',
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const alfa = created.body.data.id;
    expect(await perTeam()).toEqual([
      { name: 'Alfa Turma Nova', total_students: 0 },
      { name: ENFERMAGEM, total_students: 0 },
      { name: CASTANHAL, total_students: 0 },
      { name: MEDIO_A, total_students: 0 },
      { name: MEDIO_B, total_students: 0 },
    ]);
    for (const name of ['Ana Contada', 'Bruno Contado', 'Carla Contada']) await enrol(await newStudent(name), 1);
    await enrol(await newStudent('Davi Contado'), 3);
    const both = await newStudent('Elisa Em Duas');
    await enrol(both, alfa);
    await enrol(both, 1);
    expect(await perTeam()).toEqual([
      { name: 'Alfa Turma Nova', total_students: 1 },
      { name: ENFERMAGEM, total_students: 1 },
      { name: CASTANHAL, total_students: 0 },
      { name: MEDIO_A, total_students: 4 },
      { name: MEDIO_B, total_students: 0 },
    ]);
    expect(await chart()).toMatchObject({ 'Alfa Turma Nova': 1, [MEDIO_A]: 4 });
  });

  it('moves the count when an enrolment changes team or is deleted; a refused delete moves nothing', async () => {
    const k = fresh.server.db.kysely;
    const ana = await newStudent('Ana Mudada');
    const bruno = await newStudent('Bruno Apagado');
    const moved = await enrol(ana, 1);
    const brunoA = await enrol(bruno, 1);
    const brunoB = await enrol(bruno, 2);
    expect(await chart()).toEqual({ [MEDIO_A]: 2, [MEDIO_B]: 1, [ENFERMAGEM]: 0, [CASTANHAL]: 0 });

    // The API has no route that changes an enrolment's team (the contract: create and delete only), so the
    // move is written as any other writer would write it.
    await sql`update registrations set team_id = 4 where id = ${moved}`.execute(k);
    expect(await chart()).toEqual({ [MEDIO_A]: 1, [MEDIO_B]: 1, [ENFERMAGEM]: 0, [CASTANHAL]: 1 });
    // An update that leaves every team as it was (here, of all rows at once) changes no count.
    await sql`update registrations set updated_at = created_at`.execute(k);
    expect(await chart()).toEqual({ [MEDIO_A]: 1, [MEDIO_B]: 1, [ENFERMAGEM]: 0, [CASTANHAL]: 1 });

    expect((await fresh.call('DELETE', `/api/registrations/${brunoA}`)).status).toBe(200);
    expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 1, [ENFERMAGEM]: 0, [CASTANHAL]: 1 });
    // A student with an enrolment cannot be deleted (409): the chart stays as it was.
    expect((await fresh.call('DELETE', `/api/students/${bruno}`)).status).toBe(409);
    expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 1, [ENFERMAGEM]: 0, [CASTANHAL]: 1 });
    expect((await fresh.call('DELETE', `/api/registrations/${brunoB}`)).status).toBe(200);
    expect((await fresh.call('DELETE', `/api/students/${bruno}`)).status).toBe(200);
    expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 0, [ENFERMAGEM]: 0, [CASTANHAL]: 1 });
  });

  it('follows bulk SQL: one statement inserting, moving or deleting hundreds of enrolments (and TRUNCATE on PostgreSQL)', async () => {
    const k = fresh.server.db.kysely as Kysely<unknown>;
    const now = new Date().toISOString();
    const ts = dialect === 'postgres' ? sql`${now}::timestamptz` : sql`${now}`;
    const students = Array.from({ length: 300 }, (_, i) => sql`(${`Aluno em Lote ${i + 1}`}, ${ts}, ${ts})`);
    await sql`insert into students (name, created_at, updated_at) values ${sql.join(students)}`.execute(k);
    // Consecutive ids: a hundred students to each of the first three teams.
    await k.transaction().execute(async (trx) => {
      await sql`insert into registrations (student_id, team_id, created_at, updated_at)
        select id, 1 + id % 3, created_at, created_at from students where name like 'Aluno em Lote %'`.execute(trx);
      if (dialect === 'postgres') {
        // One write per team for the whole statement, not one per enrolment (this transaction's own figures).
        const { rows } = await sql<{
          writes: number;
        }>`select n_tup_ins + n_tup_upd as writes from pg_stat_xact_user_tables
          where relid = 'team_counts'::regclass`.execute(trx);
        expect(Number(rows[0].writes)).toBe(3);
      }
    });
    expect(await chart()).toEqual({ [MEDIO_A]: 100, [MEDIO_B]: 100, [ENFERMAGEM]: 100, [CASTANHAL]: 0 });

    await sql`update registrations set team_id = 4 where team_id = 1`.execute(k);
    expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 100, [ENFERMAGEM]: 100, [CASTANHAL]: 100 });
    // Two teams swapped in one statement: each counter gets the net of what left and what came.
    await sql`update registrations set team_id = case team_id when 2 then 3 else 2 end where team_id in (2, 3) and student_id % 2 = 0`.execute(
      k,
    );
    expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 100, [ENFERMAGEM]: 100, [CASTANHAL]: 100 });
    await sql`update registrations set team_id = 1 where team_id = 3 and student_id % 2 = 0`.execute(k);
    expect(await chart()).toEqual({ [MEDIO_A]: 50, [MEDIO_B]: 100, [ENFERMAGEM]: 50, [CASTANHAL]: 100 });

    await sql`delete from registrations where team_id = 2`.execute(k);
    expect(await chart()).toEqual({ [MEDIO_A]: 50, [MEDIO_B]: 0, [ENFERMAGEM]: 50, [CASTANHAL]: 100 });

    if (dialect === 'postgres') {
      await sql`truncate registrations cascade`.execute(k);
      expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 0, [ENFERMAGEM]: 0, [CASTANHAL]: 0 });
      await sql`insert into registrations (student_id, team_id, created_at, updated_at) select id, 2, created_at, created_at from students where name like 'Aluno em Lote %'`.execute(
        k,
      );
      expect(await chart()).toEqual({ [MEDIO_A]: 0, [MEDIO_B]: 300, [ENFERMAGEM]: 0, [CASTANHAL]: 0 });
    }
  });

  it('drops a deleted team from the chart', async () => {
    const created = await fresh.call('POST', '/api/teams', {
      name: 'Turma Passageira',
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    const team = created.body.data.id;
    const student = await newStudent('Aluna Passageira');
    const registration = await enrol(student, team);
    expect(await chart()).toMatchObject({ 'Turma Passageira': 1 });
    expect((await fresh.call('DELETE', `/api/registrations/${registration}`)).status).toBe(200);
    expect((await fresh.call('DELETE', `/api/teams/${team}`)).status).toBe(200);
    expect(Object.keys(await chart())).toEqual([ENFERMAGEM, CASTANHAL, MEDIO_A, MEDIO_B]);
  });

  it("keeps one school year's teams when asked (the dashboard opens on the current year), every year's otherwise", async () => {
    const y2027 = (await fresh.call('GET', '/api/school-years?search=2027')).body.data[0].id;
    const y2026 = (await fresh.call('GET', '/api/school-years?search=2026')).body.data[0].id;
    const created = await fresh.call('POST', '/api/teams', {
      name: 'Turma Seguinte 2027',
      start_date: '2027-02-01',
      end_date: '2027-12-17',
      polo_id: 1,
      grid_id: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const of = async (query: string) => {
      const answer = await fresh.call('GET', `/api/indicators/number-students-per-teams${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as TeamCount[]).map((t) => t.name);
    };
    expect(await of(`?school_year_id=${y2027}`)).toEqual(['Turma Seguinte 2027']);
    expect(await of(`?school_year_id=${y2026}`)).toEqual([ENFERMAGEM, CASTANHAL, MEDIO_A, MEDIO_B]);
    expect(await of('')).toEqual([ENFERMAGEM, CASTANHAL, MEDIO_A, MEDIO_B, 'Turma Seguinte 2027']);
    const bad = await fresh.call('GET', '/api/indicators/number-students-per-teams?school_year_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ school_year_id: ['Selecione um ano letivo válido.'] });
  });
});

/** A database of its own, migrated up to `last` only. */
async function databaseAt(dialect: DialectName, last: string): Promise<{ db: Db; done: () => Promise<void> }> {
  let db: Db;
  let done: () => Promise<void>;
  if (dialect === 'postgres') {
    const { url, schema, drop } = await freshSchema();
    db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
    done = async () => {
      await db.destroy();
      await drop();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-indicators-'));
    db = openDb({ dataDir: dir });
    done = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const ctx = { dialect };
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, ctx) }]),
      ),
  };
  const migrator = new Migrator({ db: db.kysely, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return { db, done };
}

describeOnDatabases('per-team counters (migration 0013)', (dialect) => {
  it('counts the enrolments a school already had when the counters arrive', async () => {
    const { db, done } = await databaseAt(dialect, '0012_document_names');
    try {
      // The school's data only: its accounts need the roles, which arrive with a later migration.
      await seedSchool(db.kysely, new Date().toISOString(), true);
      const k = db.kysely as Kysely<unknown>;
      const expected = await countedFromScratch(k);
      expect(expected.filter((t) => t.total_students > 0).length).toBeGreaterThan(1);
      await migrateToLatest(db);
      const { rows } =
        await sql<TeamCount>`select t.name, coalesce(c.n, 0) as total_students from teams t left join team_counts c on c.team_id = t.id order by t.name, t.id`.execute(
          k,
        );
      expect(rows.map((r) => ({ name: r.name, total_students: Number(r.total_students) }))).toEqual(expected);
    } finally {
      await done();
    }
  });
});
