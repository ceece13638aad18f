import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { slotsOf, type Slot } from '../support/full-grid';
import { diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/**
 * Publishing a stage with grades missing (issue 35): the office is told how many, and where, before the families
 * see a stage half empty; the API asks for `confirm`, as the completion report does.
 */
describeOnDatabases('publishing a stage with grades missing', (dialect) => {
  const fresh = serverPerFile(dialect);
  let grid: Slot[];

  beforeAll(async () => {
    const diary = await diaryOf(fresh);
    grid = slotsOf((await fresh.call('GET', '/api/grids/1/get-full-grid')).body);
    const ids: number[] = [];
    for (const name of ['Ana Completa', 'Bruno Sem História', 'Carla Só Matemática', 'Davi Evadido']) {
      const registration = await diary.enrol(name);
      const row = await dynamic(fresh.server.db)
        .selectFrom('registrations')
        .select('student_id')
        .where('id', '=', registration)
        .executeTakeFirstOrThrow();
      ids.push(Number(row.student_id));
    }
    const [ana, bruno, carla, davi] = ids;
    // A student who left is not waited for.
    await dynamic(fresh.server.db).updateTable('students').set({ status: 'Evadido' }).where('id', '=', davi).execute();
    const cell = (student: number, slot: Slot, stage: number) => ({
      student_id: student,
      stage_id: slot.stages[stage].id,
      discipline_id: slot.discipline.id,
      team_id: 1,
      grade: '7,5',
    });
    const grades = [
      ...grid.map((slot) => cell(ana, slot, 0)),
      ...grid.filter((s) => s.discipline.name !== 'História').map((slot) => cell(bruno, slot, 0)),
      ...grid.filter((s) => s.discipline.name === 'Matemática').map((slot) => cell(carla, slot, 0)),
      // The third stage complete for the three still in class.
      ...[ana, bruno, carla].flatMap((student) => grid.map((slot) => cell(student, slot, 2))),
    ];
    const saved = await fresh.call('POST', '/api/grades', { grades });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  const stages = async () =>
    (await fresh.call('GET', '/api/teams/1/grade-publications')).body.data as {
      stage_id: number;
      published_at: string | null;
      expected_grades: number;
      missing_grades: number;
      students_missing: number;
    }[];

  it('lists with each stage how many of its grades are missing', async () => {
    expect(grid).toHaveLength(6);
    const [first, second, third] = await stages();
    // Published or not (tests run shuffled on this server), a stage counts what is missing the same way.
    expect(first).toMatchObject({ expected_grades: 18, missing_grades: 6, students_missing: 2 });
    expect(second).toMatchObject({ expected_grades: 18, missing_grades: 18, students_missing: 3 });
    expect(third).toMatchObject({ expected_grades: 18, missing_grades: 0, students_missing: 0 });
  });

  it('says how many are missing, and where, instead of publishing; publishes once confirmed', async () => {
    const [first] = await stages();
    const asked = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: first.stage_id });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ confirm: true, missing_grades: 6, expected_grades: 18, students_missing: 2 });
    expect(asked.body.message).toBe(
      'Faltam 6 notas de 18 em 1ª etapa (2 alunos sem todas as notas; Biologia: 1, Física: 1, Geografia: 1, ' +
        'História: 2, Língua Portuguesa: 1). As famílias verão no portal só as notas já lançadas. Publicar mesmo assim?',
    );
    expect((await stages())[0].published_at).toBeNull();

    const refused = await fresh.call('POST', '/api/teams/1/grade-publications', {
      stage_id: first.stage_id,
      confirm: 'sim',
    });
    expect(refused.status).toBe(422);
    expect((await stages())[0].published_at).toBeNull();

    const confirmed = await fresh.call('POST', '/api/teams/1/grade-publications', {
      stage_id: first.stage_id,
      confirm: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.data).toMatchObject({ stage_id: first.stage_id, missing_grades: 6 });
    expect((await stages())[0].published_at).not.toBeNull();
    // Asked again once published: already published, not a question about grades.
    const again = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: first.stage_id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'As notas desta etapa já foram publicadas para esta turma.' });
  });

  it('publishes a complete stage at once, without asking', async () => {
    const third = (await stages())[2];
    const published = await fresh.call('POST', '/api/teams/1/grade-publications', { stage_id: third.stage_id });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
  });
});
