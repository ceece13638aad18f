import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { slotsOf } from '../support/full-grid';
import { isFutureDay } from '../../server/lessons/service';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

it("takes the school's calendar day: 23:30 in São Paulo is still today, not tomorrow in UTC", () => {
  // 02:30 UTC on 2 March is 23:30 on 1 March in São Paulo.
  const night = new Date('2026-03-02T02:30:00Z');
  expect(isFutureDay('2026-03-01', night)).toBe(false);
  expect(isFutureDay('2026-03-02', night)).toBe(true);
});

describeOnDatabases('lessons of the class diary', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it("records, lists, edits and removes a team's lessons", async () => {
    const { math, history, enrol, lesson } = await diaryOf(fresh);
    const first = await lesson({ date: daysAgo(3), content: 'Frações' });
    const second = await lesson({ date: daysAgo(1), periods: 3, content: 'Decimais' });
    await lesson({ discipline_id: history.discipline.id, stage_id: history.stages[0].id, content: 'Brasil Colônia' });

    const list = await call('GET', `/api/teams/1/lessons?discipline_id=${math.discipline.id}`);
    expect(list.status).toBe(200);
    // Newest first, only Matemática.
    expect(list.body.data.map((l: { content: string }) => l.content)).toEqual(['Decimais', 'Frações']);
    expect(list.body.data[0]).toEqual({
      id: second,
      team_id: 1,
      discipline_id: math.discipline.id,
      stage_id: math.stages[0].id,
      date: daysAgo(1),
      periods: 3,
      content: 'Decimais',
      created_by: expect.any(Number),
    });
    const otherStage = await call('GET', `/api/teams/1/lessons?stage_id=${math.stages[1].id}`);
    expect(otherStage.body.data).toEqual([]);
    expect((await call('GET', '/api/teams/1/lessons')).body.data).toHaveLength(3);

    const edited = await call('PUT', `/api/lessons/${first}`, {
      team_id: 1,
      discipline_id: math.discipline.id,
      stage_id: math.stages[0].id,
      date: daysAgo(2),
      periods: 1,
      content: 'Frações próprias',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Aula salva com sucesso!');
    expect(edited.body.data).toMatchObject({ date: daysAgo(2), periods: 1, content: 'Frações próprias' });

    const team2 = slotsOf((await call('GET', '/api/grids/2/get-full-grid')).body)[0];
    const moved = await call('PUT', `/api/lessons/${first}`, {
      ...edited.body.data,
      team_id: 2,
      discipline_id: team2.discipline.id,
      stage_id: team2.stages[0].id,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({
      team_id: ['A turma de uma aula não muda: exclua esta aula e registre-a na outra turma.'],
    });

    // A lesson with its roll call called: both go.
    const enrolled = await enrol('Ana Beatriz');
    const marked = await call('PUT', `/api/lessons/${first}/attendance`, {
      attendance: [{ registration_id: enrolled, absences: 1 }],
    });
    expect(marked.status).toBe(200);
    expect(await call('DELETE', `/api/lessons/${first}`)).toEqual({
      status: 200,
      body: { message: 'Aula excluída com sucesso!' },
    });
    expect((await call('DELETE', `/api/lessons/${first}`)).status).toBe(404);
    expect((await call('GET', '/api/teams/1/lessons')).body.data).toHaveLength(2);
    expect(await dynamic(fresh.server.db).selectFrom('attendance').selectAll().execute()).toEqual([]);
  });

  it('refuses a lesson without content, periods out of 1–6, a future date or a discipline outside the grid', async () => {
    const { math } = await diaryOf(fresh);
    const base = {
      team_id: 1,
      discipline_id: math.discipline.id,
      stage_id: math.stages[0].id,
      date: daysAgo(0),
      periods: 2,
      content: 'Frações',
    };
    const post = (body: unknown) => call('POST', '/api/lessons', body);
    // Today is a lesson's day.
    expect((await post(base)).status).toBe(201);

    const empty = await post({ ...base, content: '   ' });
    expect(empty).toMatchObject({ status: 422, body: { message: 'Informe o conteúdo ministrado.' } });
    for (const periods of [0, 7, 1.5, '2'])
      expect((await post({ ...base, periods })).body.errors).toEqual({
        periods: ['Informe o número de aulas: um número inteiro de 1 a 6.'],
      });
    const tomorrow = await post({ ...base, date: daysAgo(-1) });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.body.errors).toEqual({ date: ['A data da aula não pode ser futura.'] });
    expect((await post({ ...base, date: '31/02/2026' })).body.errors).toEqual({
      date: ['Informe a data da aula (dd/mm/aaaa).'],
    });
    const outside = await post({ ...base, stage_id: 999 });
    expect(outside.body.errors).toEqual({
      discipline_id: ['Esta disciplina não faz parte da grade da turma nesta etapa.'],
    });
    expect((await post({ ...base, team_id: 999 })).body.errors).toEqual({ team_id: ['Turma não encontrada.'] });
    expect((await call('GET', '/api/teams/1/lessons')).body.data).toHaveLength(1);
  });

  it('lets a professor record lessons only in the teams and disciplines they teach', async () => {
    const { math, history, lesson, mathTeacher } = await diaryOf(fresh);
    const { as, userId } = await mathTeacher();
    const base = {
      team_id: 1,
      discipline_id: math.discipline.id,
      stage_id: math.stages[0].id,
      date: daysAgo(1),
      periods: 1,
      content: 'Porcentagem',
    };

    const own = await as('POST', '/api/lessons', base);
    expect(own.status).toBe(201);
    expect(own.body.data.created_by).toBe(userId);
    const untaught = await as('POST', '/api/lessons', {
      ...base,
      discipline_id: history.discipline.id,
      stage_id: history.stages[0].id,
    });
    expect(untaught).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para registrar aulas desta disciplina.' },
    });
    expect((await as('POST', '/api/lessons', { ...base, team_id: 2 })).status).toBe(404);

    // The office's lessons: of History in their team (403 to change), of another team (not found).
    const historyLesson = await lesson({ discipline_id: history.discipline.id, stage_id: history.stages[0].id });
    expect((await as('PUT', `/api/lessons/${historyLesson}`, base)).status).toBe(403);
    expect((await as('DELETE', `/api/lessons/${historyLesson}`)).status).toBe(403);
    const team2 = (await call('GET', '/api/grids/2/get-full-grid')).body;
    const [discipline] = Object.values(team2.list as Record<string, { stage_id?: number; discipline_id?: number }[]>);
    const slot = discipline.find((e) => e.stage_id !== undefined)!;
    const elsewhere = await lesson({ team_id: 2, discipline_id: slot.discipline_id, stage_id: slot.stage_id });
    for (const [method, path] of [
      ['PUT', `/api/lessons/${elsewhere}`],
      ['DELETE', `/api/lessons/${elsewhere}`],
      ['GET', `/api/lessons/${elsewhere}/attendance`],
      ['PUT', `/api/lessons/${elsewhere}/attendance`],
      ['GET', '/api/teams/2/lessons'],
    ])
      expect((await as(method, path, method === 'PUT' ? base : undefined)).body).toEqual({
        message: path.includes('teams') ? 'Turma não encontrada.' : 'Aula não encontrada.',
      });
    // Their own team's list shows every lesson of it.
    expect((await as('GET', '/api/teams/1/lessons')).body.data).toHaveLength(2);
  });
});
