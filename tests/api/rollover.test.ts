import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/**
 * Next year (issue 38), through the API: next year's teams proposed from this year's and created, then the rollover
 * of two closed 2026 teams into them — a dry run that writes nothing, the run, a re-run and two runs at once that
 * enrol nobody twice, the new team's plan applied, leavers and a final series going nowhere. One discipline in one
 * stage, graded through the grades API, each team closed through the API.
 */
// Next year told in order (successors created, then the rollover into them): not shuffled.
describeOnDatabases(
  'next year: successor teams and the rollover',
  (dialect) => {
    const shared = serverPerFile(dialect);
    const call = shared.call;
    const ids: Record<string, number> = {};
    const student: Record<string, number> = {};
    let y2026: number, y2027: number;

    async function ok(method: string, path: string, body?: unknown, status = 201) {
      const answer = await call(method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      return answer.body;
    }

    /** A grid of one discipline in one stage (`next`: its "Grade seguinte"). */
    async function grid(name: string, next?: number) {
      const id = Number((await ok('POST', '/api/grids', { name, course_id: 1, next_grid_id: next ?? null })).data.id);
      await ok('POST', '/api/grid-templates', {
        rows: [{ grid_id: id, discipline_id: ids.discipline, stage_id: ids.stage, workload: 80 }],
      });
      return id;
    }

    /** A 2026 team of `gridId` with these students, each graded in the one discipline (closed by the caller). */
    async function gradedTeam(name: string, gridId: number, students: Record<string, string>) {
      const team = await ok('POST', '/api/teams', {
        name,
        start_date: '2026-02-02',
        end_date: '2026-12-18',
        polo_id: 1,
        grid_id: gridId,
        school_year_id: y2026,
      });
      const teamId = Number(team.data.id);
      const grades = [];
      for (const [who, grade] of Object.entries(students)) {
        student[who] = Number((await ok('POST', '/api/students', { name: who })).data.id);
        await ok('POST', '/api/teams/register-student', {
          student_id: student[who],
          team_id: teamId,
          enrolled_on: '2026-02-02',
        });
        grades.push({
          student_id: student[who],
          team_id: teamId,
          discipline_id: ids.discipline,
          stage_id: ids.stage,
          grade,
        });
      }
      await ok('POST', '/api/grades', { grades }, 200);
      return teamId;
    }

    const registrationsOf = (teamId: number) =>
      dynamic(shared.server.db)
        .selectFrom('registrations')
        .select(['student_id', 'enrolled_on'])
        .where('team_id', '=', teamId)
        .execute();

    beforeAll(async () => {
      const years = (await ok('GET', '/api/school-years?page=0', undefined, 200)).data as {
        id: number;
        year: number;
      }[];
      y2026 = years.find((y) => y.year === 2026)!.id;
      y2027 = years.find((y) => y.year === 2027)!.id;
      ids.discipline = Number((await ok('GET', '/api/disciplines?page=0', undefined, 200)).data[0].id);
      ids.stage = Number((await ok('GET', '/api/stages?page=0', undefined, 200)).data[0].id);
      ids.plan = Number(
        (
          await ok('POST', '/api/payment-plans', {
            name: 'Mensalidade 2027 — Fundamental II',
            service_type_id: 1,
            payment_type_id: 4,
            instalments: 3,
            value: '850,00',
            due_day: 10,
            first_month: '2027-02',
          })
        ).data.id,
      );
      ids.grid7 = await grid('7º ANO');
      ids.grid6 = await grid('6º ANO', ids.grid7);
      ids.grid9 = await grid('9º ANO');
      ids.sixth = await gradedTeam('6º ANO A 2026', ids.grid6, {
        'Ana Beatriz Souza': '8,0',
        'Bruno Henrique Lima': '2,0',
        'Caio Ferreira Alves': '7,0',
        'Daniela Rocha Pinto': '9,0',
      });
      ids.ninth = await gradedTeam('9º ANO Manhã', ids.grid9, { 'Eduarda Martins Costa': '7,5' });
      ids.open = await gradedTeam('8º ANO 2026 (aberta)', ids.grid9, { 'Fábio Nunes': '6,0' });
      // Caio left in November (the enrolment's exit day); Daniela's status says she left.
      const caio = (await registrationsOf(ids.sixth)).find(
        (r) => Number(r.student_id) === student['Caio Ferreira Alves'],
      );
      expect(caio).toBeDefined();
      await dynamic(shared.server.db)
        .updateTable('registrations')
        .set({ left_on: '2026-11-10' })
        .where('student_id', '=', student['Caio Ferreira Alves'])
        .execute();
      await ok('PUT', `/api/students/${student['Daniela Rocha Pinto']}/status`, { status: 'Evadido' }, 200);
      await ok('POST', `/api/teams/${ids.sixth}/close`, undefined, 200);
      await ok('POST', `/api/teams/${ids.ninth}/close`, undefined, 200);
    });

    it('proposes each team its successor, creates the confirmed ones once, and answers 422 per line', async () => {
      const proposed = await ok('GET', `/api/school-years/${y2026}/successors?to_year_id=${y2027}`, undefined, 200);
      const of = (teamId: number) =>
        proposed.data.find((s: { from_team: { id: number } }) => s.from_team.id === teamId);
      expect(of(ids.sixth)).toMatchObject({
        name: '6º ANO A 2027',
        grid: { id: ids.grid7, name: '7º ANO' },
        polo: { id: 1 },
        start_date: '2027-02-01',
        end_date: '2027-12-17',
        existing: null,
      });
      // No year in the name: appended; a final series keeps its grid.
      expect(of(ids.ninth)).toMatchObject({ name: '9º ANO Manhã 2027', grid: { id: ids.grid9 } });

      const bad = await call('POST', `/api/school-years/${y2026}/successors`, {
        to_year_id: y2027,
        teams: [{ from_team_id: ids.sixth, name: '', grid_id: 999999, polo_id: 1, start_date: '2027-02-01' }],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors['teams.0.name']).toEqual(['O campo Nome é obrigatório.']);
      expect(bad.body.errors['teams.0.end_date']).toEqual(['O campo Término deve ser uma data válida.']);

      const line = (s: (typeof proposed.data)[number], extra = {}) => ({
        from_team_id: s.from_team.id,
        name: s.name,
        grid_id: s.grid.id,
        polo_id: s.polo.id,
        start_date: s.start_date,
        end_date: s.end_date,
        payment_plan_id: null,
        ...extra,
      });
      const created = await ok('POST', `/api/school-years/${y2026}/successors`, {
        to_year_id: y2027,
        teams: [line(of(ids.sixth), { payment_plan_id: ids.plan }), line(of(ids.ninth))],
      });
      expect(created.message).toBe('2 turmas criadas com sucesso!');
      ids.seventh = created.data[0].id;
      ids.tenth = created.data[1].id;
      const team = (await ok('GET', `/api/teams/${ids.seventh}`, undefined, 200))[0];
      expect(team).toMatchObject({ name: '6º ANO A 2027', grid_id: ids.grid7, payment_plan_id: ids.plan });
      expect(team.school_year_id).toBe(y2027);

      const again = await ok('GET', `/api/school-years/${y2026}/successors?to_year_id=${y2027}`, undefined, 200);
      expect(again.data.find((s: { from_team: { id: number } }) => s.from_team.id === ids.sixth).existing).toEqual({
        id: ids.seventh,
        name: '6º ANO A 2027',
      });
      const twice = await call('POST', `/api/school-years/${y2026}/successors`, {
        to_year_id: y2027,
        teams: [line(of(ids.sixth))],
      });
      expect(twice.status).toBe(422);
      expect(twice.body.errors['teams.0.from_team_id']).toEqual(['Esta turma já tem sucessora no ano seguinte.']);
      // The retained 6º ano students stay in the series: a second 6º ano team in 2027.
      ids.sixth2027 = Number(
        (
          await ok('POST', '/api/teams', {
            name: '6º ANO A 2027',
            start_date: '2027-02-01',
            end_date: '2027-12-17',
            polo_id: 1,
            grid_id: ids.grid6,
            school_year_id: y2027,
          })
        ).data.id,
      );
    });

    const lines = () => [
      { from_team_id: ids.sixth, promoted_team_id: ids.seventh, retained_team_id: ids.sixth2027 },
      { from_team_id: ids.ninth, promoted_team_id: null, retained_team_id: ids.tenth },
    ];

    it('refuses in Portuguese an open team, a team of another year, and a closed target year', async () => {
      const open = await call('POST', `/api/school-years/${y2026}/rollover`, {
        to_year_id: y2027,
        teams: [{ from_team_id: ids.open, promoted_team_id: ids.seventh, retained_team_id: null }],
        dry_run: true,
      });
      expect(open.status).toBe(422);
      expect(open.body.errors['teams.0.from_team_id']).toEqual([
        'A turma 8º ANO 2026 (aberta) não está encerrada: encerre o resultado final antes.',
      ]);
      const crossed = await call('POST', `/api/school-years/${y2026}/rollover`, {
        to_year_id: y2027,
        teams: [{ from_team_id: ids.seventh, promoted_team_id: ids.sixth, retained_team_id: null }],
        dry_run: true,
      });
      expect(crossed.status).toBe(422);
      expect(crossed.body.errors['teams.0.from_team_id']).toEqual(['A turma de origem não é do ano letivo 2026.']);
      expect(crossed.body.errors['teams.0.promoted_team_id']).toEqual(['A turma de destino não é do ano letivo 2027.']);
      const closedYear = await ok('POST', '/api/school-years', {
        year: 2031,
        start_date: '2031-02-03',
        end_date: '2031-12-12',
        status: 'closed',
      });
      const closed = await call('POST', `/api/school-years/${y2026}/rollover`, {
        to_year_id: closedYear.data.id,
        teams: lines(),
      });
      expect(closed.status).toBe(422);
      expect(closed.body.errors.to_year_id).toEqual(['O ano letivo 2031 está encerrado: reabra-o antes.']);
    });

    it('answers the dry run per student — promovido, retido, saiu, concluinte — and writes nothing', async () => {
      const dry = await ok(
        'POST',
        `/api/school-years/${y2026}/rollover`,
        { to_year_id: y2027, teams: lines(), apply_plans: true, dry_run: true },
        200,
      );
      const row = (name: string) => dry.data.find((r: { student: { name: string } }) => r.student.name === name);
      expect(row('Ana Beatriz Souza')).toMatchObject({
        outcome: 'promovido',
        from_team: { id: ids.sixth, name: '6º ANO A 2026' },
        to_team: { id: ids.seventh, name: '6º ANO A 2027' },
        already_enrolled: false,
      });
      expect(row('Bruno Henrique Lima')).toMatchObject({ outcome: 'retido', to_team: { id: ids.sixth2027 } });
      expect(row('Caio Ferreira Alves')).toMatchObject({ outcome: 'saiu', to_team: null });
      expect(row('Daniela Rocha Pinto')).toMatchObject({ outcome: 'saiu', to_team: null });
      expect(row('Eduarda Martins Costa')).toMatchObject({ outcome: 'concluinte', to_team: null });
      expect(dry.totals).toMatchObject({ promovido: 1, retido: 1, saiu: 2, concluinte: 1, to_enrol: 2, enrolled: 0 });
      expect(await registrationsOf(ids.seventh)).toEqual([]);
      expect(await registrationsOf(ids.sixth2027)).toEqual([]);
    });

    it('enrols once, dated the new year, with the plan, under two runs at once and a re-run', async () => {
      const body = { to_year_id: y2027, teams: lines(), apply_plans: true, dry_run: false };
      const runs = await Promise.all([
        call('POST', `/api/school-years/${y2026}/rollover`, body),
        call('POST', `/api/school-years/${y2026}/rollover`, body),
      ]);
      for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(runs.map((r) => r.body.totals.enrolled).sort()).toEqual([0, 2]);
      expect(runs.find((r) => r.body.totals.enrolled === 2)!.body.message).toBe(
        'Rematrícula concluída: 2 alunos matriculados em 2027.',
      );
      const rerun = await ok('POST', `/api/school-years/${y2026}/rollover`, body, 200);
      expect(rerun.totals).toMatchObject({ enrolled: 0, already_enrolled: 2, charges: 0 });

      const seventh = await registrationsOf(ids.seventh);
      expect(seventh.map((r) => [Number(r.student_id), r.enrolled_on])).toEqual([
        [student['Ana Beatriz Souza'], '2027-02-01'],
      ]);
      const retained = await registrationsOf(ids.sixth2027);
      expect(retained.map((r) => Number(r.student_id))).toEqual([student['Bruno Henrique Lima']]);
      expect(await registrationsOf(ids.tenth)).toEqual([]);
      // Leavers enrolled nowhere in 2027.
      const elsewhere = await dynamic(shared.server.db)
        .selectFrom('registrations')
        .select('team_id')
        .where('student_id', 'in', [student['Caio Ferreira Alves'], student['Daniela Rocha Pinto']])
        .execute();
      expect(elsewhere.map((r) => Number(r.team_id))).toEqual([ids.sixth, ids.sixth]);
      // The plan of 6º ANO A 2027 (3 instalments) on Ana's new enrolment only: Bruno's team has none.
      const charges = await dynamic(shared.server.db)
        .selectFrom('financials as f')
        .innerJoin('registrations as r', 'r.id', 'f.registration_id')
        .select(['r.student_id', 'f.value_cents', 'f.due_date'])
        .where('r.team_id', 'in', [ids.seventh, ids.sixth2027])
        .orderBy('f.due_date')
        .execute();
      expect(charges.map((c) => [Number(c.student_id), Number(c.value_cents), c.due_date])).toEqual([
        [student['Ana Beatriz Souza'], 85000, '2027-02-10'],
        [student['Ana Beatriz Souza'], 85000, '2027-03-10'],
        [student['Ana Beatriz Souza'], 85000, '2027-04-10'],
      ]);
      const audited = await dynamic(shared.server.db)
        .selectFrom('audit_log')
        .select('changes')
        .where('entity', '=', 'school_years')
        .where('entity_id', '=', y2027)
        .execute();
      expect(audited.map((a) => JSON.parse(String(a.changes)).enrolled).sort()).toEqual([0, 0, 2]);
    });
  },
  { shuffle: false },
);
