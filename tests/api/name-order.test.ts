import { beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, diaryOf } from './support/diary';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * Names in the order a Brazilian reads them (issue 35): accents and case do not move a name. In code-point order
 * (the PostgreSQL cluster's `C` collation, SQLite's binary one) "LÍVIA" came after "LUCAS" and "Álvaro" after "Zeca".
 */
const TYPED = [
  'LUCAS Pereira',
  'Zeca Alves',
  'LÍVIA Costa',
  'ana Souza',
  'Érica Lopes',
  'Álvaro Dias',
  'Ana Clara Reis',
];
const READ = [
  'Álvaro Dias',
  'Ana Clara Reis',
  'ana Souza',
  'Érica Lopes',
  'LÍVIA Costa',
  'LUCAS Pereira',
  'Zeca Alves',
];

describeOnDatabases('lists by name in pt-BR order', (dialect) => {
  const fresh = serverPerFile(dialect);
  let lesson: number;

  beforeAll(async () => {
    const diary = await diaryOf(fresh);
    for (const name of TYPED) await diary.enrol(name, daysAgo(30));
    lesson = await diary.lesson({ date: daysAgo(1) });
    for (const name of ['Úrsula Prado', 'Tiago Reis', 'Ícaro Nunes']) {
      const email = `${name.split(' ')[1].toLowerCase()}@escola.com.br`;
      const user = await fresh.call('POST', '/api/users', {
        name,
        email,
        password: 'senha-forte-1',
        role_id: ROLE_IDS.professor,
      });
      expect(user.status, JSON.stringify(user.body)).toBe(201);
      const assigned = await fresh.call('POST', '/api/teams/1/teachers', {
        user_id: user.body.data.id,
        discipline_id: diary.math.discipline.id,
      });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    }
  });

  it('calls the roll in pt-BR order: "LÍVIA" before "LUCAS"', async () => {
    const { status, body } = await fresh.call('GET', `/api/lessons/${lesson}/attendance`);
    expect(status).toBe(200);
    expect(body.attendance.map((a: { student: { name: string } }) => a.student.name)).toEqual(READ);
  });

  it("lists a team's students, and the students' list sorted by name, in the same order", async () => {
    const team = await fresh.call('GET', '/api/teams/1/students');
    expect(team.body.registrations.map((r: { student: { name: string } }) => r.student.name)).toEqual(READ);
    const asc = await fresh.call('GET', '/api/students?sortBy=name&perPage=50');
    expect(asc.body.data.map((s: { name: string }) => s.name)).toEqual(READ);
    const desc = await fresh.call('GET', '/api/students?sortBy=name&sortDesc=1&perPage=50');
    expect(desc.body.data.map((s: { name: string }) => s.name)).toEqual([...READ].reverse());
  });

  it("lists a team's teachers by name, accents ignored", async () => {
    const { body } = await fresh.call('GET', '/api/teams/1/teachers');
    expect(body.map((a: { user: { name: string } }) => a.user.name)).toEqual([
      'Ícaro Nunes',
      'Tiago Reis',
      'Úrsula Prado',
    ]);
  });
});

describe('the order itself', () => {
  it('is what Intl.Collator pt-BR gives for these names (the test above asserts a Brazilian reading)', () => {
    expect([...TYPED].sort(new Intl.Collator('pt-BR').compare)).toEqual(READ);
  });
});
