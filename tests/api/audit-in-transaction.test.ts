import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic, type Db } from '../../server/db/connection';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

/**
 * A change and the audit entry that records it commit together: when the entry cannot be written (here a trigger
 * refuses it while `audit_refusal` has a row, as a crash between the two would leave it), the change is not kept
 * either. Before, the change was committed first and its entry written after.
 */
async function refusingAudits(db: Db): Promise<void> {
  await sql`create table audit_refusal (on_purpose integer)`.execute(db.kysely);
  if (db.dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger audit_refused before insert on audit_log when exists (select 1 from audit_refusal)
         begin select raise(abort, 'auditoria recusada pelo teste'); end`,
      )
      .execute(db.kysely);
    return;
  }
  await sql
    .raw(
      `create function audit_refused() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from audit_refusal) then raise exception 'auditoria recusada pelo teste'; end if;
         return new;
       end $$`,
    )
    .execute(db.kysely);
  await sql
    .raw('create trigger audit_refused before insert on audit_log for each row execute function audit_refused()')
    .execute(db.kysely);
}

describeOnDatabases('audit entries in the transaction of their change', (dialect) => {
  let server: TestServer;
  let token: string;
  let student: number;
  beforeAll(async () => {
    server = await startServer(dialect, { prepare: refusingAudits });
    token = await server.session();
    student = (await call('POST', '/api/students', { name: 'Aluna Auditada' })).body.data.id;
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });
  const count = async (table: string) =>
    Number(
      (
        await dynamic(server.db)
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The enrolments of the shared student (another test enrols a student of its own). */
  const enrolments = async () =>
    (await dynamic(server.db).selectFrom('registrations').select('id').where('student_id', '=', student).execute())
      .length;

  /** `write` while no audit entry can be written: answered 500, and `unchanged` still holds after it. */
  async function refused(write: () => Promise<{ status: number }>, unchanged: () => Promise<void>) {
    const audits = await count('audit_log');
    await sql`insert into audit_refusal (on_purpose) values (1)`.execute(server.db.kysely);
    try {
      expect((await write()).status).toBe(500);
    } finally {
      await sql`delete from audit_refusal`.execute(server.db.kysely);
    }
    await unchanged();
    expect(await count('audit_log')).toBe(audits);
  }

  it('keeps no student created, changed or deleted without its entry (the generic resource routes)', async () => {
    await refused(
      () => call('POST', '/api/students', { name: 'Aluno Sem Registro' }),
      async () => expect((await call('GET', '/api/students?search=Sem Registro')).body.total).toBe(0),
    );
    await refused(
      () => call('PUT', `/api/students/${student}`, { name: 'Nome Trocado' }),
      async () => expect((await call('GET', `/api/students/${student}`)).body[0].name).toBe('Aluna Auditada'),
    );
    const other = (await call('POST', '/api/students', { name: 'Aluno Que Fica' })).body.data.id;
    await refused(
      () => call('DELETE', `/api/students/${other}`),
      async () => expect((await call('GET', `/api/students/${other}`)).status).toBe(200),
    );
    // Written again once the entry can be: the change and its entry together.
    const audits = await count('audit_log');
    expect((await call('PUT', `/api/students/${student}`, { name: 'Aluna Auditada' })).status).toBe(200);
    expect(await count('audit_log')).toBe(audits + 1);
  });

  it('keeps no status, observation, guardian link, enrolment or book of a student without its entry', async () => {
    await refused(
      () => call('PUT', `/api/students/${student}/status`, { status: 'Trancado' }),
      async () => {
        expect((await call('GET', `/api/students/${student}`)).body[0].status).not.toBe('Trancado');
        expect((await call('GET', `/api/students/${student}/status-history`)).body.data).toEqual([]);
      },
    );
    await refused(
      () => call('POST', `/api/students/${student}/observations`, { observation: 'Chegou atrasada.' }),
      async () => expect((await call('GET', `/api/students/${student}/observations`)).body.data).toEqual([]),
    );
    const guardian = (await call('POST', '/api/guardians', { name: 'Mãe Auditada' })).body.data.id;
    await refused(
      () =>
        call('POST', `/api/students/${student}/guardians`, {
          guardian_id: guardian,
          kinship: 'mae',
          financial_responsible: true,
          pedagogical_responsible: true,
        }),
      async () => expect((await call('GET', `/api/students/${student}/guardians`)).body.data).toEqual([]),
    );
    const team = (await call('GET', '/api/teams')).body.data[0].id;
    await refused(
      () => call('POST', '/api/registrations', { student_id: student, team_id: team }),
      async () => expect(await enrolments()).toBe(0),
    );
    const enrolled = await call('POST', '/api/registrations', { student_id: student, team_id: team });
    expect(enrolled.status).toBe(201);
    await refused(
      () => call('DELETE', `/api/registrations/${enrolled.body.data.id}`),
      async () => expect(await enrolments()).toBe(1),
    );
    await refused(
      () =>
        call('POST', '/api/books', {
          student_id: student,
          registration_number: '12',
          book_number: '3',
          page_number: '45',
        }),
      async () => expect(await count('books')).toBe(0),
    );
  });

  it("keeps no team's teacher, publication of grades, school setting or two-step reset without its entry", async () => {
    const teacher = (
      await call('POST', '/api/users', {
        name: 'Professora Auditada',
        email: 'professora.auditada@escola.com.br',
        password: 'senha-forte-1',
        role_id: ROLE_IDS.professor,
      })
    ).body.data.id;
    const disciplines = (await call('GET', '/api/teams/3/disciplines')).body as { id: number }[];
    await refused(
      () => call('POST', '/api/teams/3/teachers', { user_id: teacher, discipline_id: disciplines[0].id }),
      async () => expect((await call('GET', '/api/teams/3/teachers')).body).toEqual([]),
    );
    const stages = (await call('GET', '/api/teams/1/grade-publications')).body.data as { stage_id: number }[];
    await refused(
      () => call('POST', '/api/teams/1/grade-publications', { stage_id: stages[0].stage_id, confirm: true }),
      async () => expect(await count('grade_publications')).toBe(0),
    );
    const before = (await call('GET', '/api/school-settings')).body.data;
    await refused(
      () => call('PUT', '/api/school-settings', { ...before, school_name: 'Escola Sem Registro' }),
      async () => expect((await call('GET', '/api/school-settings')).body.data).toEqual(before),
    );
    const now = new Date().toISOString();
    await dynamic(server.db)
      .insertInto('two_step')
      .values({ user_id: teacher, secret: 'JBSWY3DPEHPK3PXP', enabled_at: now, last_step: null, created_at: now })
      .execute();
    await refused(
      () => call('DELETE', `/api/users/${teacher}/two-step`),
      async () => expect((await call('GET', `/api/users/${teacher}/two-step`)).body.enabled).toBe(true),
    );
  });

  it("keeps no issued document, revocation, document's move or family's access without its entry", async () => {
    const own = (await call('POST', '/api/students', { name: 'Aluna Declarada' })).body.data.id;
    expect((await call('POST', '/api/registrations', { student_id: own, team_id: 1 })).status).toBe(201);
    const documents = () =>
      dynamic(server.db)
        .selectFrom('documents')
        .select(['id', 'student_id', 'folder', 'file_name', 'revoked_at'])
        .where('student_id', 'in', [own, student])
        .execute();
    await refused(
      () => call('GET', `/api/exports/registration-statement/${own}/team/1`),
      async () => expect(await documents()).toEqual([]),
    );
    const statement = await call('GET', `/api/exports/registration-statement/${own}/team/1`);
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    const [document] = await documents();
    await refused(
      () => call('PUT', `/api/documents/${document.id}`, { student_id: student }),
      async () => expect(await documents()).toEqual([document]),
    );
    await refused(
      () => call('GET', `/api/documents/${document.folder}/${document.file_name}/remove`),
      async () => expect(await documents()).toEqual([document]),
    );
    const guardian = (await call('POST', '/api/guardians', { name: 'Pai Auditado', email: 'pai.auditado@exemplo.com' }))
      .body.data.id;
    await refused(
      () => call('POST', `/api/guardians/${guardian}/invite`, { delivery: 'link' }),
      async () => expect(await count('portal_accounts')).toBe(0),
    );
    expect((await call('POST', `/api/guardians/${guardian}/invite`, { delivery: 'link' })).status).toBe(201);
    await refused(
      () => call('DELETE', `/api/guardians/${guardian}/portal-access`),
      async () =>
        expect(await dynamic(server.db).selectFrom('portal_accounts').select('revoked_at').execute()).toEqual([
          { revoked_at: null },
        ]),
    );
  });
});
