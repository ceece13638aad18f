import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { dynamic, type Db } from '../../server/db/connection';
import { GUARDIAN_REFERENCES, STUDENT_REFERENCES } from '../../server/merge/references';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** Every foreign key of the schema: [table, column, referenced table]. */
async function foreignKeys(db: Db): Promise<[string, string, string][]> {
  const { rows } =
    db.dialect === 'sqlite'
      ? await sql<{ t: string; c: string; r: string }>`select m.name as t, p."from" as c, p."table" as r
          from sqlite_master m join pragma_foreign_key_list(m.name) p where m.type = 'table'`.execute(db.kysely)
      : await sql<{ t: string; c: string; r: string }>`select cl.relname as t, att.attname as c, ref.relname as r
          from pg_constraint co join pg_class cl on cl.oid = co.conrelid join pg_class ref on ref.oid = co.confrelid
          join pg_attribute att on att.attrelid = co.conrelid and att.attnum = co.conkey[1]
          where co.contype = 'f' and cl.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(
          db.kysely,
        );
  return rows.map((r) => [r.t, r.c, r.r]);
}

const count = async (db: Db, table: string, where: Record<string, unknown>) => {
  let query = dynamic(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'));
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describeOnDatabases('merging duplicates (issue 37)', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => shared.call(method, path, body);
  const db = () => shared.server.db;
  const now = new Date().toISOString();

  const student = async (body: Record<string, unknown>) => {
    const created = await call('POST', '/api/students', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const guardian = async (body: Record<string, unknown>) => {
    const created = await call('POST', '/api/guardians', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const enrol = async (student_id: number, team_id: number) => {
    const created = await call('POST', '/api/registrations', { student_id, team_id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  type Pair = { id: string; reasons: string[]; first: { id: number }; second: { id: number } };
  const pairsOf = async (path: string, ids: number[]) => {
    const answer = await call('GET', `${path}?page=0`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as Pair[]).filter((p) => ids.includes(p.first.id) || ids.includes(p.second.id));
  };

  it('handles every foreign key to students and guardians of the schema', async () => {
    const keys = await foreignKeys(db());
    const to = (table: string) =>
      keys
        .filter(([, , r]) => r === table)
        .map(([t]) => t)
        .sort();
    expect(to('students')).toEqual(Object.keys(STUDENT_REFERENCES).sort());
    expect(to('guardians')).toEqual(Object.keys(GUARDIAN_REFERENCES).sort());
  });

  it('lists each likely pair once, lower id first, newest first, with every reason in pt-BR, paged', async () => {
    const jose = await student({ name: 'José da Silva Duplicado', birth_date: '2010-01-01' });
    const joseAgain = await student({ name: '  jose  DA silva duplicado ', birth_date: '2010-01-01' });
    const ana = await student({ name: 'Ana Souza Duplicada', name_mother: 'Maria Souza' });
    const anaAgain = await student({ name: 'ANA SOUZA DUPLICADA', name_mother: 'maria  souza' });
    const both = await student({ name: 'Ana Souza Duplicada', name_mother: 'Maria Souza', birth_date: '2011-02-02' });
    const cpf = await student({ name: 'Pedro Alves', cpf: `012345678${cpfCheckDigits('012345678')}` });
    const cpfTyped = await student({ name: 'Pedro Alvez' });
    // A spreadsheet took the CPF for a number and dropped its zero: CPFs are compared as digits.
    const lost = `12345678${cpfCheckDigits('012345678')}`;
    await dynamic(db()).updateTable('students').set({ cpf: lost }).where('id', '=', cpfTyped).execute();
    const other = await student({ name: 'José da Silva Duplicado', birth_date: '2010-01-02' });
    const twin = await student({ name: 'ana souza duplicada', name_mother: 'MARIA SOUZA', birth_date: '2011-02-02' });

    const pairs = await pairsOf('/api/students/duplicates', [jose, ana, anaAgain, cpf, other, both, twin]);
    expect(pairs.map((p) => [p.id, p.reasons])).toEqual([
      [`${both}-${twin}`, ['Mesmo nome e data de nascimento', 'Mesmo nome e mãe']],
      [`${anaAgain}-${twin}`, ['Mesmo nome e mãe']],
      [`${ana}-${twin}`, ['Mesmo nome e mãe']],
      [`${cpf}-${cpfTyped}`, ['Mesmo CPF']],
      [`${anaAgain}-${both}`, ['Mesmo nome e mãe']],
      [`${ana}-${both}`, ['Mesmo nome e mãe']],
      [`${ana}-${anaAgain}`, ['Mesmo nome e mãe']],
      [`${jose}-${joseAgain}`, ['Mesmo nome e data de nascimento']],
    ]);
    expect(pairs[7].first).toMatchObject({ id: jose, birth_date: '2010-01-01', registrations: 0, charges: 0 });

    const page = await call('GET', '/api/students/duplicates?page=2&perPage=2');
    expect(page.body).toMatchObject({ current_page: 2, per_page: 2 });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.last_page).toBe(Math.ceil(page.body.total / 2));
    expect((await call('GET', '/api/students/duplicates?page=x')).status).toBe(422);
  });

  it('moves everything of the removed student to the kept one, in one go, and audits both as they were', async () => {
    const keep = await student({ name: 'Carla Mendes', birth_date: '2012-05-05', name_mother: 'Rosa Mendes' });
    const from = await student({ name: 'Carla Mendes', birth_date: '2012-05-05', cpf: '11144477735' });
    await enrol(keep, 1);
    const moved = await enrol(from, 2);
    const charge = await call('POST', '/api/financials', {
      registration_id: moved,
      value: '350,00',
      due_date: '2030-03-10',
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect((await call('PUT', `/api/students/${from}/status`, { status: 'Trancado' })).status).toBe(200);
    expect(
      (await call('POST', `/api/students/${from}/observations`, { observation: 'Cadastro repetido' })).status,
    ).toBe(201);
    expect((await call('GET', `/api/students/${from}`)).status).toBe(200); // an access-log row
    const book = await call('POST', '/api/books', {
      student_id: from,
      registration_number: '1',
      book_number: '2',
      page_number: '3',
    });
    expect(book.status, JSON.stringify(book.body)).toBe(201);
    const k = dynamic(db());
    await k
      .insertInto('grades')
      .values({
        student_id: from,
        stage_id: 1,
        discipline_id: 1,
        team_id: 2,
        grade: 80,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await k
      .insertInto('documents')
      .values({
        student_id: from,
        type: 'declaration',
        code: `MERGE-${from}`,
        folder: 'documents',
        file_name: 'x.pdf',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The same mother linked to both (payer of the kept one), and a father on the removed one only, also a payer.
    const mother = await guardian({ name: 'Rosa Mendes' });
    const father = await guardian({ name: 'Paulo Mendes' });
    const link = (s: number, g: number, pays: boolean, kinship = 'mae') =>
      call('POST', `/api/students/${s}/guardians`, {
        guardian_id: g,
        kinship,
        financial_responsible: pays,
        pedagogical_responsible: !pays,
      });
    expect((await link(keep, mother, true)).status).toBe(201);
    expect((await link(from, mother, false)).status).toBe(201);
    expect((await link(from, father, true, 'pai')).status).toBe(201);
    await k
      .insertInto('portal_accounts')
      .values({ student_id: from, email: `carla.${from}@familia.com.br`, created_at: now, updated_at: now })
      .execute();
    await k
      .insertInto('notifications')
      .values({ event: 'grades:1', recipient: `student:${from}`, student_id: from, created_at: now, updated_at: now })
      .execute();
    await k.insertInto('declaration_days').values({ student_id: from, day: '2026-03-02', issued: 2 }).execute();
    await k.insertInto('declaration_days').values({ student_id: keep, day: '2026-03-02', issued: 1 }).execute();
    // The enrolment season (issue 39): a re-enrolment request and a contract signed for the removed record.
    const year = await k.selectFrom('school_years').select('id').orderBy('id').executeTakeFirstOrThrow();
    const campaign = await k
      .insertInto('enrolment_campaigns')
      .values({
        school_year_id: year.id,
        kind: 'rematricula',
        opens_on: '2026-11-01',
        closes_on: '2026-12-15',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('enrolment_requests')
      .values({ campaign_id: campaign.id, student_id: from, created_at: now, updated_at: now })
      .execute();
    const code = await k
      .insertInto('signature_codes')
      .values({
        purpose: 'document',
        subject_id: 1,
        signer_kind: 'user',
        signer_id: 1,
        code_hash: 'x',
        sent_to: 'a***@escola.com.br',
        created_at: now,
        expires_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sha = '0'.repeat(64);
    await k
      .insertInto('signatures')
      .values({
        purpose: 'document',
        subject_id: 1,
        signer_kind: 'user',
        signer_id: 1,
        signer_name: 'Secretária',
        signed_at: now,
        ip: '127.0.0.1',
        user_agent: 'teste',
        read_sha256: sha,
        signed_sha256: sha,
        code_id: code.id,
        sent_to: 'a***@escola.com.br',
        document_code: `ASSIN-${from}`,
        student_id: from,
        file_key: 'documents/x.pdf',
        title: 'CONTRATO',
      })
      .execute();
    const before = Object.fromEntries(
      await Promise.all(
        Object.keys(STUDENT_REFERENCES).map(async (t): Promise<[string, number]> => [
          t,
          await count(db(), t, { student_id: from }),
        ]),
      ),
    );
    expect(
      Object.values(before).every((n) => n > 0),
      JSON.stringify(before),
    ).toBe(true);

    const merged = await call('POST', `/api/students/${keep}/merge`, { from });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.message).toBe('Alunos unidos com sucesso!');

    expect((await call('GET', `/api/students/${from}`)).status).toBe(404);
    for (const table of Object.keys(STUDENT_REFERENCES))
      expect(await count(db(), table, { student_id: from }), table).toBe(0);
    expect(await count(db(), 'registrations', { student_id: keep })).toBe(2);
    const charges = await k
      .selectFrom('financials as f')
      .innerJoin('registrations as r', 'r.id', 'f.registration_id')
      .select('f.id')
      .where('r.student_id', '=', keep)
      .execute();
    expect(charges.map((c) => Number(c.id))).toEqual([charge.body.data.id]);
    for (const table of ['grades', 'documents', 'books', 'observations', 'portal_accounts', 'notifications'])
      expect(await count(db(), table, { student_id: keep }), table).toBe(1);
    expect(await count(db(), 'student_status_history', { student_id: keep })).toBe(1);
    expect(await count(db(), 'notifications', { recipient: `student:${keep}` })).toBe(1);
    expect(
      (await k.selectFrom('declaration_days').select('issued').where('student_id', '=', keep).execute()).map(
        (d) => d.issued,
      ),
    ).toEqual([3]);
    // One link to the mother, still the only payer; the father came along without paying.
    const links = (await call('GET', `/api/students/${keep}/guardians`)).body.data;
    expect(
      links.map((l: { name: string; financial_responsible: boolean; pedagogical_responsible: boolean }) => [
        l.name,
        l.financial_responsible,
        l.pedagogical_responsible,
      ]),
    ).toEqual([
      ['Rosa Mendes', true, true],
      ['Paulo Mendes', false, false],
    ]);

    const audits = await k
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'students')
      .where('action', '=', 'merge')
      .where('entity_id', 'in', [keep, from])
      .orderBy('entity_id')
      .execute();
    const changes = audits.map((a) => JSON.parse(String(a.changes)));
    expect(changes[0]).toMatchObject({
      merged_from: from,
      before: { id: keep, name: 'Carla Mendes', name_mother: 'Rosa Mendes', cpf: null },
    });
    expect(changes[0].moved).toMatchObject({
      registrations: 1,
      grades: 1,
      documents: 1,
      books: 1,
      student_guardians: 2,
    });
    expect(changes[1]).toMatchObject({
      merged_into: keep,
      before: { id: from, cpf: '11144477735', status: 'Trancado' },
    });
    expect(changes[1].before.search_text).toBeUndefined();
  });

  it('refuses with 409 when both are enrolled in the same team, and moves nothing', async () => {
    const keep = await student({ name: 'Bruno Lima' });
    const from = await student({ name: 'Bruno Lima' });
    await enrol(keep, 1);
    await enrol(from, 1);
    expect((await call('POST', `/api/students/${from}/observations`, { observation: 'Fica' })).status).toBe(201);
    const refused = await call('POST', `/api/students/${keep}/merge`, { from });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Os dois alunos estão matriculados na mesma turma \(.+\)\. Remova uma/);
    expect(await count(db(), 'observations', { student_id: from })).toBe(1);
    expect((await call('GET', `/api/students/${from}`)).status).toBe(200);
  });

  it('answers 422 for a missing or the same record, 404 for one that does not exist', async () => {
    const keep = await student({ name: 'Lia Rocha' });
    const missing = await call('POST', `/api/students/${keep}/merge`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.from).toEqual(['Escolha o registro a unir a este.']);
    expect((await call('POST', `/api/students/${keep}/merge`, { from: keep })).status).toBe(422);
    const gone = await call('POST', `/api/students/${keep}/merge`, { from: 999999 });
    expect(gone).toMatchObject({ status: 404, body: { message: 'Aluno não encontrado.' } });
    expect((await call('POST', '/api/guardians/999999/merge', { from: 999998 })).status).toBe(404);
  });

  it('merges a pair once when two requests (either way round) arrive together', async () => {
    for (const reverse of [false, true]) {
      const a = await student({ name: 'Duda Reis' });
      const b = await student({ name: 'Duda Reis' });
      await enrol(b, 2);
      const answers = await Promise.all([
        call('POST', `/api/students/${a}/merge`, { from: b }),
        reverse
          ? call('POST', `/api/students/${b}/merge`, { from: a })
          : call('POST', `/api/students/${a}/merge`, { from: b }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
      const kept = answers.find((r) => r.status === 200)!.body.data.id as number;
      expect((await count(db(), 'students', { id: a })) + (await count(db(), 'students', { id: b }))).toBe(1);
      expect(await count(db(), 'registrations', { student_id: kept })).toBe(1);
      expect(await count(db(), 'audit_log', { entity: 'students', action: 'merge', entity_id: kept })).toBe(1);
    }
  });

  it('lists and merges guardians: links joined, one portal account kept', async () => {
    const keep = await guardian({ name: 'Márcia Teixeira', phone: '91988887777', cpf: '39053344705' });
    const from = await guardian({ name: 'MARCIA  TEIXEIRA', phone: '91988887777', email: 'marcia@familia.com.br' });
    const third = await guardian({ name: 'Márcia Teixeira', email: 'MARCIA@familia.com.br ' });
    const pairs = await pairsOf('/api/guardians/duplicates', [keep]);
    expect(pairs.map((p) => [p.id, p.reasons])).toEqual([[`${keep}-${from}`, ['Mesmo nome e telefone']]]);
    expect((await pairsOf('/api/guardians/duplicates', [third])).map((p) => p.id)).toEqual([`${from}-${third}`]);

    const shared = await student({ name: 'Téo Teixeira' });
    const only = await student({ name: 'Iara Teixeira' });
    const link = (s: number, g: number, pays: boolean) =>
      call('POST', `/api/students/${s}/guardians`, {
        guardian_id: g,
        kinship: 'mae',
        financial_responsible: pays,
        pedagogical_responsible: !pays,
      });
    expect((await link(shared, keep, false)).status).toBe(201);
    expect((await link(shared, from, true)).status).toBe(201);
    expect((await link(only, from, true)).status).toBe(201);
    const k = dynamic(db());
    for (const [g, email] of [
      [keep, 'a'],
      [from, 'b'],
    ] as const)
      await k
        .insertInto('portal_accounts')
        .values({ guardian_id: g, email: `${email}.${g}@familia.com.br`, created_at: now, updated_at: now })
        .execute();

    const merged = await call('POST', `/api/guardians/${keep}/merge`, { from });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await call('GET', `/api/guardians/${from}`)).status).toBe(404);
    expect(await count(db(), 'student_guardians', { guardian_id: from })).toBe(0);
    const linkOf = async (s: number) => (await call('GET', `/api/students/${s}/guardians`)).body.data;
    expect(await linkOf(shared)).toMatchObject([
      { guardian_id: keep, financial_responsible: true, pedagogical_responsible: true },
    ]);
    expect(await linkOf(only)).toMatchObject([{ guardian_id: keep, financial_responsible: true }]);
    expect(await count(db(), 'portal_accounts', { guardian_id: keep })).toBe(1);
    expect(await count(db(), 'portal_accounts', { email: `b.${from}@familia.com.br` })).toBe(0);
    const audit = await k
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'guardians')
      .where('action', '=', 'merge')
      .where('entity_id', '=', from)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.changes))).toMatchObject({
      merged_into: keep,
      before: { name: 'MARCIA  TEIXEIRA', email: 'marcia@familia.com.br' },
    });
  });
});
