import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic, openDb } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { seedDemoSchool } from '../../server/seed/demo';
import { serverPerFile, type PerTest } from './support/per-test';
import { ADMIN, describeOnDatabases, ROLE_IDS } from './support/server';

let seq = 0;
/** A student of this test alone (CPF left empty: uniqueness is not what these tests are about). */
async function newStudent(call: PerTest['call'], name = `Aluno ${++seq} Matrícula`): Promise<number> {
  const created = await call('POST', '/api/students', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as number;
}

describeOnDatabases('registrations (enrolments)', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const auditOf = (id: number) =>
    dynamic(shared.server.db)
      .selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'registrations')
      .where('entity_id', '=', id)
      .execute();

  it('enrols through both paths of the contract with the same number, audit and refusal of a second time', async () => {
    for (const [route, message] of [
      ['/api/registrations', 'Matrícula realizada com sucesso!'],
      ['/api/teams/register-student', 'Aluno matriculado com sucesso!'],
    ]) {
      const student = await newStudent(call);
      const created = await call('POST', route, { student_id: student, team_id: 1 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.message).toBe(message);
      const id = created.body.data.id as number;
      expect(created.body.data).toEqual({
        id,
        student_id: student,
        team_id: 1,
        number: String(id).padStart(6, '0'),
        enrolled_on: schoolDayOf(),
        left_on: null,
      });
      expect(await auditOf(id)).toEqual([{ action: 'create', user_id: expect.any(Number) }]);
      for (const again of ['/api/registrations', '/api/teams/register-student']) {
        const twice = await call('POST', again, { student_id: student, team_id: 1 });
        expect(twice.status).toBe(422);
        expect(twice.body.errors).toEqual({ team_id: ['Este aluno já está matriculado nesta turma.'] });
      }
    }
  });

  it('answers 422 naming the missing student or team, never a database error', async () => {
    const student = await newStudent(call);
    for (const route of ['/api/registrations', '/api/teams/register-student']) {
      expect((await call('POST', route, { student_id: student, team_id: 99999 })).body).toMatchObject({
        errors: { team_id: ['Turma não encontrada.'] },
      });
      expect((await call('POST', route, { student_id: 99999, team_id: 1 })).body).toMatchObject({
        errors: { student_id: ['Aluno não encontrado.'] },
      });
    }
    const count = await dynamic(shared.server.db)
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('gives every student of a list page and every student record its registrations {id, team, student, user}', async () => {
    const student = await newStudent(call, 'Registrada Listagem Única');
    const first = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    const second = (await call('POST', '/api/registrations', { student_id: student, team_id: 3 })).body.data.id;
    const teamName = async (id: number) => (await call('GET', `/api/teams/${id}`)).body[0].name as string;
    const expected = [
      expect.objectContaining({
        id: first,
        number: String(first).padStart(6, '0'),
        team: { id: 1, name: await teamName(1) },
        student: { id: student, name: 'Registrada Listagem Única' },
        user: { name: 'Administrador' },
      }),
      expect.objectContaining({
        id: second,
        team: { id: 3, name: await teamName(3) },
        student: { id: student, name: 'Registrada Listagem Única' },
      }),
    ];
    const list = await call('GET', `/api/students?search=${encodeURIComponent('Registrada Listagem')}`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].registrations).toEqual(expected);
    expect((await call('GET', `/api/students/${student}`)).body[0].registrations).toEqual(expected);
    // A student without enrolments carries an empty list, not nothing.
    const bare = await newStudent(call, 'Sem Matrícula Nenhuma');
    expect(
      (await call('GET', `/api/students?search=${encodeURIComponent('Sem Matrícula Nenhuma')}`)).body.data[0]
        .registrations,
    ).toEqual([]);
    expect((await call('GET', `/api/students/${bare}`)).body[0].registrations).toEqual([]);
    // All rows at once (page=0) too.
    const all = await call('GET', '/api/students?page=0');
    expect(all.body.data.find((s: { id: number }) => s.id === student).registrations).toEqual(expected);
  });

  it('gives every team of a list page and a team record its registrations', async () => {
    const student = await newStudent(call, 'Zuleica Turma Registrada');
    const id = (await call('POST', '/api/registrations', { student_id: student, team_id: 2 })).body.data.id;
    const mine = expect.objectContaining({
      id,
      team: expect.objectContaining({ id: 2 }),
      student: { id: student, name: 'Zuleica Turma Registrada' },
    });
    const record = (await call('GET', '/api/teams/2')).body[0];
    expect(record.registrations).toContainEqual(mine);
    expect(record.registrations).toHaveLength(record.registrations_count);
    const page = (await call('GET', '/api/teams?page=0')).body.data as {
      id: number;
      registrations: unknown[];
      registrations_count: number;
    }[];
    expect(page.length).toBeGreaterThan(1);
    for (const team of page) expect(team.registrations).toHaveLength(team.registrations_count);
    expect(page.find((t) => t.id === 2)!.registrations).toContainEqual(mine);
  });

  it("reads 'Usuário removido' for an enrolment, observation or status change whose user was deleted", async () => {
    const created = await call('POST', '/api/users', {
      role_id: ROLE_IDS.secretaria,
      name: 'Temporária',
      email: `temp${Date.now()}@escola.test`,
      password: 'senha-temporaria-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const theirs = await shared.server.session(created.body.data.email);
    const student = await newStudent(call);
    const as = (method: string, route: string, body?: unknown) =>
      shared.server.request(method, route, { token: theirs, body });
    expect((await as('POST', '/api/registrations', { student_id: student, team_id: 1 })).status).toBe(201);
    expect(
      (await as('POST', `/api/students/${student}/observations`, { observation: 'Entregou os documentos.' })).status,
    ).toBe(201);
    expect((await as('PUT', `/api/students/${student}/status`, { status: 'Trancado' })).status).toBe(200);
    const before = (await call('GET', `/api/students/${student}`)).body[0];
    expect(before.registrations[0].user).toEqual({ name: 'Temporária' });
    expect((await call('DELETE', `/api/users/${created.body.data.id}`)).status).toBe(200);
    const after = (await call('GET', `/api/students/${student}`)).body[0];
    expect(after.registrations[0].user).toEqual({ name: 'Usuário removido' });
    expect(after.observations[0].user).toEqual({ name: 'Usuário removido' });
    expect((await call('GET', `/api/students/${student}/status-history`)).body.data[0].user).toEqual({
      name: 'Usuário removido',
    });
  });

  it('refuses to delete a registration with grades, then deletes one without, with its audit entry', async () => {
    const student = await newStudent(call);
    const id = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data.id;
    const k = dynamic(shared.server.db);
    const now = new Date().toISOString();
    const grade = await k
      .insertInto('grades')
      .values({
        student_id: student,
        team_id: 1,
        stage_id: 1,
        discipline_id: 1,
        grade: 75,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await call('DELETE', `/api/registrations/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível apagar esta matrícula: há notas lançadas para ela.');
    await k.deleteFrom('grades').where('id', '=', grade.id).execute();
    expect((await call('DELETE', `/api/registrations/${id}`)).body).toEqual({
      message: 'Matrícula removida com sucesso!',
    });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await call('DELETE', `/api/registrations/${id}`)).status).toBe(404);
  });

  it("answers 422 'Turma não encontrada.' for a book of a team that does not exist (was a foreign-key 500)", async () => {
    const student = await newStudent(call);
    const book = { student_id: student, registration_number: '12', book_number: '3', page_number: '45' };
    const refused = await call('POST', '/api/books', { ...book, team_id: 99999 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ team_id: ['Turma não encontrada.'] });
    expect((await call('POST', '/api/books', { ...book, student_id: 99999 })).body.errors).toEqual({
      student_id: ['Aluno não encontrado.'],
    });
    expect((await call('POST', '/api/books', { ...book, issue_date: '2024-02-30' })).body.errors).toEqual({
      issue_date: ['Data de expedição inválida.'],
    });
    expect((await call('POST', '/api/books', { ...book, student_id: true })).body.errors).toEqual({
      student_id: ['Aluno inválido.'],
    });
    expect((await call('GET', `/api/students/${student}`)).body[0].books).toEqual([]);
    const stored = await call('POST', '/api/books', { ...book, team_id: 1, issue_date: '29/02/2024' });
    expect(stored.status).toBe(201);
    expect(stored.body.data).toMatchObject({ team_id: 1, issue_date: '2024-02-29' });
  });

  it('refuses to delete a team or student with registrations, naming them (dependents declared by the enrolments area)', async () => {
    const student = await newStudent(call);
    await call('POST', '/api/registrations', { student_id: student, team_id: 1 });
    const team = await call('DELETE', '/api/teams/1');
    expect(team.status).toBe(409);
    expect(team.body.message).toMatch(/^Não é possível apagar esta turma: está em uso por \d+ matrículas?/);
    const byStudent = await call('DELETE', `/api/students/${student}`);
    expect(byStudent.status).toBe(409);
    expect(byStudent.body.message).toBe('Não é possível apagar este aluno: está em uso por 1 matrícula.');
  });
});

// The seed is dialect-neutral; on SQLite it is checked with the demo students the API suites leave out.
describe('demo enrolments', () => {
  it('attributes every seeded enrolment to a user', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-seed-'));
    const db = openDb({ dataDir: dir });
    try {
      await migrateToLatest(db);
      await seedDemoSchool(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, withStudents: true });
      const rows = await dynamic(db)
        .selectFrom('registrations as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'u.name'])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.name !== 'Administrador')).toEqual([]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
