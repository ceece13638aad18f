import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { resources } from '../../resources';
import { searchCondition } from '../../server/crud/search';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

const students = resources.find((r) => r.name === 'students')!;

const JOSE = {
  name: 'José Antônio da Silva Brandão',
  cpf: '529.982.247-25',
  email: 'jose.brandao@familia.com.br',
  name_mother: 'Conceição Brandão',
};
const JOANA = {
  name: 'Joana Antunes Silveira',
  cpf: '111.444.777-35',
  email: 'joana@familia.com.br',
  name_mother: 'Helena Antunes',
};

describeOnDatabases('search: every word typed, in any order, indexed', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => shared.call(method, path, body);
  const ids: Record<string, number> = {};
  const found = async (resource: string, search: string) => {
    const { status, body } = await call('GET', `/api/${resource}?perPage=50&search=${encodeURIComponent(search)}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.total, `total de "${search}"`).toBe(body.data.length);
    return body.data.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
  };

  beforeAll(async () => {
    for (const [key, student] of Object.entries({ JOSE, JOANA })) {
      const created = await call('POST', '/api/students', student);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[key] = created.body.data.id;
    }
  });

  it("finds 'José Antônio da Silva Brandão' by 'jose antonio brandao', words in any order, any case", async () => {
    for (const search of ['jose antonio brandao', 'BRANDAO jose', 'antônio JOSÉ', 'silva brandão josé antonio']) {
      expect(await found('students', search), search).toEqual([ids.JOSE]);
    }
  });

  it('finds by parts of words, and only rows that have every word', async () => {
    expect(await found('students', 'bran ant')).toEqual([ids.JOSE]);
    expect(await found('students', 'silv ant')).toEqual([ids.JOSE, ids.JOANA]);
    expect(await found('students', 'silve antunes')).toEqual([ids.JOANA]);
    expect(await found('students', 'jose helena')).toEqual([]);
    // Short words are still words: "da" is in José's name, not in Joana's.
    expect(await found('students', 'silv da')).toEqual([ids.JOSE]);
  });

  it('finds a word in any searchable field: the mother, the e-mail', async () => {
    expect(await found('students', 'conceicao jose')).toEqual([ids.JOSE]);
    expect(await found('students', 'helena joana@familia')).toEqual([ids.JOANA]);
  });

  it('finds a CPF masked or bare, whole or in part, with other words', async () => {
    for (const search of ['529.982.247-25', '52998224725', '982247', 'brandao 529.982']) {
      expect(await found('students', search), search).toEqual([ids.JOSE]);
    }
    expect(await found('students', '111.444.777-35')).toEqual([ids.JOANA]);
  });

  it('finds a row by its id, alone or with a word of it, and not with a word of another row', async () => {
    // Rows without digits of their own, so that only the id can match the number.
    const zacarias = (await call('POST', '/api/students', { name: 'Zacarias Sem Documento' })).body.data.id;
    await call('POST', '/api/students', { name: 'Yolanda Sem Documento' });
    expect(await found('students', String(zacarias))).toContain(zacarias);
    expect(await found('students', `documento ${zacarias}`)).toEqual([zacarias]);
    expect(await found('students', `${zacarias} zaca`)).toEqual([zacarias]);
    expect(await found('students', `yolanda ${zacarias}`)).toEqual([]);
  });

  it('takes % and _ as letters, and answers no row for words nobody has', async () => {
    expect(await found('students', '%')).toEqual([]);
    expect(await found('students', 'jose _')).toEqual([]);
    expect(await found('students', 'zzzqqq')).toEqual([]);
  });

  it('applies the same rule to every resource: a course by its teaching and its own words in any order', async () => {
    const courses = await call('GET', '/api/courses?page=0');
    const informatica = courses.body.data.find((c: { name: string }) => c.name === 'Técnico em Informática');
    expect(await found('courses', 'informatica tecnico')).toEqual([informatica.id]);
    // The autocomplete of a reference asks the same list: a word of the course and one of its teaching.
    const regular = courses.body.data.find((c: { name: string }) => c.name === 'Ensino Médio Regular');
    expect(await found('courses', 'regular medio ensino')).toEqual([regular.id]);
  });

  it('finds a renamed row by its new name only: the index follows every change, and a removed row is gone', async () => {
    const created = await call('POST', '/api/students', { name: 'Rogério Quintela Barbosa' });
    const id = created.body.data.id;
    expect(await found('students', 'quintela rogerio')).toEqual([id]);
    expect((await call('PUT', `/api/students/${id}`, { name: 'Rogério Quaresma Barbosa' })).status).toBe(200);
    expect(await found('students', 'quintela rogerio')).toEqual([]);
    expect(await found('students', 'quaresma rogerio')).toEqual([id]);
    expect((await call('DELETE', `/api/students/${id}`)).status).toBe(200);
    expect(await found('students', 'quaresma rogerio')).toEqual([]);
  });

  it('answers the exact total of an unfiltered list after writes through the API and straight to the table', async () => {
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from students`.execute(shared.server.db.kysely)).rows[0].n);
    const total = async () => (await call('GET', '/api/students?perPage=1')).body.total;
    expect(await total()).toBe(await count());
    const created = await call('POST', '/api/students', { name: 'Contagem Exata' });
    expect(await total()).toBe(await count());
    await sql`delete from students where id = ${created.body.data.id}`.execute(shared.server.db.kysely);
    expect(await total()).toBe(await count());
    expect(await total()).toBeGreaterThanOrEqual(2);
  });

  it('lets the database answer a search from its index instead of reading every row', async () => {
    const condition = await searchCondition(shared.server.db, students, 'jose brandao', 'r');
    const query = sql`select r.id from students r where ${condition}`;
    let plan: string;
    if (dialect === 'postgres') {
      // Two rows make a table scan cheaper; with scans priced out the index must be able to answer.
      plan = await shared.server.db.kysely.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('students_search_trgm');
    } else {
      const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(shared.server.db.kysely);
      plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/VIRTUAL TABLE INDEX .*students_fts|students_fts VIRTUAL TABLE INDEX/);
    }
    expect(plan).not.toBe('');
  });
});
