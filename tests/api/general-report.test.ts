import { beforeAll, expect, it } from 'vitest';
import { foldText } from '../../resources/text';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** The general report of students: one row per enrolment, in both list conventions, and its CSV. */

const JOAO = `João D'Ávila; "Jota"`;
const BATCH = 1003;

/** A CSV of Brazilian spreadsheets read back: `;` cells, `"` quoting with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  if (cell || row.length) throw new Error(`CSV sem CRLF no fim: ${JSON.stringify(cell)}`);
  return rows;
}

describeOnDatabases('general report of students', (dialect) => {
  // One school for the file: every test only reads it.
  const shared = serverPerFile(dialect);
  const call = (path: string) => shared.call('GET', path);
  const teams: Record<string, number> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const t of (await call('/api/teams?page=0')).body.data) teams[t.name] = t.id;
    const enrol = async (name: string, cpf: string | null, teamNames: string[]) => {
      const created = await shared.call('POST', '/api/students', { name, ...(cpf ? { cpf } : {}) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[name] = created.body.data.id;
      for (const team of teamNames)
        expect(
          (await shared.call('POST', '/api/registrations', { student_id: ids[name], team_id: teams[team] })).status,
        ).toBe(201);
    };
    await enrol(JOAO, '529.982.247-25', ['Turma Médio 2026 A', 'Enfermagem 2026.1']);
    await enrol('Ângela Brandão', null, ['Turma Médio 2026 B']);
    await enrol('Bruno Costa', null, ['Turma Médio 2026 B']);
    await enrol('=SOMA(1;2)', null, ['Turma Médio 2026 A']);
    // More enrolments than the CSV reads at once, written straight to the database (the API would take minutes).
    const k = dynamic(shared.server.db);
    const now = new Date().toISOString();
    for (let start = 0; start < BATCH; start += 250) {
      const names = Array.from(
        { length: Math.min(250, BATCH - start) },
        (_, i) => `Lote Aluno ${String(start + i + 1).padStart(4, '0')}`,
      );
      const rows = await k
        .insertInto('students')
        .values(
          names.map((name) => ({
            name,
            status: 'Ativo',
            search_text: foldText(name),
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await k
        .insertInto('registrations')
        .values(
          rows.map((r) => ({
            student_id: r.id,
            team_id: teams['Enfermagem Castanhal 2026'],
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  const TOTAL = BATCH + 5;

  it('answers the list convention: one row per enrolment with student, team, polo, responsible and grid', async () => {
    const { status, body } = await call(
      '/api/reports/general-report-of-students?page=1&perPage=3&sortBy=name&sortDesc=0',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ current_page: 1, per_page: 3, total: TOTAL, last_page: Math.ceil(TOTAL / 3) });
    expect(body.data).toHaveLength(3);
    // Sorted by name without regard to accents or an '=' sign: "=SOMA", "Ângela", "Bruno".
    expect(body.data.map((r: { name: string }) => r.name)).toEqual(['=SOMA(1;2)', 'Ângela Brandão', 'Bruno Costa']);
    expect(body.data[1]).toEqual({
      id: expect.any(Number),
      student_id: ids['Ângela Brandão'],
      name: 'Ângela Brandão',
      team: 'Turma Médio 2026 B',
      polo: 'Polo Belém Nazaré',
      responsible: 'José Ribamar Lima',
      grid: expect.stringMatching(/\S/),
    });
  });

  it("searches with the app's search: accents and case ignored, by student, CPF, team, polo or its responsible", async () => {
    const names = async (search: string, sort = 'sortBy=team&sortDesc=1') =>
      (
        await call(`/api/reports/general-report-of-students?page=0&${sort}&search=${encodeURIComponent(search)}`)
      ).body.data.map((r: { name: string; team: string }) => `${r.name} / ${r.team}`);
    expect(await names('JOAO D')).toEqual([`${JOAO} / Turma Médio 2026 A`, `${JOAO} / Enfermagem 2026.1`]);
    expect(await names('529.982.247-25')).toHaveLength(2);
    expect(await names('ribamar', 'sortBy=name&sortDesc=1')).toEqual([
      'Bruno Costa / Turma Médio 2026 B',
      'Ângela Brandão / Turma Médio 2026 B',
    ]);
    // Same team: the enrolment made first comes first.
    expect(await names('SEDE ananindeua', 'sortBy=team&sortDesc=0')).toEqual([
      `${JOAO} / Enfermagem 2026.1`,
      `${JOAO} / Turma Médio 2026 A`,
      `=SOMA(1;2) / Turma Médio 2026 A`,
    ]);
    expect(await names('castanhal')).toHaveLength(BATCH);
    // Words of the student and of the team together: each word may be found in a different table.
    expect(await names('bruno medio')).toEqual(['Bruno Costa / Turma Médio 2026 B']);
    expect(await names('brandao ribamar')).toEqual(['Ângela Brandão / Turma Médio 2026 B']);
    expect(await names('ninguém com este nome')).toEqual([]);
  });

  it('sorts only by its columns: anything else is a 422 naming the parameter, never SQL', async () => {
    for (const bad of ['cpf', 's.name', 'name; drop table students', 'id']) {
      const { status, body } = await call(`/api/reports/general-report-of-students?sortBy=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(422);
      expect(body.errors.sortBy[0]).toContain('Não é possível ordenar por');
    }
    expect((await call('/api/reports/general-report-of-students?perPage=0')).status).toBe(422);
    expect((await call('/api/reports/general-report-of-students?page=-1')).status).toBe(422);
  });

  it('answers the data-table convention with draw, recordsTotal, recordsFiltered and the page asked for', async () => {
    const dt = (params: string) => call(`/api/reports/general-report-of-students?${params}`);
    const first = await dt('draw=7&start=0&length=2&search[value]=ribamar&order[0][column]=1&order[0][dir]=desc');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ draw: 7, recordsTotal: TOTAL, recordsFiltered: 2 });
    expect(first.body.data.map((r: { name: string }) => r.name)).toEqual(['Bruno Costa', 'Ângela Brandão']);
    // Column 0 is the student's code.
    const byCode = await dt('draw=1&start=0&length=1&search[value]=ribamar&order[0][column]=0&order[0][dir]=asc');
    expect(byCode.body.data[0].student_id).toBe(ids['Ângela Brandão']);
    // An unknown column or direction keeps the default order (name, ascending), as data-table servers do.
    for (const order of [
      'order[0][column]=99&order[0][dir]=desc',
      'order[0][column]=x',
      'order[0][column]=1&order[0][dir]=sideways',
    ]) {
      const answer = await dt(`draw=2&start=0&length=1&search[value]=ribamar&${order}`);
      expect(answer.status, order).toBe(200);
      expect(answer.body.data[0].name, order).toBe(order.includes('desc') ? 'Bruno Costa' : 'Ângela Brandão');
    }
    // -1 is every row; a start past the first thousand pages on.
    expect((await dt('draw=3&start=0&length=-1&search[value]=lote')).body.data).toHaveLength(BATCH);
    const tail = await dt('draw=4&start=1000&length=10&search[value]=lote&order[0][column]=1');
    expect(tail.body.data.map((r: { name: string }) => r.name)).toEqual([
      'Lote Aluno 1001',
      'Lote Aluno 1002',
      'Lote Aluno 1003',
    ]);
    for (const bad of [
      'draw=abc',
      'draw=1&length=-2',
      'draw=1&start=-1',
      'draw=1&length=1e3',
      `draw=1&search[value]=${'x'.repeat(201)}`,
    ]) {
      const answer = await dt(bad);
      expect(answer.status, bad).toBe(422);
      expect(answer.body.message, bad).toMatch(/parâmetro|pesquisa/);
    }
  });

  it('downloads the whole filtered set as CSV: UTF-8 with BOM, ";" separated, quoted, in the table order', async () => {
    const download = async (query: string) => {
      const response = await fetch(`${shared.server.url}/api/reports/general-report-of-students.csv?${query}`, {
        headers: { authorization: `Bearer ${shared.token}` },
      });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        disposition: response.headers.get('content-disposition'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    const all = await download('sortBy=name');
    expect(all.status).toBe(200);
    expect(all.type).toBe('text/csv; charset=utf-8');
    expect(all.disposition).toBe(
      'attachment; filename="relatorio_geral_de_alunos.csv"; filename*=UTF-8\'\'relatorio_geral_de_alunos.csv',
    );
    expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(all.bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Código do aluno', 'Aluno', 'Turma', 'Polo', 'Responsável', 'Grade']);
    expect(rows).toHaveLength(TOTAL + 1);
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows[1].slice(0, 3)).toEqual([String(ids['=SOMA(1;2)']), "'=SOMA(1;2)", 'Turma Médio 2026 A']);
    expect(rows[2]).toEqual([
      String(ids['Ângela Brandão']),
      'Ângela Brandão',
      'Turma Médio 2026 B',
      'Polo Belém Nazaré',
      'José Ribamar Lima',
      expect.stringMatching(/\S/),
    ]);
    expect(
      rows
        .filter((r) => r[1] === JOAO)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['Enfermagem 2026.1', 'Turma Médio 2026 A']);
    expect(rows.at(-1)?.[1]).toBe('Lote Aluno 1003');
    // The semicolon and the quotes of a name travel quoted, never splitting the row.
    expect(all.bytes.toString('utf8')).toContain(`;"João D'Ávila; ""Jota""";`);

    const filtered = parseCsv(
      (await download('search=ribamar&sortBy=name&sortDesc=1')).bytes.subarray(3).toString('utf8'),
    );
    expect(filtered.slice(1).map((r) => r[1])).toEqual(['Bruno Costa', 'Ângela Brandão']);
    const refused = await download('sortBy=cpf');
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.bytes.toString('utf8')).errors.sortBy).toHaveLength(1);
  });

  it('is only for signed-in users', async () => {
    expect((await shared.server.request('GET', '/api/reports/general-report-of-students')).status).toBe(401);
    expect((await shared.server.request('GET', '/api/reports/general-report-of-students.csv')).status).toBe(401);
  });
});
