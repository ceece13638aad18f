import { beforeAll, expect, it } from 'vitest';
import { isTeamClosed } from '../../server/results/closing';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * Closing a team at the end of the year (issue 38): from then on its grades, lessons, roll calls and results
 * answer 409 "A turma está encerrada.", an open make-up is over (EM RECUPERAÇÃO becomes REPROVADO), and only
 * Administração reopens it, with a reason, audited.
 */
// One team's end of year told in order (close, refused changes, reopen, a double close): not shuffled.
describeOnDatabases(
  'closing and reopening a team',
  (dialect) => {
    const shared = serverPerFile(dialect);
    const call = shared.call;
    let diary: Awaited<ReturnType<typeof diaryOf>>;
    let bruno: { registration: number; student: number };
    let lesson: number;

    const CLOSED = { message: 'A turma está encerrada.' };

    async function as(role: keyof typeof ROLE_IDS) {
      const email = `${role}.encerra@escola.com.br`;
      await call('POST', '/api/users', {
        name: `Pessoa ${role}`,
        email,
        password: 'senha-forte-1',
        role_id: ROLE_IDS[role],
      });
      const token = await shared.server.session(email);
      return (method: string, path: string, body?: unknown) => shared.server.request(method, path, { token, body });
    }

    const mathGrade = (grade: string) => ({
      grades: [
        {
          student_id: bruno.student,
          team_id: 1,
          discipline_id: diary.math.discipline.id,
          stage_id: diary.math.stages[0].id,
          grade,
        },
      ],
    });

    async function brunoMath() {
      const { body } = await call('GET', '/api/teams/1/results');
      const row = body.data.find((r: { registration_id: number }) => r.registration_id === bruno.registration);
      return {
        closed: body.closed,
        verdict: row.disciplines.find((d: { name: string }) => d.name === 'Matemática').verdict,
      };
    }

    beforeAll(async () => {
      diary = await diaryOf(shared);
      const settings = (await call('GET', '/api/school-settings')).body.data;
      const rules = {
        average_mode: 'arithmetic',
        makeup_rule: 'capped',
        failures_allowed: 0,
        dependencia_allowed: false,
      };
      expect(
        (await call('PUT', '/api/school-settings', { ...settings, average_grade: 6, results: rules })).status,
      ).toBe(200);
      const registration = await diary.enrol('Bruno Recuperação', daysAgo(60));
      const found = (await call('GET', '/api/teams/1/students')).body.registrations.find(
        (r: { id: number }) => r.id === registration,
      );
      bruno = { registration, student: Number(found.student.id) };
      const grades = diary.math.stages.map((stage) => ({
        student_id: bruno.student,
        team_id: 1,
        discipline_id: diary.math.discipline.id,
        stage_id: stage.id,
        grade: '5,0',
      }));
      expect((await call('POST', '/api/grades', { grades })).status).toBe(200);
      lesson = await diary.lesson({ date: daysAgo(2) });
    });

    it('lets only the office close it, and only Administração reopen it', async () => {
      const direcao = await as('direcao');
      const professor = await as('professor');
      const secretaria = await as('secretaria');
      expect((await direcao('POST', '/api/teams/1/close')).status).toBe(403);
      expect((await professor('POST', '/api/teams/1/close')).status).toBe(403);
      expect((await secretaria('POST', '/api/teams/1/reopen', { reason: 'Nota lançada errada.' })).status).toBe(403);
      expect((await call('POST', '/api/teams/999999/close')).status).toBe(404);
    });

    it('freezes grades, lessons, roll calls and results with 409, and ends the open make-up', async () => {
      expect(await brunoMath()).toEqual({ closed: false, verdict: 'EM RECUPERAÇÃO' });
      const closed = await call('POST', '/api/teams/1/close');
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.data).toMatchObject({
        closed_at: expect.any(String),
        closed_by: { name: expect.any(String) },
      });
      expect(await isTeamClosed(shared.server.db, 1)).toBe(true);
      expect(await brunoMath()).toEqual({ closed: true, verdict: 'REPROVADO' });
      expect((await call('POST', '/api/teams/1/close')).body).toMatchObject({ message: 'A turma já está encerrada.' });

      const refused = [
        await call('POST', '/api/grades', mathGrade('9,0')),
        await call('POST', '/api/lessons', diary.lessonBody({ date: daysAgo(1) })),
        await call('PUT', `/api/lessons/${lesson}`, diary.lessonBody({ date: daysAgo(2), content: 'Outra coisa' })),
        await call('PUT', `/api/lessons/${lesson}/attendance`, {
          attendance: [{ registration_id: bruno.registration, absences: 1 }],
        }),
        await call('DELETE', `/api/lessons/${lesson}`),
        await call('PUT', `/api/teams/1/results/${bruno.registration}`, {
          makeup: [{ discipline_id: diary.math.discipline.id, grade: '7,0' }],
        }),
      ];
      expect(refused.map((r) => [r.status, r.body])).toEqual(refused.map(() => [409, CLOSED]));
      // Nothing changed: the grade is still 5,0 and the lesson is still there.
      const grades = (await call('GET', '/api/teams/1/grades')).body;
      expect(
        grades
          .filter((g: { student_id: number }) => g.student_id === bruno.student)
          .map((g: { grade: number }) => g.grade),
      ).toEqual(diary.math.stages.map(() => '5.0'));
      expect((await call('GET', `/api/lessons/${lesson}/attendance`)).status).toBe(200);
    });

    it('reopens with a reason, audited, and takes changes again', async () => {
      const reasonless = await call('POST', '/api/teams/1/reopen', { reason: ' ' });
      expect(reasonless.status).toBe(422);
      expect(reasonless.body.errors.reason).toEqual(['Informe o motivo da reabertura (até 1000 caracteres).']);
      const reason = 'Recuperação de Bruno lançada fora do prazo, autorizada pela direção.';
      const reopened = await call('POST', '/api/teams/1/reopen', { reason });
      expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
      expect(reopened.body.data).toEqual({ closed_at: null, closed_by: null, reopen_reason: reason });
      expect((await call('POST', '/api/teams/1/reopen', { reason })).status).toBe(409);
      expect(await brunoMath()).toEqual({ closed: false, verdict: 'EM RECUPERAÇÃO' });
      const saved = await call('PUT', `/api/teams/1/results/${bruno.registration}`, {
        makeup: [{ discipline_id: diary.math.discipline.id, grade: '7,0' }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await brunoMath()).verdict).toBe('APROVADO APÓS RECUPERAÇÃO');
      expect((await call('POST', '/api/grades', mathGrade('5,0'))).status).toBe(200);

      const audits = await shared.server.db.kysely
        .selectFrom('audit_log' as never)
        .select('changes' as never)
        .where('entity' as never, '=', 'teams' as never)
        .where('entity_id' as never, '=', 1 as never)
        .execute();
      const changes = audits.map((a) => JSON.parse(String((a as { changes: string }).changes)));
      expect(changes.filter((c) => c.closed_at?.[1])).toHaveLength(1);
      expect(changes).toContainEqual(expect.objectContaining({ reopen_reason: [null, reason] }));
    });

    it('closes once when two offices close at the same time', async () => {
      const both = await Promise.all([call('POST', '/api/teams/1/close'), call('POST', '/api/teams/1/close')]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await call('POST', '/api/teams/1/reopen', { reason: 'Teste de encerramento simultâneo.' })).status).toBe(
        200,
      );
    });
  },
  { shuffle: false },
);
