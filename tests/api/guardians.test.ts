import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { dynamic, openDb, type Db } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { migrations } from '../../server/db/migrations';
import { seedDemoSchool } from '../../server/seed/demo';
import { serverPerFile } from './support/per-test';
import { ADMIN, describeOnDatabases, freshSchema, ROLE_IDS, type TestServer } from './support/server';

/** A valid CPF from nine digits (its two check digits computed). */
function cpfOf(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

/** A birth date `years` years and a month ago on the school's calendar. */
function bornYearsAgo(years: number): string {
  const [y, m] = schoolDayOf().split('-').map(Number);
  const month = m === 1 ? 12 : m - 1;
  return `${m === 1 ? y - years - 1 : y - years}-${String(month).padStart(2, '0')}-10`;
}

type Call = (method: string, path: string, body?: unknown) => ReturnType<TestServer['request']>;

const linkBody = (guardian_id: number, extra: Record<string, unknown> = {}) => ({
  guardian_id,
  kinship: 'mae',
  financial_responsible: false,
  pedagogical_responsible: true,
  ...extra,
});

describeOnDatabases('guardians', (dialect) => {
  const shared = serverPerFile(dialect);
  const call: Call = (method, p, body) => shared.call(method, p, body);

  const newStudent = async (name: string, birth_date?: string) => {
    const created = await call('POST', '/api/students', { name, ...(birth_date ? { birth_date } : {}) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const newGuardian = async (name: string, extra: Record<string, unknown> = {}) => {
    const created = await call('POST', '/api/guardians', { name, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const payers = async (student: number) =>
    (await call('GET', `/api/students/${student}/guardians`)).body.data
      .filter((l: { financial_responsible: boolean }) => l.financial_responsible)
      .map((l: { name: string }) => l.name);

  it('registers, finds, edits and removes a guardian, checking the CPF', async () => {
    const bad = await call('POST', '/api/guardians', { name: 'Marta Souza', cpf: '12345678900' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.cpf).toEqual(['CPF inválido.']);
    const cpf = cpfOf('529982247');
    const id = await newGuardian('Marta Souza', { cpf, phone: '11987654321', email: 'marta@exemplo.com.br' });
    const twice = await call('POST', '/api/guardians', { name: 'Outra Marta', cpf });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.cpf).toEqual(['CPF já cadastrado para outro responsável.']);

    for (const search of ['marta', 'MARTA souza', cpf.slice(0, 6)]) {
      const found = await call('GET', `/api/guardians?search=${encodeURIComponent(search)}`);
      expect(found.status).toBe(200);
      expect(found.body.data.map((g: { id: number }) => g.id)).toContain(id);
    }
    expect((await call('GET', '/api/guardians?search=inexistente')).body.data).toEqual([]);

    const edited = await call('PUT', `/api/guardians/${id}`, { name: 'Marta Souza Lima', cpf, occupation: 'Médica' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Marta Souza Lima', cpf, occupation: 'Médica' });
    expect((await call('DELETE', `/api/guardians/${id}`)).status).toBe(200);
    expect((await call('GET', `/api/guardians/${id}`)).status).toBe(404);
  });

  it('links, edits and unlinks guardians of an adult student, who may have no payer', async () => {
    const student = await newStudent('Adulto Com Responsáveis', bornYearsAgo(30));
    const ana = await newGuardian('Ana Adulta', { cpf: cpfOf('111444777'), phone: '1133334444' });
    const linked = await call('POST', `/api/students/${student}/guardians`, linkBody(ana));
    expect(linked.status).toBe(201);
    expect(linked.body).toEqual({
      data: {
        guardian_id: ana,
        name: 'Ana Adulta',
        cpf: cpfOf('111444777'),
        email: null,
        phone: '1133334444',
        kinship: 'mae',
        financial_responsible: false,
        pedagogical_responsible: true,
      },
      message: 'Responsável vinculado com sucesso!',
    });
    const twice = await call('POST', `/api/students/${student}/guardians`, linkBody(ana));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.guardian_id).toEqual(['Este responsável já está vinculado a este aluno.']);
    const badKinship = await call('POST', `/api/students/${student}/guardians`, linkBody(ana, { kinship: 'prima' }));
    expect(badKinship.status).toBe(422);
    expect(badKinship.body.errors.kinship[0]).toMatch(/^Escolha o parentesco/);

    const saved = await call('PUT', `/api/students/${student}/guardians/${ana}`, {
      kinship: 'responsavel_legal',
      financial_responsible: true,
      pedagogical_responsible: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Responsável salvo com sucesso!');
    expect(saved.body.data).toMatchObject({ kinship: 'responsavel_legal', financial_responsible: true });
    // An adult pays for themselves when no one is marked: unmarking and unlinking are allowed.
    const unmarked = await call('PUT', `/api/students/${student}/guardians/${ana}`, {
      kinship: 'mae',
      financial_responsible: false,
      pedagogical_responsible: true,
    });
    expect(unmarked.body.data.financial_responsible).toBe(false);
    const removed = await call('DELETE', `/api/students/${student}/guardians/${ana}`);
    expect(removed).toEqual({ status: 200, body: { message: 'Responsável desvinculado com sucesso!' } });
    expect((await call('GET', `/api/students/${student}/guardians`)).body).toEqual({ data: [] });

    expect((await call('GET', '/api/students/999999/guardians')).body).toEqual({ message: 'Aluno não encontrado.' });
    const noGuardian = await call('POST', `/api/students/${student}/guardians`, linkBody(999999));
    expect(noGuardian).toEqual({ status: 404, body: { message: 'Responsável não encontrado.' } });
    expect((await call('DELETE', `/api/students/${student}/guardians/${ana}`)).body).toEqual({
      message: 'Este responsável não está vinculado a este aluno.',
    });
  });

  it('keeps exactly one financial responsible for a minor', async () => {
    const student = await newStudent('Menor Com Pais', bornYearsAgo(10));
    const mother = await newGuardian('Beatriz Mãe');
    const father = await newGuardian('Carlos Pai');
    // The first guardian of a minor pays, even unasked.
    const first = await call('POST', `/api/students/${student}/guardians`, linkBody(mother));
    expect(first.body.data.financial_responsible).toBe(true);
    const second = await call('POST', `/api/students/${student}/guardians`, linkBody(father, { kinship: 'pai' }));
    expect(second.body.data.financial_responsible).toBe(false);
    expect(await payers(student)).toEqual(['Beatriz Mãe']);

    // Marking the father moves the mark (the list: the payer first).
    const moved = await call('PUT', `/api/students/${student}/guardians/${father}`, {
      kinship: 'pai',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect(moved.status).toBe(200);
    const list = (await call('GET', `/api/students/${student}/guardians`)).body.data;
    expect(
      list.map((l: { name: string; financial_responsible: boolean }) => [l.name, l.financial_responsible]),
    ).toEqual([
      ['Carlos Pai', true],
      ['Beatriz Mãe', false],
    ]);

    const message = 'Um aluno menor de idade precisa de um responsável financeiro. Marque outro responsável antes.';
    const unmark = await call('PUT', `/api/students/${student}/guardians/${father}`, {
      kinship: 'pai',
      financial_responsible: false,
      pedagogical_responsible: true,
    });
    expect(unmark.status).toBe(422);
    expect(unmark.body).toEqual({ message, errors: { financial_responsible: [message] } });
    const unlink = await call('DELETE', `/api/students/${student}/guardians/${father}`);
    expect(unlink.status).toBe(422);
    expect(unlink.body.errors.financial_responsible).toEqual([message]);
    expect(await payers(student)).toEqual(['Carlos Pai']);

    // The mother unlinked, the father alone; then he may go too (the office links the right one after).
    expect((await call('DELETE', `/api/students/${student}/guardians/${mother}`)).status).toBe(200);
    const alone = await call('PUT', `/api/students/${student}/guardians/${father}`, {
      kinship: 'pai',
      financial_responsible: false,
      pedagogical_responsible: true,
    });
    expect(alone.status).toBe(422);
    expect((await call('DELETE', `/api/students/${student}/guardians/${father}`)).status).toBe(200);
    expect((await call('GET', `/api/students/${student}/guardians`)).body.data).toEqual([]);
  });

  it('leaves one payer when several guardians are linked and marked at the same time', async () => {
    const student = await newStudent('Menor Disputado', bornYearsAgo(11));
    const names = ['Fábio', 'Gina', 'Hugo', 'Iara', 'Jonas', 'Kátia'].map((n) => `${n} Ao Mesmo Tempo`);
    const ids = await Promise.all(names.map((n) => newGuardian(n)));
    // Each linked unasked, all at once: the first to arrive pays, no other.
    const linked = await Promise.all(ids.map((g) => call('POST', `/api/students/${student}/guardians`, linkBody(g))));
    expect(linked.map((r) => r.status)).toEqual(ids.map(() => 201));
    expect(await payers(student)).toHaveLength(1);
    const marked = await Promise.all(
      ids.map((g) =>
        call('PUT', `/api/students/${student}/guardians/${g}`, {
          kinship: 'outro',
          financial_responsible: true,
          pedagogical_responsible: false,
        }),
      ),
    );
    expect(marked.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(await payers(student)).toHaveLength(1);
  });

  it('shares one guardian between siblings, and refuses to delete a linked guardian (409)', async () => {
    const older = await newStudent('Irmão Mais Velho', bornYearsAgo(12));
    const younger = await newStudent('Irmã Mais Nova', bornYearsAgo(8));
    const mother = await newGuardian('Dalva Compartilhada', { cpf: cpfOf('987654321') });
    for (const s of [older, younger])
      expect((await call('POST', `/api/students/${s}/guardians`, linkBody(mother))).status).toBe(201);
    expect(await payers(older)).toEqual(['Dalva Compartilhada']);
    expect(await payers(younger)).toEqual(['Dalva Compartilhada']);
    const records = await dynamic(shared.server.db)
      .selectFrom('guardians')
      .select('id')
      .where('name', '=', 'Dalva Compartilhada')
      .execute();
    expect(records).toHaveLength(1);

    const refused = await call('DELETE', `/api/guardians/${mother}`);
    expect(refused).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar este responsável: está em uso por 2 alunos vinculados.' },
    });
    // A student removed takes their links along, not the guardian.
    expect((await call('DELETE', `/api/students/${older}`)).status).toBe(200);
    expect((await call('DELETE', `/api/guardians/${mother}`)).body.message).toBe(
      'Não é possível apagar este responsável: está em uso por 1 aluno vinculado.',
    );
  });

  it('lets Financeiro read guardians but not change links, and keeps a professor out', async () => {
    const student = await newStudent('Aluno Dos Perfis', bornYearsAgo(9));
    const guardian = await newGuardian('Elisa Dos Perfis');
    const tokenOf = async (role: keyof typeof ROLE_IDS) => {
      const email = `guardioes.${role}@escolamodelo.edu.br`;
      const body = { name: `Guardiões ${role}`, email, password: 'senha-dos-perfis-1', role_id: ROLE_IDS[role] };
      expect((await call('POST', '/api/users', body)).status).toBe(201);
      return shared.server.login(email, 'senha-dos-perfis-1');
    };
    const as = (token: string, method: string, p: string, body?: unknown) =>
      shared.server.request(method, p, { token, body });
    const financeiro = await tokenOf('financeiro');
    expect((await as(financeiro, 'GET', '/api/guardians')).status).toBe(200);
    expect((await as(financeiro, 'GET', `/api/students/${student}/guardians`)).status).toBe(200);
    expect((await as(financeiro, 'POST', `/api/students/${student}/guardians`, linkBody(guardian))).status).toBe(403);
    const professor = await tokenOf('professor');
    for (const p of ['/api/guardians', `/api/guardians/${guardian}`, `/api/students/${student}/guardians`])
      expect((await as(professor, 'GET', p)).status).toBe(403);
  });
});

/** The migrations up to `last`, as the server would have run them before this one existed. */
async function migrateUpTo(db: Db, last: string): Promise<void> {
  const ctx = { dialect: db.dialect };
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations)
          .filter(([name]) => name <= last)
          .map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, ctx) }]),
      ),
  };
  const migrator = new Migrator({ db: db.kysely, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describeOnDatabases('guardians migration', (dialect) => {
  it("turns each student's name_mother into a linked guardian, paying for a minor only", async () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    if (dialect === 'postgres') {
      const { url, schema, drop } = await freshSchema();
      db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
      cleanup = drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-guardians-'));
      db = openDb({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    try {
      await migrateUpTo(db, '0021_lessons_attendance');
      const now = new Date().toISOString();
      const students = [
        { name: 'Menor', name_mother: '  Maria das Dores ', birth_date: bornYearsAgo(10) },
        { name: 'Irmão do Menor', name_mother: 'Maria das Dores', birth_date: bornYearsAgo(7) },
        { name: 'Adulto', name_mother: 'Joana Prado', birth_date: bornYearsAgo(25) },
        { name: 'Sem Nascimento', name_mother: 'Rita Lopes', birth_date: null },
        { name: 'Sem Mãe', name_mother: '   ', birth_date: bornYearsAgo(9) },
        { name: 'Mãe Nula', name_mother: null, birth_date: bornYearsAgo(9) },
      ];
      for (const s of students)
        await dynamic(db)
          .insertInto('students')
          .values({ ...s, status: 'Ativo', created_at: now, updated_at: now })
          .execute();
      expect(await migrateToLatest(db)).toContain('0022_guardians');

      const links = await dynamic(db)
        .selectFrom('student_guardians as sg')
        .innerJoin('students as s', 's.id', 'sg.student_id')
        .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
        .select(['s.name as student', 'g.name', 'g.kinship as usual', 'sg.kinship', 'sg.financial_responsible'])
        .select('sg.pedagogical_responsible')
        .orderBy('s.id')
        .execute();
      expect(links.map((l) => ({ ...l, financial_responsible: Number(l.financial_responsible) }))).toEqual([
        ...[
          ['Menor', 'Maria das Dores', 1],
          ['Irmão do Menor', 'Maria das Dores', 1],
          ['Adulto', 'Joana Prado', 0],
          ['Sem Nascimento', 'Rita Lopes', 0],
        ].map(([student, name, financial]) => ({
          student,
          name,
          usual: 'mae',
          kinship: 'mae',
          financial_responsible: financial,
          pedagogical_responsible: expect.anything(),
        })),
      ]);
      expect(links.every((l) => Number(l.pedagogical_responsible) === 1)).toBe(true);
      // Siblings' mothers with the same name stay two records: a name alone is no proof of one person.
      expect(await dynamic(db).selectFrom('guardians').select('id').execute()).toHaveLength(4);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});

// The seed is dialect-neutral; checked on SQLite with the demo students the API suites leave out.
describe('demo guardians', () => {
  it("links each demo student to their mother's one guardian, the minors' as payer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-seed-'));
    const db = openDb({ dataDir: dir });
    try {
      await migrateToLatest(db);
      await seedDemoSchool(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, withStudents: true });
      const k = dynamic(db);
      const students = await k.selectFrom('students').select(['id', 'name_mother', 'birth_date']).execute();
      const links = await k
        .selectFrom('student_guardians as sg')
        .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
        .select(['sg.student_id', 'g.name', 'sg.financial_responsible'])
        .execute();
      expect(links).toHaveLength(students.length);
      const mothers = new Set(students.map((s) => s.name_mother));
      expect(await k.selectFrom('guardians').select('id').execute()).toHaveLength(mothers.size);
      expect(mothers.size).toBeLessThan(students.length);
      const today = schoolDayOf();
      for (const s of students) {
        const link = links.find((l) => Number(l.student_id) === Number(s.id))!;
        expect(link.name).toBe(s.name_mother);
        const eighteen = `${Number(String(s.birth_date).slice(0, 4)) + 18}${String(s.birth_date).slice(4)}`;
        expect(Number(link.financial_responsible), String(s.birth_date)).toBe(eighteen > today ? 1 : 0);
      }
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
