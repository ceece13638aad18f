import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

describeOnDatabases('dashboard indicators', (dialect) => {
  const fresh = serverPerTest(dialect);

  it('counts students and enrolments per month of the school (UTC−3), following inserts and deletes', async () => {
    const k = fresh.server.db.kysely;
    const ts = (iso: string) => (dialect === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`);
    const add = async (name: string, at: string) => {
      const { rows } = await sql<{ id: number }>`insert into students (name, created_at, updated_at) values (${name}, ${ts(at)}, ${ts(at)}) returning id`.execute(k);
      await sql`insert into registrations (student_id, team_id, created_at, updated_at) values (${rows[0].id}, 1, ${ts(at)}, ${ts(at)})`.execute(k);
      return rows[0].id;
    };
    // 02:00 UTC on 1 March is still 28 February at the school.
    await add('Aluno de Fevereiro', '2025-03-01T02:00:00.000Z');
    const march = await add('Aluno de Março', '2025-03-01T03:00:00.000Z');
    await add('Outro de Março', '2025-03-31T23:00:00.000Z');
    const perMonth = async (name: string) => (await fresh.call('GET', `/api/indicators/${name}`)).body;
    expect(await perMonth('number-students-per-month')).toEqual([
      { month: '2025-02', total_students: 1 },
      { month: '2025-03', total_students: 2 },
    ]);
    expect(await perMonth('number-registrations-per-month')).toEqual([
      { month: '2025-02', total_registrations: 1 },
      { month: '2025-03', total_registrations: 2 },
    ]);

    await sql`delete from registrations where student_id = ${march}`.execute(k);
    await sql`delete from students where id = ${march}`.execute(k);
    expect(await perMonth('number-students-per-month')).toEqual([
      { month: '2025-02', total_students: 1 },
      { month: '2025-03', total_students: 1 },
    ]);
    const teams = await perMonth('number-students-per-teams');
    const first = (await fresh.call('GET', '/api/teams/1')).body[0];
    expect(teams).toContainEqual({ name: first.name, total_students: 2 });
  });
});
