import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

const NOT_FOUND = { status: 404, body: { message: 'Aluno não encontrado.' } };

describeOnDatabases('family portal: report card, attendance and photo of its students', (dialect) => {
  // A server per test: the lessons of one test would count in another's frequencies (all use team 1).
  const fresh = serverPerTest(dialect);
  const { call } = fresh;

  /** A student enrolled in team 1, with a guardian signed in to the portal: the student's id and the token. */
  async function familyOf(name: string, email: string) {
    const diary = await diaryOf(fresh);
    const registration = await diary.enrol(name);
    const row = await dynamic(fresh.server.db)
      .selectFrom('registrations')
      .select('student_id')
      .where('id', '=', registration)
      .executeTakeFirstOrThrow();
    const student = Number(row.student_id);
    const guardian = (await call('POST', '/api/guardians', { name: `Mãe de ${name}`, email })).body.data.id as number;
    await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    return { diary, registration, student, token: await portalSession(fresh.server, guardian, email) };
  }

  it('answers the report card as the school publishes it: grades by stage, average, absences, result', async () => {
    const { diary, registration, student, token } = await familyOf('Lia Boletim', 'lia@exemplo.com');
    const { math } = diary;
    const grade = (stage: number, value: string) => ({
      student_id: student,
      team_id: 1,
      discipline_id: math.discipline.id,
      stage_id: math.stages[stage - 1].id,
      grade: value,
    });
    expect((await call('POST', '/api/grades', { grades: [grade(1, '7,5'), grade(2, '5,0')] })).status).toBe(200);
    const lesson = await diary.lesson({ date: daysAgo(2) });
    await call('PUT', `/api/lessons/${lesson}/attendance`, {
      attendance: [{ registration_id: registration, absences: 1, justified: false, reason: null }],
    });

    // Grades are the family's once the office publishes their stage: nothing of stage 1 before.
    const before = await fresh.server.request('GET', `/api/portal/students/${student}/report-card`, { token });
    expect(before.body.disciplines.find((d: { name: string }) => d.name === 'Matemática')).toMatchObject({
      grades: [null, null, null],
      average: null,
    });
    expect(before.body.stages.map((s: { published: boolean }) => s.published)).toEqual([false, false, false]);
    for (const stage of [0, 1])
      expect(
        (await call('POST', '/api/teams/1/grade-publications', { stage_id: math.stages[stage].id, confirm: true }))
          .status,
      ).toBe(201);

    const card = await fresh.server.request('GET', `/api/portal/students/${student}/report-card`, { token });
    expect(card.status).toBe(200);
    const team = (await call('GET', '/api/teams/1')).body[0];
    expect(card.body).toMatchObject({
      student: { id: student, name: 'Lia Boletim' },
      team: { id: 1, name: team.name, year: Number(String(team.start_date).slice(0, 4)) },
      stages: [
        { id: math.stages[0].id, name: '1ª etapa', published: true },
        { id: math.stages[1].id, name: '2ª etapa', published: true },
        { id: math.stages[2].id, name: '3ª etapa', published: false },
      ],
      minimum_attendance: 75,
    });
    // The school's passing average (6,0 in the test school), as a number.
    expect(card.body.minimum_average).toBe(6);
    const row = card.body.disciplines.find((d: { name: string }) => d.name === 'Matemática');
    expect(row).toEqual({
      id: math.discipline.id,
      name: 'Matemática',
      grades: [7.5, 5, null],
      average: 6.3,
      absences: 1,
      frequency: 50,
      result: 'EM CURSO',
    });
    const history = card.body.disciplines.find((d: { name: string }) => d.name === 'História');
    expect(history).toMatchObject({ grades: [null, null, null], average: null, frequency: null, result: '' });
  });

  it("opens the report card on the current school year's enrolment, and another year's when asked", async () => {
    const { student, token } = await familyOf('Rui Dois Anos', 'rui@exemplo.com');
    const team = async (name: string, start_date: string, end_date: string) => {
      const created = await call('POST', '/api/teams', { name, start_date, end_date, polo_id: 1, grid_id: 1 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(
        (await call('POST', '/api/registrations', { student_id: student, team_id: created.body.data.id })).status,
      ).toBe(201);
      return created.body.data as { id: number; school_year_id: number };
    };
    // The current year's team (whatever the date), then a 2024 one: the latest enrolment, but not the current year's.
    const current = (await call('GET', '/api/school-years/current')).body.data[0];
    const now = await team(`Turma Atual ${current.year}`, current.start_date, current.end_date);
    const old = await team('Turma Antiga 2024', '2024-02-05', '2024-12-13');
    const card = (query = '') =>
      fresh.server.request('GET', `/api/portal/students/${student}/report-card${query}`, { token });

    const opened = await card();
    expect(opened.status).toBe(200);
    expect(opened.body.team).toMatchObject({ id: now.id, name: `Turma Atual ${current.year}` });
    expect(opened.body.school_year_id).toBe(now.school_year_id);
    expect(opened.body.years.map((y: { year: number }) => y.year)).toEqual(
      expect.arrayContaining([current.year, 2024]),
    );
    const before = await card(`?school_year_id=${old.school_year_id}`);
    expect(before.body.team).toMatchObject({ id: old.id, name: 'Turma Antiga 2024', year: 2024 });
    expect((await card('?school_year_id=ontem')).body.errors).toEqual({
      school_year_id: ['Selecione um ano letivo válido.'],
    });
  });

  it("answers the attendance as the office's own page does", async () => {
    const { diary, registration, student, token } = await familyOf('Rui Frequente', 'rui@exemplo.com');
    const lesson = await diary.lesson();
    await call('PUT', `/api/lessons/${lesson}/attendance`, {
      attendance: [{ registration_id: registration, absences: 2, justified: true, reason: 'Atestado' }],
    });
    const portal = await fresh.server.request('GET', `/api/portal/students/${student}/attendance`, { token });
    const office = await call('GET', `/api/students/${student}/attendance`);
    expect(portal).toEqual(office);
    expect(portal.body.data).toHaveLength(1);
    expect(portal.body.data[0]).toMatchObject({ discipline: { name: 'Matemática' }, absences: 2, justified: 2 });
  });

  it('answers the photo, and 404 for any student that is not one of the account’s', async () => {
    const { student, token } = await familyOf('Téo Foto', 'teo@exemplo.com');
    const other = await familyOf('Outra Família', 'outra@exemplo.com');
    const get = (path: string) => fresh.server.request('GET', path, { token });
    expect(await get(`/api/portal/students/${student}/photo`)).toEqual({
      status: 404,
      body: { message: 'Este aluno não tem foto.' },
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const key = await fresh.server.storage.put('photos', 'png', png);
    await dynamic(fresh.server.db).updateTable('students').set({ image: key }).where('id', '=', student).execute();
    const photo = await fetch(`${fresh.server.url}/api/portal/students/${student}/photo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);
    const me = (await get('/api/portal/me')).body;
    expect(me.students[0]).toMatchObject({ id: student, photo_url: `/api/portal/students/${student}/photo` });
    expect(me.students[0].team).toMatchObject({ id: 1 });
    expect(me.students[0].registration_number).toMatch(/^\d+$/);

    for (const id of [other.student, 999999, 'abc'])
      for (const page of ['photo', 'report-card', 'attendance'])
        expect(await get(`/api/portal/students/${id}/${page}`), `${id} ${page}`).toEqual(NOT_FOUND);
  });
});
