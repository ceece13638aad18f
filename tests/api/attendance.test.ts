import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

interface Row {
  registration_id: number;
  student: { name: string };
  periods: number;
  absences: number;
  justified: number;
  frequency: number | null;
}

describeOnDatabases('attendance of the class diary', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it('calls the roll of the students enrolled on the day, present by default, and saves absences', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const ana = await enrol('Ana Beatriz');
    const bruno = await enrol('Bruno Araújo');
    const late = await enrol('Carla Chegou Depois', daysAgo(0));
    const left = await enrol('Davi Saiu');
    await dynamic(fresh.server.db)
      .updateTable('students')
      .set({ status: 'Inativo' })
      .where('name', '=', 'Davi Saiu')
      .execute();
    const id = await lesson({ date: daysAgo(1), periods: 3 });

    const roll = await call('GET', `/api/lessons/${id}/attendance`);
    expect(roll.status).toBe(200);
    expect(roll.body.lesson).toMatchObject({ id, periods: 3, date: daysAgo(1) });
    // Carla was enrolled after the lesson and Davi is no longer active: neither is on the roll.
    expect(roll.body.attendance).toEqual([
      {
        registration_id: ana,
        number: String(ana).padStart(6, '0'),
        student: { id: expect.any(Number), name: 'Ana Beatriz', has_photo: false },
        absences: 0,
        justified: false,
        reason: null,
      },
      expect.objectContaining({ registration_id: bruno, absences: 0 }),
    ]);

    const saved = await call('PUT', `/api/lessons/${id}/attendance`, {
      attendance: [
        { registration_id: ana, absences: 3, justified: true, reason: 'Atestado médico' },
        { registration_id: bruno, absences: 1, justified: false, reason: null },
      ],
    });
    expect(saved).toEqual({ status: 200, body: { message: 'Chamada salva com sucesso!' } });
    const after = (await call('GET', `/api/lessons/${id}/attendance`)).body.attendance;
    expect(after.map((a: Row & { reason: string | null }) => [a.absences, a.justified, a.reason])).toEqual([
      [3, true, 'Atestado médico'],
      [1, false, null],
    ]);

    // Saved again: the roll call is replaced (Bruno was there after all).
    await call('PUT', `/api/lessons/${id}/attendance`, { attendance: [{ registration_id: ana, absences: 2 }] });
    const again = (await call('GET', `/api/lessons/${id}/attendance`)).body.attendance;
    expect(again.map((a: Row) => a.absences)).toEqual([2, 0]);

    // A fifth enrolment: the list may have as many entries as the team has enrolments.
    await enrol('Eva Presente');
    const refused = await call('PUT', `/api/lessons/${id}/attendance`, {
      attendance: [
        { registration_id: ana, absences: 4 },
        { registration_id: late, absences: 1 },
        { registration_id: left, absences: 1 },
        { registration_id: 999999, absences: 1 },
        { registration_id: bruno, absences: -1 },
      ],
    });
    expect(refused.status).toBe(422);
    const notOnRoll = ['Este aluno não está na chamada desta turma nesta data.'];
    expect(refused.body.errors).toEqual({
      'attendance.0.absences': ['As faltas devem ser um número inteiro de 0 a 3.'],
      'attendance.1.registration_id': notOnRoll,
      'attendance.2.registration_id': notOnRoll,
      'attendance.3.registration_id': notOnRoll,
      'attendance.4.absences': ['As faltas devem ser um número inteiro de 0 a 3.'],
    });
    expect((await call('PUT', `/api/lessons/${id}/attendance`, {})).status).toBe(422);
    // Nothing of the refused call was kept.
    expect((await call('GET', `/api/lessons/${id}/attendance`)).body.attendance[0].absences).toBe(2);

    // Fewer periods than an absence recorded: the roll call is corrected first.
    const fewer = await call('PUT', `/api/lessons/${id}`, { ...roll.body.lesson, periods: 1 });
    expect(fewer.status).toBe(422);
    expect(fewer.body.errors.periods[0]).toMatch(/^Há aluno com 2 faltas nesta aula/);
  });

  it('saves 25 identical roll calls sent at once: every one answered 200, one row per absent student', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const marked: { registration_id: number; absences: number }[] = [];
    for (const name of ['Ana Beatriz', 'Bruno Araújo', 'Carla Dias', 'Davi Souza'])
      marked.push({ registration_id: await enrol(name), absences: 1 });
    const id = await lesson({ periods: 2 });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call('PUT', `/api/lessons/${id}/attendance`, { attendance: marked })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
    const rows = await dynamic(fresh.server.db)
      .selectFrom('attendance')
      .select('registration_id')
      .where('lesson_id', '=', id)
      .execute();
    expect(rows.map((r) => Number(r.registration_id)).sort()).toEqual(marked.map((m) => m.registration_id).sort());
  });

  it('refuses a roll call longer than the team at once, in a short answer', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const ana = await enrol('Ana Beatriz');
    const id = await lesson();
    const started = Date.now();
    // 100,000 short entries fit the 1 MB a body may have (the probe's 100,000-element roll call took 3 s).
    const huge = await call('PUT', `/api/lessons/${id}/attendance`, { attendance: Array(100_000).fill(ana) });
    expect(huge).toEqual({
      status: 422,
      body: {
        message: 'A chamada desta turma tem no máximo 1 aluno: foram enviados 100.000.',
        errors: { attendance: ['A chamada desta turma tem no máximo 1 aluno: foram enviados 100.000.'] },
      },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('totals periods, absences and frequency per enrolment, with justified absences excused or counted', async () => {
    const { math, history, enrol, lesson } = await diaryOf(fresh);
    const ana = await enrol('Ana Beatriz');
    const bruno = await enrol('Bruno Araújo');
    const late = await enrol('Carla Chegou Depois', daysAgo(2));
    const first = await lesson({ date: daysAgo(3), periods: 2 });
    const second = await lesson({ date: daysAgo(2), periods: 3 });
    const other = await lesson({ discipline_id: history.discipline.id, stage_id: history.stages[0].id, periods: 1 });
    const mark = (id: number, attendance: unknown[]) => call('PUT', `/api/lessons/${id}/attendance`, { attendance });
    expect(
      (await mark(first, [{ registration_id: ana, absences: 2, justified: true, reason: 'Atestado' }])).status,
    ).toBe(200);
    await mark(second, [
      { registration_id: ana, absences: 1 },
      { registration_id: late, absences: 1 },
    ]);
    await mark(other, [{ registration_id: bruno, absences: 1 }]);

    const totals = async (query: string) => {
      const { status, body } = await call('GET', `/api/teams/1/attendance${query}`);
      expect(status).toBe(200);
      return Object.fromEntries(
        (body.data as Row[]).map((r) => [r.student.name, [r.periods, r.absences, r.justified, r.frequency]]),
      );
    };
    const mathOnly = `?discipline_id=${math.discipline.id}`;
    // Ana: 3 absences in 5 periods, 2 justified and excused: 1 − 1/5. Carla: only the lesson after her enrolment,
    // 1 absence in 3 periods: 66.7 (rounded once, at the end).
    expect(await totals(mathOnly)).toEqual({
      'Ana Beatriz': [5, 3, 2, 80],
      'Bruno Araújo': [5, 0, 0, 100],
      'Carla Chegou Depois': [3, 1, 0, 66.7],
    });
    expect((await totals(''))['Bruno Araújo']).toEqual([6, 1, 0, 83.3]);

    // The school counts justified absences: Ana's frequency is 1 − 3/5.
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const changed = await call('PUT', '/api/school-settings', { ...settings, justified_absences_count: true });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ justified_absences_count: true, minimum_attendance: 75 });
    expect((await totals(mathOnly))['Ana Beatriz']).toEqual([5, 3, 2, 40]);

    // A stage without lessons: no period given, no frequency (not a division by zero).
    expect(await totals(`${mathOnly}&stage_id=${math.stages[1].id}`)).toEqual({
      'Ana Beatriz': [0, 0, 0, null],
      'Bruno Araújo': [0, 0, 0, null],
      'Carla Chegou Depois': [0, 0, 0, null],
    });
    expect((await call('GET', '/api/teams/1/attendance?stage_id=abc')).status).toBe(422);

    // One student's attendance, per team and discipline.
    const student = (await call('GET', '/api/teams/1/students')).body.registrations.find(
      (r: { id: number }) => r.id === ana,
    ).student.id;
    const own = await call('GET', `/api/students/${student}/attendance`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([
      expect.objectContaining({
        registration_id: ana,
        team: { id: 1, name: expect.any(String) },
        discipline: { id: history.discipline.id, name: 'História' },
        periods: 1,
        absences: 0,
        frequency: 100,
      }),
      expect.objectContaining({
        discipline: { id: math.discipline.id, name: 'Matemática' },
        periods: 5,
        absences: 3,
        justified: 2,
        frequency: 40,
      }),
    ]);
    // With the school's minimum, so that a screen marks what fails without asking the settings.
    expect(own.body.minimum_attendance).toBe(75);
  });

  it('answers a team without lessons with null frequencies, and refuses bad minimum attendance', async () => {
    const { enrol } = await diaryOf(fresh);
    await enrol('Ana Beatriz');
    const { body } = await call('GET', '/api/teams/1/attendance');
    expect(body.data).toEqual([
      {
        registration_id: expect.any(Number),
        number: expect.any(String),
        student: { id: expect.any(Number), name: 'Ana Beatriz' },
        periods: 0,
        absences: 0,
        justified: 0,
        frequency: null,
      },
    ]);
    const settings = (await call('GET', '/api/school-settings')).body.data;
    expect(settings).toMatchObject({ minimum_attendance: 75, justified_absences_count: false });
    const bad = await call('PUT', '/api/school-settings', { ...settings, minimum_attendance: 101 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      minimum_attendance: ['A frequência mínima deve ser um número inteiro de 0 a 100.'],
    });
    const ok = await call('PUT', '/api/school-settings', { ...settings, minimum_attendance: 70 });
    expect(ok.body.data.minimum_attendance).toBe(70);
    // A client that does not send them (the settings screen before issue 25's) leaves them as they are.
    const { minimum_attendance: _m, justified_absences_count: _j, ...older } = settings;
    const kept = await call('PUT', '/api/school-settings', older);
    expect(kept.body.data).toMatchObject({ minimum_attendance: 70, justified_absences_count: false });
  });

  it("lets a professor call the roll only in the disciplines they teach, and see only their teams' totals", async () => {
    const { history, enrol, lesson, mathTeacher } = await diaryOf(fresh);
    const ana = await enrol('Ana Beatriz');
    const { as } = await mathTeacher();
    const own = await lesson();
    const notTaught = await lesson({ discipline_id: history.discipline.id, stage_id: history.stages[0].id });
    const attendance = [{ registration_id: ana, absences: 1 }];
    expect((await as('PUT', `/api/lessons/${own}/attendance`, { attendance })).status).toBe(200);
    expect(await as('PUT', `/api/lessons/${notTaught}/attendance`, { attendance })).toEqual({
      status: 403,
      body: { message: 'Você não tem permissão para registrar aulas desta disciplina.' },
    });
    // Reading the roll of their team's other discipline is allowed (the team is theirs).
    expect((await as('GET', `/api/lessons/${notTaught}/attendance`)).status).toBe(200);
    expect((await as('GET', '/api/teams/1/attendance')).body.data[0]).toMatchObject({ periods: 4, absences: 1 });
    expect((await as('GET', '/api/teams/2/attendance')).status).toBe(404);
  });
});
