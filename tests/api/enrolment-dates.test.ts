import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dynamic, openDb, type Db } from '../../server/db/connection';
import { migrateToLatest, migrateUpTo } from '../../server/db/migrator';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, freshSchema } from './support/server';

const today = () => daysAgo(0);
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const tomorrow = () => daysAgo(-1);

describeOnDatabases('enrolment dates (issue 37)', (dialect) => {
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  async function student(name: string): Promise<number> {
    const created = await call('POST', '/api/students', { name });
    expect(created.status).toBe(201);
    return Number(created.body.data.id);
  }

  it('enrols today by default or on an earlier day typed dd/mm/aaaa, never a future one; GET and PUT change it', async () => {
    const ana = await student('Ana Beatriz Moraes');
    const made = await call('POST', '/api/registrations', { student_id: ana, team_id: 1 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ enrolled_on: today(), left_on: null });
    const id = Number(made.body.data.id);

    const read = await call('GET', `/api/registrations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data[0]).toMatchObject({ id, enrolled_on: today(), left_on: null, team: { id: 1 } });

    const earlier = await call('PUT', `/api/registrations/${id}`, { enrolled_on: br(daysAgo(40)) });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(200);
    expect(earlier.body).toMatchObject({
      message: 'Matrícula atualizada com sucesso!',
      data: { enrolled_on: daysAgo(40), left_on: null },
    });
    // The student's record (MATRÍCULAS tab) shows it too.
    const record = (await call('GET', `/api/students/${ana}`)).body[0];
    expect(record.registrations[0]).toMatchObject({ id, enrolled_on: daysAgo(40), left_on: null });

    const future = await call('PUT', `/api/registrations/${id}`, { enrolled_on: tomorrow() });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ enrolled_on: ['O campo Data da matrícula não pode ser uma data futura.'] });
    const backwards = await call('PUT', `/api/registrations/${id}`, { left_on: daysAgo(41) });
    expect(backwards.body.errors).toEqual({
      left_on: ['O campo Data de saída não pode ser anterior ao campo Data da matrícula.'],
    });
    const bad = await call('PUT', `/api/registrations/${id}`, { enrolled_on: '31/02/2026', left_on: 'amanhã' });
    expect(bad.body.errors).toEqual({
      enrolled_on: ['O campo Data da matrícula deve ser uma data válida.'],
      left_on: ['O campo Data de saída deve ser uma data válida.'],
    });
    expect((await call('PUT', `/api/registrations/${id}`, { enrolled_on: '' })).body.errors).toEqual({
      enrolled_on: ['O campo Data da matrícula é obrigatório.'],
    });
    // Nothing of the refused writes was kept; the change was audited.
    expect((await call('GET', `/api/registrations/${id}`)).body.data[0].enrolled_on).toBe(daysAgo(40));
    const audited = await dynamic(fresh.server.db)
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'registrations')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.action, JSON.parse(String(a.changes))])).toEqual([
      ['create', expect.objectContaining({ enrolled_on: today(), left_on: null })],
      ['update', { enrolled_on: [today(), daysAgo(40)] }],
    ]);

    // A create with a future day is refused whole, in Portuguese; with a typed earlier day it is kept.
    const bruno = await student('Bruno Araújo');
    const refused = await call('POST', '/api/teams/register-student', {
      student_id: bruno,
      team_id: 1,
      enrolled_on: br(tomorrow()),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ enrolled_on: ['O campo Data da matrícula não pode ser uma data futura.'] });
    const typed = await call('POST', '/api/registrations', {
      student_id: bruno,
      team_id: 1,
      enrolled_on: '10/03/2025',
    });
    expect(typed.body.data).toMatchObject({ enrolled_on: '2025-03-10', left_on: null });

    expect((await call('GET', '/api/registrations/999999')).status).toBe(404);
    expect((await call('PUT', '/api/registrations/999999', { enrolled_on: today() })).status).toBe(404);
  });

  it('puts on the roll call a lesson given before the typed enrolment day, not one before it; left_on stops it', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const carla = await enrol('Carla Chegou Depois', today());
    const given = await lesson({ date: daysAgo(10), periods: 2 });
    const before = await lesson({ date: daysAgo(30), periods: 2 });
    const onRoll = async (lessonId: number) =>
      ((await call('GET', `/api/lessons/${lessonId}/attendance`)).body.attendance as { registration_id: number }[]).map(
        (a) => a.registration_id,
      );
    // Enrolled today (the day it was typed): the lesson of ten days ago is not hers yet.
    expect(await onRoll(given)).not.toContain(carla);

    // The office types the real day, 20 days ago: the lesson is recorded later with her; the older one is not hers.
    expect((await call('PUT', `/api/registrations/${carla}`, { enrolled_on: daysAgo(20) })).status).toBe(200);
    expect(await onRoll(given)).toContain(carla);
    expect(await onRoll(before)).not.toContain(carla);
    const saved = await call('PUT', `/api/lessons/${given}/attendance`, {
      attendance: [{ registration_id: carla, absences: 1 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = await call('PUT', `/api/lessons/${before}/attendance`, {
      attendance: [{ registration_id: carla, absences: 1 }],
    });
    expect(refused.body.errors).toEqual({
      'attendance.0.registration_id': ['Este aluno não está na chamada desta turma nesta data.'],
    });
    const totals = async () =>
      ((await call('GET', '/api/teams/1/attendance')).body.data as { registration_id: number }[]).find(
        (r) => r.registration_id === carla,
      );
    // Counted from her day: the lesson of ten days ago (2 periods, 1 missed), not the one of thirty.
    expect(await totals()).toMatchObject({ periods: 2, absences: 1, frequency: 50 });

    // She left 15 days ago: the lesson of ten days ago is no longer hers, in the roll call and in the totals.
    const left = await call('PUT', `/api/registrations/${carla}`, { left_on: daysAgo(15) });
    expect(left.body.data).toMatchObject({ enrolled_on: daysAgo(20), left_on: daysAgo(15) });
    expect(await onRoll(given)).not.toContain(carla);
    expect(await totals()).toMatchObject({ periods: 0, absences: 0, frequency: null });
    // A lesson within her days is recorded for her (on the day she left, too).
    const within = await lesson({ date: daysAgo(15), periods: 1 });
    expect(await onRoll(within)).toContain(carla);
    // The exit day is cleared: she counts again.
    expect((await call('PUT', `/api/registrations/${carla}`, { left_on: null })).body.data.left_on).toBeNull();
    expect(await onRoll(given)).toContain(carla);
  });

  it('closes the open enrolments on the day a student leaves (Evadido), not on a pause (Trancado)', async () => {
    const { enrol, lesson } = await diaryOf(fresh);
    const davi = await enrol('Davi Saiu', daysAgo(30));
    const eva = await enrol('Eva Trancou', daysAgo(30));
    const studentOf = async (registration: number) =>
      Number((await call('GET', `/api/registrations/${registration}`)).body.data[0].student.id);
    expect((await call('PUT', `/api/students/${await studentOf(davi)}/status`, { status: 'Evadido' })).status).toBe(
      200,
    );
    expect((await call('PUT', `/api/students/${await studentOf(eva)}/status`, { status: 'Trancado' })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/registrations/${davi}`)).body.data[0].left_on).toBe(today());
    expect((await call('GET', `/api/registrations/${eva}`)).body.data[0].left_on).toBeNull();
    // Davi's past lessons are still his to record (he left today); Eva is off the roll calls while paused.
    const past = await lesson({ date: daysAgo(5) });
    const roll = (
      (await call('GET', `/api/lessons/${past}/attendance`)).body.attendance as { registration_id: number }[]
    ).map((a) => a.registration_id);
    expect(roll).toContain(davi);
    expect(roll).not.toContain(eva);
    // The office moves his exit day; leaving again later keeps the day the office typed.
    await call('PUT', `/api/registrations/${davi}`, { left_on: daysAgo(10) });
    await call('PUT', `/api/students/${await studentOf(davi)}/status`, { status: 'Ativo' });
    await call('PUT', `/api/students/${await studentOf(davi)}/status`, { status: 'Concluído' });
    expect((await call('GET', `/api/registrations/${davi}`)).body.data[0].left_on).toBe(daysAgo(10));
  });
});

describeOnDatabases('enrolment dates migration', (dialect) => {
  it('fills enrolled_on with the school day of created_at, and a row written without it gets that day', async () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    if (dialect === 'postgres') {
      const { url, schema, drop } = await freshSchema();
      db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
      cleanup = drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-enrolled-'));
      db = openDb({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    try {
      await migrateUpTo(db, '0041_push_staff');
      const k = dynamic(db);
      const now = new Date().toISOString();
      const s = await k
        .insertInto('students')
        .values({ name: 'Aluno Antigo', status: 'Ativo', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const teamId = await teamOn(k);
      // 02:30 UTC on 1 March is still 28 February in São Paulo.
      await k
        .insertInto('registrations')
        .values({ student_id: s.id, team_id: teamId, created_at: '2026-03-01T02:30:00.000Z', updated_at: now })
        .execute();
      await migrateToLatest(db);
      const rows = await k.selectFrom('registrations').select(['enrolled_on', 'left_on']).execute();
      expect(rows).toEqual([{ enrolled_on: '2026-02-28', left_on: null }]);

      const other = await k
        .insertInto('students')
        .values({ name: 'Aluno Novo', status: 'Ativo', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('registrations')
        .values({ student_id: other.id, team_id: teamId, created_at: '2026-04-10T15:00:00.000Z', updated_at: now })
        .execute();
      const written = await k
        .selectFrom('registrations')
        .select('enrolled_on')
        .where('student_id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(written.enrolled_on).toBe('2026-04-10');
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});

/** A team with the master data it needs, on an empty migrated database. */
async function teamOn(k: ReturnType<typeof dynamic>): Promise<number> {
  const now = new Date().toISOString();
  const stamp = { created_at: now, updated_at: now };
  const insert = async (table: string, values: Record<string, unknown>) =>
    Number(
      (
        await k
          .insertInto(table)
          .values({ ...values, ...stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const polo = await insert('polos', { name: 'Sede', city: 'Belém', uf: 'PA' });
  const grid = await insert('grids', { name: 'Grade' });
  return insert('teams', {
    name: 'Turma A',
    start_date: '2026-02-01',
    end_date: '2026-12-15',
    polo_id: polo,
    grid_id: grid,
  });
}
