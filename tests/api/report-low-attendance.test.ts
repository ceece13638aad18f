import { expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { slotsOf } from '../support/full-grid';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases, ROLE_IDS } from './support/server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describeOnDatabases('students with low attendance: the report and the dashboard card', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  /**
   * Matemática: lessons of 2, 1 and 3 periods; Ana misses 3 of 6 (50 %), Bruno 5 justified (100 % while
   * justified absences do not count), Carla, enrolled after the first two, 1 of 3 (66,7 %). História: one
   * lesson, Ana absent (0 %). Davi, no longer active, missed everything and is left out.
   */
  async function school() {
    const diary = await diaryOf(fresh);
    const ana = await diary.enrol('Ana Beatriz');
    const bruno = await diary.enrol('Bruno Araújo');
    const carla = await diary.enrol('Carla Chegou Depois', daysAgo(5));
    const davi = await diary.enrol('Davi Saiu');
    const first = await diary.lesson({ date: daysAgo(10), periods: 2 });
    const second = await diary.lesson({ date: daysAgo(8), periods: 1 });
    const third = await diary.lesson({ date: daysAgo(3), periods: 3 });
    const history = await diary.lesson({
      discipline_id: diary.history.discipline.id,
      stage_id: diary.history.stages[0].id,
      date: daysAgo(4),
      periods: 1,
      content: 'Revolução Francesa',
    });
    const mark = async (lesson: number, attendance: unknown[]) =>
      expect((await call('PUT', `/api/lessons/${lesson}/attendance`, { attendance })).status).toBe(200);
    const sick = { justified: true, reason: 'Atestado médico' };
    await mark(first, [
      { registration_id: ana, absences: 2 },
      { registration_id: bruno, absences: 1, ...sick },
      { registration_id: davi, absences: 2 },
    ]);
    await mark(second, [
      { registration_id: ana, absences: 1 },
      { registration_id: bruno, absences: 1, ...sick },
    ]);
    await mark(third, [
      { registration_id: bruno, absences: 3, ...sick },
      { registration_id: carla, absences: 1 },
    ]);
    await mark(history, [{ registration_id: ana, absences: 1 }]);
    const k = dynamic(fresh.server.db);
    await k.updateTable('students').set({ status: 'Inativo' }).where('name', '=', 'Davi Saiu').execute();
    await k
      .updateTable('students')
      .set({ name_mother: 'Maria Beatriz', phone: '91988887777', email: 'maria@familia.com.br' })
      .where('name', '=', 'Ana Beatriz')
      .execute();
    return { ana, carla, diary };
  }

  const body = async (path: string, token = fresh.token) => {
    const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe(XLSX);
    const rows = sheetRows((await readWorkbook(Buffer.from(await response.arrayBuffer()))).worksheets[0]);
    const header = rows.findIndex((r) => r[0] === 'TURMA');
    return { rows, header: rows[header], body: rows.slice(header + 1).map((r) => Array.from(r, (v) => v ?? '')) };
  };

  it('lists every active student under 75 % by team and discipline, with the family contacts', async () => {
    const { ana, carla } = await school();
    const file = await download(fresh, '/api/exports/low-attendance');
    expect(file.status).toBe(200);
    expect(savedName(file.disposition)).toBe('alunos_com_baixa_frequencia.xlsx');
    const { rows, header, body: lines } = await body('/api/exports/low-attendance');
    expect(rows[1][0]).toBe('ALUNOS COM BAIXA FREQUÊNCIA');
    expect(rows[2][0]).toBe('Turma: todas');
    expect(rows[3][0]).toBe('Frequência abaixo de: 75%    Frequência mínima da escola: 75%');
    expect(header).toEqual([
      'TURMA',
      'DISCIPLINA',
      'MATRÍCULA',
      'ALUNO',
      'AULAS DADAS',
      'FALTAS',
      'JUSTIFICADAS',
      'FREQUÊNCIA',
      'RESPONSÁVEL (MÃE)',
      'TELEFONE',
      'E-MAIL',
    ]);
    const team = 'Turma Médio 2026 A';
    const number = (id: number) => String(id).padStart(6, '0');
    const family = ['Maria Beatriz', '(91) 98888-7777', 'maria@familia.com.br'];
    expect(lines).toEqual([
      [team, 'História', number(ana), 'ANA BEATRIZ', 1, 1, 0, '0,0%', ...family],
      [team, 'Matemática', number(ana), 'ANA BEATRIZ', 6, 3, 0, '50,0%', ...family],
      // Nothing recorded for Carla's family: the row ends there.
      [team, 'Matemática', number(carla), 'CARLA CHEGOU DEPOIS', 3, 1, 0, '66,7%'],
    ]);

    // A lower threshold, one team; justified absences counted: Bruno (1 of 6 periods present) joins.
    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', '/api/school-settings', { ...settings, justified_absences_count: true });
    const lower = await body('/api/exports/low-attendance?team_id=1&frequency=60');
    expect(lower.rows[2][0]).toBe('Turma: Turma Médio 2026 A');
    expect(lower.body.map((r) => [r[1], r[3], r[7]])).toEqual([
      ['História', 'ANA BEATRIZ', '0,0%'],
      ['Matemática', 'ANA BEATRIZ', '50,0%'],
      ['Matemática', 'BRUNO ARAÚJO', '16,7%'],
    ]);

    const wrong = await download(fresh, '/api/exports/low-attendance?frequency=101');
    expect(wrong.status).toBe(422);
    expect(wrong.json?.errors?.frequency).toEqual(['O campo Frequência abaixo de (%) deve ser no máximo 100.']);
    expect((await download(fresh, '/api/exports/low-attendance?team_id=999999')).status).toBe(404);
  });

  it('leaves the contact columns out for a role that may not see personal data', async () => {
    await school();
    const role = await call('POST', '/api/roles', { name: 'Coordenação', permissions: ['reports.general'] });
    const email = 'coord@escola.com.br';
    await call('POST', '/api/users', { name: 'Coord', email, password: 'senha-forte-1', role_id: role.body.data.id });
    const token = await fresh.server.login(email, 'senha-forte-1');
    const { header, body: lines } = await body('/api/exports/low-attendance', token);
    expect(header).toEqual([
      'TURMA',
      'DISCIPLINA',
      'MATRÍCULA',
      'ALUNO',
      'AULAS DADAS',
      'FALTAS',
      'JUSTIFICADAS',
      'FREQUÊNCIA',
    ]);
    expect(lines.map((r) => r.length)).toEqual([8, 8, 8]);
    expect(JSON.stringify(lines)).not.toContain('Maria');
  });

  it('answers the card’s students as a list for the screen, without the family contacts, a teacher’s own only', async () => {
    const { ana, carla, diary } = await school();
    const list = await call('GET', '/api/indicators/low-attendance/students');
    expect(list.status).toBe(200);
    expect(list.body.minimum).toBe(75);
    const team = 'Turma Médio 2026 A';
    expect(
      list.body.data.map((r: Record<string, unknown>) => [
        r.team,
        r.discipline,
        r.registration_id,
        (r.student as { name: string }).name,
        r.periods,
        r.absences,
        r.frequency,
      ]),
    ).toEqual([
      [team, 'História', ana, 'Ana Beatriz', 1, 1, 0],
      [team, 'Matemática', ana, 'Ana Beatriz', 6, 3, 50],
      [team, 'Matemática', carla, 'Carla Chegou Depois', 3, 1, 66.7],
    ]);
    // The file gives the family's contacts to those who may see them; the screen shows none.
    expect(JSON.stringify(list.body)).not.toContain('Maria Beatriz');
    // The school's minimum, as the card counts.
    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', '/api/school-settings', { ...settings, minimum_attendance: 60 });
    const lower = await call('GET', '/api/indicators/low-attendance/students');
    expect(lower.body.minimum).toBe(60);
    expect(lower.body.data.map((r: { student: { name: string } }) => r.student.name)).toEqual([
      'Ana Beatriz',
      'Ana Beatriz',
    ]);

    const { as } = await diary.mathTeacher();
    expect((await as('GET', '/api/indicators/low-attendance/students')).status).toBe(403);
  });

  it('counts the students under the minimum on the dashboard, a teacher given the report seeing only their teams', async () => {
    const { diary } = await school();
    expect((await call('GET', '/api/indicators/low-attendance')).body).toEqual({ count: 2, minimum: 75 });
    const settings = (await call('GET', '/api/school-settings')).body.data;
    await call('PUT', '/api/school-settings', { ...settings, minimum_attendance: 60 });
    expect((await call('GET', '/api/indicators/low-attendance')).body).toEqual({ count: 1, minimum: 60 });

    // Eva, in another team, misses its one lesson: the office counts her, a teacher of team 1 does not.
    const other = (await call('GET', '/api/teams')).body.data.find((t: { id: number }) => t.id !== 1);
    const eva = (await call('POST', '/api/students', { name: 'Eva Outra Turma' })).body.data.id;
    expect((await call('POST', '/api/teams/register-student', { student_id: eva, team_id: other.id })).status).toBe(
      201,
    );
    const k = dynamic(fresh.server.db);
    const registration = await k
      .selectFrom('registrations')
      .select('id')
      .where('student_id', '=', eva)
      .executeTakeFirst();
    const slot = slotsOf((await call('GET', `/api/grids/${other.id}/get-full-grid`)).body)[0];
    const given = await call('POST', '/api/lessons', {
      team_id: other.id,
      discipline_id: slot.discipline.id,
      stage_id: slot.stages[0].id,
      date: daysAgo(0),
      periods: 1,
      content: 'Aula da outra turma',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const attendance = [{ registration_id: Number(registration!.id), absences: 1 }];
    expect((await call('PUT', `/api/lessons/${given.body.data.id}/attendance`, { attendance })).status).toBe(200);
    expect((await call('GET', '/api/indicators/low-attendance')).body).toEqual({ count: 2, minimum: 60 });

    const { as } = await diary.mathTeacher();
    // A professor has no report by default.
    expect((await as('GET', '/api/indicators/low-attendance')).status).toBe(403);
    expect((await as('GET', '/api/exports/low-attendance')).status).toBe(403);
    const perms = ['students.read', 'teams.read', 'grades.write', 'master.read', 'reports.general'];
    expect((await call('PUT', `/api/roles/${ROLE_IDS.professor}`, { permissions: perms })).status).toBe(200);
    expect((await as('GET', '/api/indicators/low-attendance')).body).toEqual({ count: 1, minimum: 60 });
    const outside = await as('GET', `/api/exports/low-attendance?team_id=${other.id}`);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('Turma não encontrada.');
    // The class diary too: their team's, not another's.
    expect((await as('GET', `/api/exports/class-diary?team_id=${other.id}`)).status).toBe(404);
    const paula = await fresh.server.login('paula@escola.com.br', 'senha-forte-1');
    const own = await body('/api/exports/low-attendance', paula);
    expect(own.body.map((r) => r[3])).toEqual(['ANA BEATRIZ', 'ANA BEATRIZ', 'CARLA CHEGOU DEPOIS']);
    // The office's list has Eva.
    expect((await body('/api/exports/low-attendance?frequency=60')).body.map((r) => r[3])).toContain('EVA OUTRA TURMA');
  });
});
