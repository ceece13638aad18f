import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic, type Db } from '../../server/db/connection';
import { inTransaction } from '../../server/db/transaction';
import type { ImportKind } from '../../server/imports/kinds';
import { rowReader } from '../../server/imports/packed';
import { checkPacked, readPacked, writeChunk } from '../../server/imports/service';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/**
 * A run's chunk of new students (with a guardian each) and of new enrolments is written in a few queries, not ten per
 * row (issue 37's bench: 131 s for 10,000 students on PostgreSQL, a round trip each), with every record, link and
 * audit entry the row-by-row path leaves.
 */
function cpfOf(n: number): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const nine = String(300_000_000 + n);
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

const csv = (rows: string[][]) => Buffer.from(`${rows.map((r) => r.join(';')).join('\r\n')}\r\n`, 'utf8');

/** The Db with every query it sends counted. */
function counted(db: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: { ...db, kysely: db.kysely.withPlugin(plugin) }, queries: () => queries };
}

const ROWS = 100;
/** The audit entries of a new student with a guardian: the student, the guardian, the link. */
const STUDENT_AUDITS: [string, string][] = [
  ['students', 'create'],
  ['guardians', 'create'],
  ['student_guardians', 'link'],
];

describeOnDatabases('spreadsheet imports: a chunk written together', (dialect) => {
  let server: TestServer;
  let team = { id: 0, name: '' };
  beforeAll(async () => {
    server = await startServer(dialect);
    const first = await dynamic(server.db)
      .selectFrom('teams')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    team = { id: Number(first.id), name: String(first.name) };
  });
  afterAll(() => server.close());

  async function write(kind: ImportKind, rows: string[][]) {
    const sheet = await checkPacked(server.db, kind, await readPacked(kind, csv(rows)));
    expect(sheet.problems).toEqual([]);
    const { db, queries } = counted(server.db);
    const counts = await inTransaction(db, (tx) => writeChunk(tx, kind, rowReader(sheet)(0, sheet.total), undefined));
    return { counts, queries: queries() };
  }

  const audited = async (entity: string, action: string) =>
    Number(
      (
        await dynamic(server.db)
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('entity', '=', entity)
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes 100 new students with their guardian in a few dozen queries, each stored, linked and audited', async () => {
    const header = [
      'Nome',
      'CPF',
      'Data de nascimento',
      'Responsável 1 - Nome',
      'Responsável 1 - CPF',
      'Responsável 1 - Parentesco',
    ];
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `Aluna em Lote ${i + 1}`,
      cpfOf(i),
      '14/03/2012',
      `Mãe em Lote ${i + 1}`,
      cpfOf(1000 + i),
      'Mãe',
    ]);
    // The file's tests run shuffled: count the audit rows this one adds.
    const before = await Promise.all(STUDENT_AUDITS.map(([entity, action]) => audited(entity, action)));
    const { counts, queries } = await write('students', [header, ...rows]);
    expect(counts).toMatchObject({ created: ROWS, updated: 0, unchanged: 0 });
    // One by one it was ~10 per student (1,000 here).
    expect(queries).toBeLessThan(40);
    const last = await dynamic(server.db)
      .selectFrom('students')
      .select('id')
      .where('cpf', '=', cpfOf(ROWS - 1))
      .executeTakeFirstOrThrow();
    const guardians = await server.request('GET', `/api/students/${last.id}/guardians`, {
      token: await server.session(),
    });
    // A minor's first guardian pays, as when linked on screen.
    expect(guardians.body.data).toMatchObject([
      { name: `Mãe em Lote ${ROWS}`, cpf: cpfOf(1000 + ROWS - 1), kinship: 'mae', financial_responsible: true },
    ]);
    const after = await Promise.all(STUDENT_AUDITS.map(([entity, action]) => audited(entity, action)));
    expect(after.map((n, i) => n - before[i])).toEqual([ROWS, ROWS, ROWS]);
  });

  it('writes 100 new enrolments with their old numbers in a few queries, each audited', async () => {
    // Students of its own (the tests run shuffled), written before the enrolments are counted.
    const students = Array.from({ length: ROWS }, (_, i) => [
      `Aluno a Matricular ${i + 1}`,
      cpfOf(2000 + i),
      '02/05/2011',
    ]);
    await write('students', [['Nome', 'CPF', 'Data de nascimento'], ...students]);
    const before = [await audited('registrations', 'create'), await audited('registrations', 'update')];
    const header = ['CPF do aluno', 'Turma', 'Data da matrícula', 'Número anterior'];
    const rows = Array.from({ length: ROWS }, (_, i) => [cpfOf(2000 + i), team.name, '10/02/2024', `2019/${i + 1}`]);
    const { counts, queries } = await write('enrolments', [header, ...rows]);
    expect(counts).toMatchObject({ created: ROWS, updated: 0, unchanged: 0 });
    // One by one it was ~8 per enrolment (800 here).
    expect(queries).toBeLessThan(20);
    const stored = await dynamic(server.db)
      .selectFrom('registrations')
      .select(['enrolled_on', 'legacy_number'])
      .where('team_id', '=', team.id)
      .where('legacy_number', 'like', '2019/%')
      .execute();
    expect(stored).toHaveLength(ROWS);
    expect(stored[0].enrolled_on).toBe('2024-02-10');
    // Each enrolment's creation, and the old number set on it (as row by row).
    expect(await audited('registrations', 'create')).toBe(before[0] + ROWS);
    expect(await audited('registrations', 'update')).toBe(before[1] + ROWS);
  });

  it('in one chunk: a second payer takes the mark, a sibling shares the guardian, a repeated student is one', async () => {
    const header = [
      'Nome',
      'CPF',
      'Data de nascimento',
      'Responsável 1 - Nome',
      'Responsável 1 - CPF',
      'Responsável 1 - Parentesco',
      'Responsável 1 - Financeiro',
      'Responsável 2 - Nome',
      'Responsável 2 - CPF',
      'Responsável 2 - Parentesco',
      'Responsável 2 - Financeiro',
    ];
    const carla = ['Carla Irmã', cpfOf(500), '01/02/2013', 'Pai Comum', cpfOf(600), 'Pai', 'Sim'];
    const { counts } = await write('students', [
      header,
      [...carla, 'Mãe Comum', cpfOf(601), 'Mãe', 'Sim'],
      ['Davi Irmão', cpfOf(501), '05/06/2015', 'Pai Comum', cpfOf(600), 'Pai', 'Não', '', '', '', ''],
      // Carla again, her father not asked to pay this time: nothing changes.
      [...carla.slice(0, 6), 'Não', '', '', '', ''],
    ]);
    expect(counts).toMatchObject({ created: 2, updated: 0, unchanged: 1 });
    const token = await server.session();
    const linksOf = async (cpf: string) => {
      const student = await dynamic(server.db).selectFrom('students').select('id').where('cpf', '=', cpf).execute();
      expect(student).toHaveLength(1);
      return (await server.request('GET', `/api/students/${student[0].id}/guardians`, { token })).body.data;
    };
    expect(await linksOf(cpfOf(500))).toMatchObject([
      { name: 'Mãe Comum', financial_responsible: true },
      { name: 'Pai Comum', financial_responsible: false },
    ]);
    expect(await linksOf(cpfOf(501))).toMatchObject([{ name: 'Pai Comum', financial_responsible: true }]);
    const fathers = await dynamic(server.db)
      .selectFrom('guardians')
      .select('id')
      .where('cpf', '=', cpfOf(600))
      .execute();
    expect(fathers).toHaveLength(1);
  });
});
