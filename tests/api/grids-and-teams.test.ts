import { expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('grid rows, full grids and teams', (dialect) => {
  // A school of its own per test: what one test adds or breaks is not the next one's starting point.
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it('answers the rows of a grid by stage, with discipline and stage', async () => {
    const { status, body } = await call('GET', '/api/grids/get-grid-template/2');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data[0]).toMatchObject({
      grid_id: 2,
      workload: 40,
      stage: { stage: 1 },
      discipline: { name: 'Anatomia e Fisiologia Humana' },
    });
    expect((await call('GET', '/api/grids/get-grid-template/999')).status).toBe(404);
  });

  it('adds rows, refuses bad or duplicated ones with messages per row, and removes one', async () => {
    const bad = await call('POST', '/api/grid-templates', {
      rows: [
        { grid_id: 2, discipline_id: 10, stage_id: 1, workload: '0' },
        { grid_id: 2, discipline_id: 999, stage_id: 1, workload: 20 },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'rows.0.workload': ['A carga horária deve ser maior que zero.'],
    });
    const missing = await call('POST', '/api/grid-templates', {
      rows: [{ grid_id: 2, discipline_id: 999, stage_id: 1, workload: 20 }],
    });
    expect(missing.body.errors).toEqual({ 'rows.0.discipline_id': ['A disciplina selecionada não existe.'] });
    const duplicate = await call('POST', '/api/grid-templates', [
      { grid_id: 2, discipline_id: 7, stage_id: 1, workload: 10 },
    ]);
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ rows: ['Esta disciplina já está nesta etapa da grade.'] });
    expect((await call('POST', '/api/grid-templates', { rows: [] })).body.errors).toEqual({
      rows: ['Informe pelo menos uma linha da grade.'],
    });

    const added = await call('POST', '/api/grid-templates', {
      rows: [{ grid_id: 2, discipline_id: 10, stage_id: 2, workload: '30' }],
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Grade salva com sucesso!');
    const row = added.body.data.find((r: { discipline_id: number }) => r.discipline_id === 10);
    expect(row).toMatchObject({ course_id: 3, workload: 30 });

    const edited = await call('POST', '/api/grid-templates', {
      rows: [{ id: row.id, grid_id: 2, discipline_id: 10, stage_id: 2, workload: 45 }],
    });
    expect(edited.body.data.find((r: { id: number }) => r.id === row.id).workload).toBe(45);

    expect((await call('DELETE', `/api/grid-templates/${row.id}`)).body).toEqual({
      message: 'Linha removida da grade com sucesso!',
    });
    expect((await call('DELETE', `/api/grid-templates/${row.id}`)).status).toBe(404);
    expect((await call('GET', '/api/grids/get-grid-template/2')).body.data).toHaveLength(12);
    // The original contract's call removes every row of the grid it names, and no other grid's.
    expect((await call('GET', '/api/grids/remove-template-from-grid/2')).body).toEqual({
      message: 'Linhas da grade removidas com sucesso!',
    });
    expect((await call('GET', '/api/grids/get-grid-template/2')).body.data).toEqual([]);
    expect((await call('GET', '/api/grids/get-grid-template/1')).body.data).toHaveLength(18);
    expect((await call('GET', '/api/grids/remove-template-from-grid/999')).status).toBe(404);
  });

  it("answers a team's full grid grouped by discipline then stage", async () => {
    const { body } = await call('GET', '/api/grids/3/get-full-grid');
    expect(body.course_name).toBe('Técnico em Enfermagem');
    expect(body.stagesNumbers).toEqual([1, 2, 3, 4]);
    expect(body.total_stage).toBe(4);
    expect(body.total_workload).toBe(480);
    expect(body.grid_name).toEqual(expect.any(String));
    // The original server's shape: an object keyed by discipline name, one entry per stage number.
    expect(Object.keys(body.list)).toEqual([
      'Anatomia e Fisiologia Humana',
      'Farmacologia Aplicada',
      'Fundamentos de Enfermagem',
    ]);
    const anatomy = body.list['Anatomia e Fisiologia Humana'] as {
      stage_id: number;
      discipline_id: number;
      workload: number;
      stage: number;
    }[];
    expect(anatomy.map((s) => s.stage)).toEqual([1, 2, 3, 4]);
    expect(anatomy.reduce((sum, s) => sum + s.workload, 0)).toBe(160);
    expect(anatomy[0]).toMatchObject({
      stage_id: expect.any(Number),
      discipline_id: expect.any(Number),
      workload: expect.any(Number),
      stage_name: 'stage_1',
    });
    const one = await call('GET', '/api/grids/3/get-full-grid?discipline_id=8');
    expect(Object.keys(one.body.list)).toEqual(['Fundamentos de Enfermagem']);
    expect(
      one.body.list['Fundamentos de Enfermagem'].every((s: { discipline_id: number }) => s.discipline_id === 8),
    ).toBe(true);
    expect((await call('GET', '/api/grids/999/get-full-grid')).status).toBe(404);
  });

  it("answers a team's disciplines, students and grades, and enrols a student once", async () => {
    const disciplines = await call('GET', '/api/teams/1/disciplines');
    // A plain list of {id, discipline} (the name), as the original server answers it.
    expect(disciplines.body.map((d: { discipline: string }) => d.discipline)).toEqual([
      'Biologia',
      'Física',
      'Geografia',
      'História',
      'Língua Portuguesa',
      'Matemática',
    ]);
    expect(disciplines.body[0]).toMatchObject({ id: expect.any(Number), discipline: 'Biologia' });

    const now = new Date().toISOString();
    const student = await fresh.server.db.kysely
      .insertInto('students' as never)
      .values({ name: 'Ana Beatriz Conceição', created_at: now, updated_at: now } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    const studentId = Number((student as { id: number }).id);

    const enrolled = await call('POST', '/api/teams/register-student', { student_id: studentId, team_id: 1 });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.message).toBe('Aluno matriculado com sucesso!');
    const again = await call('POST', '/api/teams/register-student', { student_id: studentId, team_id: 1 });
    expect(again).toEqual({
      status: 422,
      body: {
        message: 'Este aluno já está matriculado nesta turma.',
        errors: { team_id: ['Este aluno já está matriculado nesta turma.'] },
      },
    });
    expect((await call('POST', '/api/teams/register-student', { student_id: 9999, team_id: 1 })).body.errors).toEqual({
      student_id: ['Aluno não encontrado.'],
    });

    const students = await call('GET', '/api/teams/1/students');
    expect(students.body).toMatchObject({
      name: 'Turma Médio 2026 A',
      start_date: '2026-02-02',
      end_date: '2026-12-18',
    });
    expect(students.body.registrations).toEqual([
      expect.objectContaining({ student: { id: studentId, name: 'Ana Beatriz Conceição' } }),
    ]);

    const teams = await call('GET', '/api/teams?search=turma%20medio%202026%20a');
    // Every word must match, in any order: "a" is in other teams' names too, so pick the team by its name.
    expect(teams.body.data.find((t: { name: string }) => t.name === 'Turma Médio 2026 A').registrations_count).toBe(1);
    expect(await call('DELETE', '/api/teams/1')).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar esta turma: está em uso por 1 matrícula.' },
    });

    expect((await call('GET', '/api/teams/1/grades')).body).toEqual([]);
    expect((await call('GET', '/api/teams/999/students')).status).toBe(404);
  });
});
