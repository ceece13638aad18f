import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { slotsOf, type Slot } from '../support/full-grid';
import { diaryOf } from './support/diary';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

describeOnDatabases('grade entry', (dialect) => {
  let server: TestServer;
  let token: string;
  let ana: number;
  let bruno: number;
  let outsider: number;
  let math: Slot;
  let other: Slot;
  // A school of its own for each test: every test writes grades of the same students.
  beforeEach(async () => {
    server = await startServer(dialect);
    token = await server.session();
    const student = async (name: string) => {
      const now = new Date().toISOString();
      const row = await server.db.kysely
        .insertInto('students' as never)
        .values({ name, created_at: now, updated_at: now } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow();
      return Number((row as { id: number }).id);
    };
    ana = await student('Ana Beatriz Conceição');
    bruno = await student('Bruno Araújo');
    outsider = await student('Carla Fora da Turma');
    for (const id of [ana, bruno])
      expect((await call('POST', '/api/teams/register-student', { student_id: id, team_id: 1 })).status).toBe(201);
    const grid = slotsOf((await call('GET', '/api/grids/1/get-full-grid')).body);
    math = grid.find((d) => d.discipline.name === 'Matemática')!;
    other = grid.find((d) => d.discipline.name === 'História')!;
  });
  afterEach(() => server.close());
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });
  const key = (student: number, stage: number, discipline: number) => `grade[${student}][${stage}][${discipline}][1]`;
  const teamGrades = async () => {
    const { body } = await call('GET', '/api/teams/1/grades');
    return Object.fromEntries(
      (body as { student_id: number; stage_id: number; discipline_id: number; grade: string }[]).map((g) => [
        key(g.student_id, g.stage_id, g.discipline_id),
        g.grade,
      ]),
    );
  };

  it("answers a team's full grid as the original server: list keyed by discipline name, one entry per stage", async () => {
    const full = await call('GET', '/api/grids/1/get-full-grid');
    expect(Object.keys(full.body).sort()).toEqual([
      'course_name',
      'grid_name',
      'list',
      'stagesNumbers',
      'total_stage',
      'total_workload',
    ]);
    expect(Array.isArray(full.body.list)).toBe(false);
    expect(full.body.total_stage).toBe(full.body.stagesNumbers.length);
    expect(full.body.list['Matemática']).toHaveLength(full.body.stagesNumbers.length);
    expect(full.body.list['Matemática'][0]).toMatchObject({
      stage_id: math.stages[0].id,
      discipline_id: math.discipline.id,
      workload: expect.any(Number),
    });
    const one = await call('GET', `/api/grids/1/get-full-grid?discipline_id=${math.discipline.id}`);
    expect(Object.keys(one.body.list)).toEqual(['Matemática']);
    expect(one.body.list['Matemática'].map((s: { stage_id: number }) => s.stage_id)).toEqual(
      math.stages.map((s) => s.id),
    );
    expect(one.body.stagesNumbers).toEqual(math.stages.map((s) => s.stage));
  });

  it('upserts a sheet, changes a grade, and deletes the grade of an emptied cell', async () => {
    const [s1, s2] = math.stages;
    const first = await call('POST', '/api/grades', {
      grades: [
        { student_id: ana, stage_id: s1.id, discipline_id: math.discipline.id, team_id: 1, grade: '7.5' },
        { student_id: ana, stage_id: s2.id, discipline_id: math.discipline.id, team_id: 1, grade: '10.0' },
        { student_id: bruno, stage_id: s1.id, discipline_id: math.discipline.id, team_id: 1, grade: '5,5' },
        { student_id: bruno, stage_id: s2.id, discipline_id: math.discipline.id, team_id: 1, grade: '' },
      ],
    });
    expect(first).toEqual({ status: 200, body: { message: 'Notas salvas com sucesso!' } });
    expect(await teamGrades()).toEqual({
      [key(ana, s1.id, math.discipline.id)]: '7.5',
      [key(ana, s2.id, math.discipline.id)]: '10.0',
      [key(bruno, s1.id, math.discipline.id)]: '5.5',
    });

    // The same sheet as the nested object: one changed, one emptied.
    const second = await call('POST', '/api/grades', {
      grade: {
        [ana]: { [s1.id]: { [math.discipline.id]: { 1: '8.0' } } },
        [bruno]: { [s1.id]: { [math.discipline.id]: { 1: '' } } },
      },
    });
    expect(second.status).toBe(200);
    expect(await teamGrades()).toEqual({
      [key(ana, s1.id, math.discipline.id)]: '8.0',
      [key(ana, s2.id, math.discipline.id)]: '10.0',
    });

    const saved = await server.db.kysely
      .selectFrom('grades' as never)
      .select(['saved_by', 'saved_at'] as never)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ saved_by: expect.any(Number), saved_at: expect.anything() });
    const log = await server.db.kysely
      .selectFrom('audit_log' as never)
      .selectAll()
      .where('entity' as never, '=', 'grades' as never)
      .execute();
    expect(log).toHaveLength(2);
    expect(JSON.parse((log[1] as { changes: string }).changes)).toEqual({
      [key(ana, s1.id, math.discipline.id)]: [7.5, 8],
      [key(bruno, s1.id, math.discipline.id)]: [5.5, null],
    });
  });

  it('refuses grades out of bounds or off the mask, naming the cell, and writes nothing', async () => {
    const [s1, s2] = other.stages;
    const before = await teamGrades();
    const range = 'Nota fora da escala: use de 0,0 a 10,0.';
    const decimals = 'Use uma casa decimal só (ex.: 9,7 ou 9,8): a nota não é arredondada.';
    const digits = 'Digite a nota com números, de 0,0 a 10,0 (ex.: 7,5).';
    // The cell's rule: a second decimal is refused (never rounded, never read as 97,5), out of scale is refused.
    const cases: [unknown, string][] = [
      ['10.5', range],
      ['11', range],
      ['100', range],
      ['9,75', decimals],
      ['7.55', decimals],
      [7.25, decimals],
      ['-1', digits],
      ['abc', digits],
    ];
    for (const [bad, reason] of cases) {
      const answer = await call('POST', '/api/grades', {
        [key(ana, s1.id, other.discipline.id)]: '6.0',
        [key(bruno, s2.id, other.discipline.id)]: bad,
      });
      expect(answer.status, String(bad)).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([key(bruno, s2.id, other.discipline.id)]);
      expect(answer.body.errors[key(bruno, s2.id, other.discipline.id)][0], String(bad)).toBe(
        `Nota inválida (BRUNO ARAÚJO, História, ${s2.stage}ª etapa). ${reason}`,
      );
    }
    // All or nothing: the valid cell beside the wrong one was not saved.
    expect(await teamGrades()).toEqual(before);
    expect((await call('POST', '/api/grades', {})).body.errors).toEqual({ grade: ['Nenhuma nota foi enviada.'] });
  });

  it('reads a grade as typed: 10 is 10.0, 9,5 is 9.5, 7 is 7.0', async () => {
    const [s1, s2, s3] = other.stages;
    const typed = {
      [key(ana, s1.id, other.discipline.id)]: '10',
      [key(ana, s2.id, other.discipline.id)]: '9,5',
      [key(ana, s3.id, other.discipline.id)]: '7',
      [key(bruno, s1.id, other.discipline.id)]: '10,0',
    };
    expect((await call('POST', '/api/grades', typed)).status).toBe(200);
    expect(await teamGrades()).toEqual({
      [key(ana, s1.id, other.discipline.id)]: '10.0',
      [key(ana, s2.id, other.discipline.id)]: '9.5',
      [key(ana, s3.id, other.discipline.id)]: '7.0',
      [key(bruno, s1.id, other.discipline.id)]: '10.0',
    });
  });

  it('refuses a student not enrolled in the team, and a stage or discipline outside its grid', async () => {
    const [s1] = math.stages;
    const answer = await call('POST', '/api/grades', { [key(outsider, s1.id, math.discipline.id)]: '7.0' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      [key(outsider, s1.id, math.discipline.id)]: ['Este aluno não está matriculado na turma Turma Médio 2026 A.'],
    });
    const offGrid = await call('POST', '/api/grades', { [key(ana, s1.id, 99999)]: '7.0' });
    expect(offGrid.body.errors).toEqual({
      [key(ana, s1.id, 99999)]: ['Esta etapa e disciplina não fazem parte da grade da turma Turma Médio 2026 A.'],
    });
    const noTeam = await call('POST', '/api/grades', { 'grade[1][1][1][999]': '7.0', 'grade[x][1][1][1]': '7.0' });
    expect(noTeam.body.errors).toEqual({
      'grade[1][1][1][999]': ['A turma desta nota não existe.'],
      'grade[x][1][1][1]': ['Esta célula não identifica aluno, etapa, disciplina e turma.'],
    });
  });

  it('never names a student outside the team, to a teacher or anyone (issue 34)', async () => {
    const { as } = await (await diaryOf({ server, token, call })).mathTeacher();
    const answer = await as('POST', '/api/grades', { [key(outsider, math.stages[0].id, math.discipline.id)]: '7.0' });
    expect(answer).toEqual({
      status: 422,
      body: {
        message: 'Este aluno não está matriculado na turma Turma Médio 2026 A.',
        errors: {
          [key(outsider, math.stages[0].id, math.discipline.id)]: [
            'Este aluno não está matriculado na turma Turma Médio 2026 A.',
          ],
        },
      },
    });
    expect(JSON.stringify(answer.body).toLowerCase()).not.toContain('carla');
  });

  it('refuses more cells than the sheet has, or many teams, quickly and with at most 50 errors', async () => {
    const started = Date.now();
    // 14,000 cells of team 1, whose sheet is 2 students × the stages and disciplines of its grid.
    const slots = math.stages.length + other.stages.length;
    const flood: Record<string, string> = {};
    for (let i = 0; i < 14_000; i++) flood[key(100_000 + i, math.stages[0].id, math.discipline.id)] = '7.0';
    const tooMany = await call('POST', '/api/grades', flood);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toMatch(
      /^A planilha da turma Turma Médio 2026 A tem \d+ notas \(alunos × disciplinas e etapas da grade\): vieram 14\.000\.$/,
    );
    expect(Number(/tem (\d+) notas/.exec(tooMany.body.message)![1])).toBeGreaterThanOrEqual(2 * slots);

    const teams: Record<string, string> = {};
    for (let team = 1; team <= 40; team++) teams[`grade[${ana}][1][1][${team}]`] = '7.0';
    expect((await call('POST', '/api/grades', teams)).body.errors).toEqual({
      grade: ['Envie as notas de uma turma de cada vez (no máximo 5): vieram notas de 40 turmas.'],
    });

    // Cells that name nothing: the first 50 listed, the rest counted.
    const garbage: Record<string, string> = {};
    for (let i = 0; i < 5_000; i++) garbage[`grade[x${i}][1][1][1]`] = '7.0';
    const refused = await call('POST', '/api/grades', garbage);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toHaveLength(50);
    expect(refused.body.message).toBe(
      'Esta célula não identifica aluno, etapa, disciplina e turma. (e mais 4.999 erros; só os 50 primeiros estão listados)',
    );
    // A guard against working through every cell of the bomb, not a performance figure (speed is the bench's): 20 s,
    // which a loaded machine's 3 s had missed.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await teamGrades()).toEqual({});
  });

  it("accepts the spec's multipart form", async () => {
    const [s1, s2] = other.stages;
    const form = new FormData();
    form.append(key(ana, s1.id, other.discipline.id), '9.5');
    form.append(key(bruno, s2.id, other.discipline.id), '4,0');
    const response = await fetch(`${server.url}/api/grades`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Notas salvas com sucesso!' });
    expect(await teamGrades()).toMatchObject({
      [key(ana, s1.id, other.discipline.id)]: '9.5',
      [key(bruno, s2.id, other.discipline.id)]: '4.0',
    });
  });

  it("answers a student's grades with discipline, stage and team", async () => {
    const [m1, m2] = math.stages;
    const saved = await call('POST', '/api/grades', {
      [key(ana, m1.id, math.discipline.id)]: '8.0',
      [key(ana, m2.id, math.discipline.id)]: '10.0',
      [key(ana, other.stages[0].id, other.discipline.id)]: '9.5',
    });
    expect(saved.status).toBe(200);
    // A plain list (the original server's answer), each grade as text with one decimal.
    const { body } = await call('GET', `/api/grades/${ana}/get-grade-by-student`);
    expect(Array.isArray(body)).toBe(true);
    expect(
      body.map(
        (g: { discipline: { name: string }; stage: { stage: number }; team: { name: string }; grade: string }) => [
          g.discipline.name,
          g.stage.stage,
          g.team.name,
          g.grade,
        ],
      ),
    ).toEqual([
      ['História', other.stages[0].stage, 'Turma Médio 2026 A', '9.5'],
      ['Matemática', math.stages[0].stage, 'Turma Médio 2026 A', '8.0'],
      ['Matemática', math.stages[1].stage, 'Turma Médio 2026 A', '10.0'],
    ]);
    expect((await call('GET', `/api/grades/${outsider}/get-grade-by-student`)).body).toEqual([]);
    expect((await call('GET', '/api/grades/99999/get-grade-by-student')).status).toBe(404);
  });
});

describeOnDatabases('grade entry when the database fails halfway', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // A grade of 3.3 makes the database itself refuse the insert, after the sheet's deletions ran.
    server = await startServer(dialect, {
      prepare: async (db) => {
        if (db.dialect === 'sqlite') {
          await sql`create trigger fail_33 before insert on grades when new.grade = 33 begin select raise(abort, 'falha simulada'); end`.execute(
            db.kysely,
          );
        } else {
          await sql`create function fail_33() returns trigger as $$ begin if new.grade = 33 then raise exception 'falha simulada'; end if; return new; end $$ language plpgsql`.execute(
            db.kysely,
          );
          await sql`create trigger fail_33 before insert on grades for each row execute function fail_33()`.execute(
            db.kysely,
          );
        }
      },
    });
    token = await server.session();
  });
  afterAll(() => server.close());

  it('writes nothing of the sheet, nor its audit entry', async () => {
    const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });
    const now = new Date().toISOString();
    const row = await server.db.kysely
      .insertInto('students' as never)
      .values({ name: 'Dora Lima', created_at: now, updated_at: now } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    const dora = Number((row as { id: number }).id);
    expect((await call('POST', '/api/teams/register-student', { student_id: dora, team_id: 1 })).status).toBe(201);
    const [math] = slotsOf((await call('GET', '/api/grids/1/get-full-grid')).body);
    const cell = (stage: number) => `grade[${dora}][${math.stages[stage].id}][${math.discipline.id}][1]`;
    expect((await call('POST', '/api/grades', { [cell(0)]: '7.0', [cell(1)]: '8.0' })).status).toBe(200);
    const before = (await call('GET', '/api/teams/1/grades')).body;
    expect(before).toHaveLength(2);
    const logged = async () =>
      (
        await server.db.kysely
          .selectFrom('audit_log' as never)
          .selectAll()
          .where('entity' as never, '=', 'grades' as never)
          .execute()
      ).length;
    expect(await logged()).toBe(1);

    // Empties one (a delete), and adds the 3.3 the database refuses.
    const failed = await call('POST', '/api/grades', { [cell(0)]: '', [cell(1)]: '8.0', [cell(2)]: '3.3' });
    expect(failed.status).toBe(500);
    expect((await call('GET', '/api/teams/1/grades')).body).toEqual(before);
    expect(await logged()).toBe(1);
  });
});
