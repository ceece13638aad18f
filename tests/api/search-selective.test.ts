import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { resources } from '../../resources';
import { searchPlan } from '../../server/crud/search';
import { forgetSamples } from '../../server/crud/search-stats-pg';
import { ResourceRepository } from '../../server/crud/repository';
import { dynamic, openDb } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/**
 * SQLite matches through its index only the rarest word of a search and checks the others row by row;
 * a search the index answers alone is counted from the index and paged in its order. Whatever the
 * plan, the rows and the total are those of the rule: every word, anywhere, in any order.
 * Each test names its rows with a word of its own, so they pass in any order on one database.
 */
describeOnDatabases('search: a very common word with a rare one', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => shared.call(method, path, body);
  const create = async (name: string, extra: Record<string, string> = {}) => {
    const created = await call('POST', '/api/students', { name, ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id as number;
  };
  const list = async (query: string) => {
    const { status, body } = await call('GET', `/api/students?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as { data: { id: number }[]; total: number; last_page: number };
  };
  const found = async (search: string) => {
    const body = await list(`perPage=100&search=${encodeURIComponent(search)}`);
    expect(body.total, `total de "${search}"`).toBe(body.data.length);
    return body.data.map((r) => r.id).sort((a, b) => a - b);
  };
  /** Twelve rows with the common word, one with both words, one with only the rare word. */
  const rows = async (common: string, rare: string) => {
    const many: number[] = [];
    for (let i = 0; i < 12; i++) many.push(await create(`${common} Pessoa ${String.fromCharCode(97 + i)}`));
    const both = await create(`${common} ${rare} Silva`);
    const rareOnly = await create(`${rare} Sozinho`);
    return { many, both, rareOnly };
  };

  it('finds only the rows with both words, in either order, with an exact total', async () => {
    const { both, rareOnly } = await rows('Comumalfa', 'Raríssimoalfa');
    expect(await found('comumalfa rarissimoalfa')).toEqual([both]);
    expect(await found('rarissimoalfa comumalfa')).toEqual([both]);
    expect(await found('rarissimoalfa')).toEqual([both, rareOnly].sort((a, b) => a - b));
    expect(await found('comumalfa rarissimoalfa sozinho')).toEqual([]);
  });

  if (dialect === 'sqlite') {
    it('asks the index for the rarer word only, the most common one checked on the rows it finds', async () => {
      await rows('Comumhotel', 'Raríssimohotel');
      const students = resources.find((r) => r.name === 'students')!;
      for (const search of ['comumhotel rarissimohotel', 'rarissimohotel comumhotel']) {
        const plan = await searchPlan(shared.server.db, students, search, 'r');
        expect(plan?.fts?.match, search).toBe('"rarissimohotel"');
        expect(plan?.fts?.rest, search).toBeDefined();
      }
    });
  }

  if (dialect === 'postgres') {
    it("asks the trigram index for the rare word only, once ANALYZE's sample shows the other is common", async () => {
      const db = shared.server.db;
      const students = resources.find((r) => r.name === 'students')!;
      const plainSql = async (search: string) => {
        const plan = await searchPlan(db, students, search, 'r');
        const { sql: text, parameters } = sql`select 1 from students r where ${plan!.condition}`.compile(db.kysely);
        return text.replace(/\$(\d+)/g, (_, n) => `'${parameters[Number(n) - 1]}'`);
      };
      const now = new Date().toISOString();
      // Three hundred rows with the common word (straight into the table: only its search text counts here).
      await dynamic(db)
        .insertInto('students')
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            name: `Comumjuliet ${i}`,
            search_text: `comumjuliet pessoa ${i}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const { both, rareOnly } = await rows('Comumjuliet', 'Raríssimojuliet');
      const before = await plainSql('comumjuliet rarissimojuliet');
      expect(before).not.toContain("|| '')");

      await sql`analyze students`.execute(db.kysely);
      forgetSamples(db);
      for (const search of ['comumjuliet rarissimojuliet', 'rarissimojuliet comumjuliet']) {
        const text = await plainSql(search);
        expect(text, search).toContain(`("r"."search_text" || '') like '%comumjuliet%'`);
        expect(text, search).toContain(`"r"."search_text" like '%rarissimojuliet%'`);
        expect(text, search).not.toContain(`("r"."search_text" || '') like '%rarissimojuliet%'`);
      }
      // The same rows either way.
      expect(await found('comumjuliet rarissimojuliet')).toEqual([both]);
      expect(await found('rarissimojuliet')).toEqual([both, rareOnly].sort((a, b) => a - b));
      expect((await list('perPage=1&search=comumjuliet')).total).toBe(300 + 12 + 1);
      // Two common words: both stay in the index scan.
      expect(await plainSql('comumjuliet pessoa')).not.toContain("|| '')");
    });
  }

  it('checks short words and accents typed with the rare word on the rows it finds', async () => {
    const { both, rareOnly } = await rows('Comumbravo', 'Raríssimobravo');
    expect(await found('RARÍSSIMOBRAVO CÔMUMBRAVO')).toEqual([both]);
    expect(await found('rarissimobravo so')).toEqual([rareOnly]);
    expect(await found('va rarissimobravo')).toEqual([both]);
    expect(await found('rarissimobravo x')).toEqual([]);
  });

  it('finds a word in another field than the rare one: the mother', async () => {
    const id = await create('Raríssimocharlie Pereira', { name_mother: 'Comumcharlie Pereira' });
    await create('Raríssimocharlie Costa', { name_mother: 'Maria Costa' });
    for (let i = 0; i < 6; i++) await create(`Comumcharlie Outra ${String.fromCharCode(97 + i)}`);
    expect(await found('comumcharlie rarissimocharlie')).toEqual([id]);
  });

  it('keeps finding every row after the rare word became common', async () => {
    const { both } = await rows('Comumdelta', 'Raríssimodelta');
    expect(await found('comumdelta rarissimodelta')).toEqual([both]);
    const later: number[] = [];
    for (let i = 0; i < 20; i++) later.push(await create(`Raríssimodelta Nova ${String.fromCharCode(97 + i)}`));
    const second = await create('Raríssimodelta Comumdelta Souza');
    expect(await found('comumdelta rarissimodelta')).toEqual([both, second]);
    expect(await found('rarissimodelta')).toHaveLength(1 + 1 + 20 + 1);
  });

  it('pages a one-word search by id either way exactly as the whole list, with its total', async () => {
    const { many, both } = await rows('Comumecho', 'Raríssimoecho');
    const all = [...many, both];
    const desc = [...all].sort((a, b) => b - a);
    const asc = [...all].sort((a, b) => a - b);
    const everything = await list('page=0&search=comumecho');
    expect(everything.data.map((r) => r.id)).toEqual(desc);
    const second = await list('page=2&perPage=5&search=comumecho');
    expect(second.data.map((r) => r.id)).toEqual(desc.slice(5, 10));
    expect(second.total).toBe(13);
    expect(second.last_page).toBe(3);
    const last = await list('page=3&perPage=5&search=comumecho&sortBy=id&sortDesc=0');
    expect(last.data.map((r) => r.id)).toEqual(asc.slice(10));
    expect((await list('page=4&perPage=5&search=comumecho')).data).toEqual([]);
    // With a short word, the rows are checked one by one and the page is the same slice.
    expect((await list('page=1&perPage=4&search=comumecho%20pe')).data.map((r) => r.id)).toEqual(
      [...many].sort((a, b) => b - a).slice(0, 4),
    );
  });

  it('counts a one-word search exactly after a row is removed straight from the table', async () => {
    const { many } = await rows('Comumfoxtrot', 'Raríssimofoxtrot');
    expect((await list('perPage=1&search=comumfoxtrot')).total).toBe(13);
    await sql`delete from students where id = ${many[3]}`.execute(shared.server.db.kysely);
    expect((await list('perPage=1&search=comumfoxtrot')).total).toBe(12);
    expect(await found('comumfoxtrot')).not.toContain(many[3]);
    // Counted through the table, a short word checked row by row: the same.
    expect((await list('perPage=1&search=comumfoxtrot%20pe')).total).toBe(11);
    await sql`delete from students where id = ${many[4]}`.execute(shared.server.db.kysely);
    expect((await list('perPage=1&search=comumfoxtrot%20pe')).total).toBe(10);
  });

  it('counts a search exactly after another connection to the database wrote', async () => {
    await rows('Comumgolf', 'Raríssimogolf');
    expect((await list('perPage=1&search=comumgolf')).total).toBe(13);
    expect((await list('perPage=1&search=comumgolf%20pe')).total).toBe(12);
    const other = openDb(shared.server.db.opened);
    try {
      const now = new Date().toISOString();
      await sql`insert into students (name, search_text, created_at, updated_at) values ('Comumgolf Pereira', 'comumgolf pereira', ${now}, ${now})`.execute(
        other.kysely,
      );
    } finally {
      await other.destroy();
    }
    expect((await list('perPage=1&search=comumgolf')).total).toBe(14);
    expect((await list('perPage=1&search=comumgolf%20pe')).total).toBe(13);
  });

  it('keeps a remembered total exact through inserts, changes and removals, however they are made', async () => {
    const { many } = await rows('Comumkilo', 'Raríssimokilo');
    const total = async (search = 'comumkilo') => (await list(`perPage=1&search=${encodeURIComponent(search)}`)).total;
    expect(await total()).toBe(13);
    expect(await total('comumkilo pe')).toBe(12);
    // Inserts: through the API, and straight into the table (as a bulk import would).
    await create('Comumkilo Pereira Nova');
    await create('Outra Pessoa Qualquer');
    const now = new Date().toISOString();
    await sql`insert into students (name, search_text, created_at, updated_at) values ('Comumkilo Peixoto', 'comumkilo peixoto', ${now}, ${now})`.execute(
      shared.server.db.kysely,
    );
    expect(await total()).toBe(15);
    expect(await total('comumkilo pe')).toBe(14);
    // A change through the API, then one straight in the table, each taking a row out of the search.
    expect((await call('PUT', `/api/students/${many[0]}`, { name: 'Renomeada Pessoa' })).status).toBe(200);
    expect(await total()).toBe(14);
    await sql`update students set search_text = 'sem a palavra' where id = ${many[1]}`.execute(shared.server.db.kysely);
    expect(await total()).toBe(13);
    expect(await total('comumkilo pe')).toBe(12);
    // A removal.
    expect((await call('DELETE', `/api/students/${many[2]}`)).status).toBe(200);
    expect(await total()).toBe(12);
    expect(await found('comumkilo')).toHaveLength(12);
  });

  it('writes the same search text when a row is registered as when it is indexed again', async () => {
    const db = shared.server.db;
    const teaching = (
      await call('POST', '/api/teachings', { name: 'Ensino Técnico Índigo', description: 'Formação em Química' })
    ).body.data.id;
    const course = (await call('POST', '/api/courses', { name: 'Curso de Análises', teaching_id: teaching })).body.data
      .id;
    const student = await create('Joana Índigo', { name_mother: 'Márcia Índigo', cpf: '52998224725' });
    const texts = async () =>
      Promise.all(
        [
          ['teachings', teaching],
          ['courses', course],
          ['students', student],
        ].map(
          async ([table, id]) =>
            (
              await dynamic(db)
                .selectFrom(String(table))
                .select('search_text')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).search_text as string,
        ),
      );
    const registered = await texts();
    expect(registered[1]).toBe('curso de analises • ensino tecnico indigo');
    for (const name of ['teachings', 'courses', 'students']) {
      await new ResourceRepository(
        db,
        resources.find((r) => r.name === name)!,
        resources,
      ).reindex();
    }
    expect(await texts()).toEqual(registered);
  });

  it('counts again when a row with a smaller id than the last counted arrives (a transaction committing late)', async () => {
    await rows('Comumlima', 'Raríssimolima');
    const total = async () => (await list('perPage=1&search=comumlima')).total;
    expect(await total()).toBe(13);
    // On PostgreSQL two transactions can commit their ids out of order; here, explicit ids in that order.
    const insert = (id: number) => {
      const now = new Date().toISOString();
      return sql`insert into students (id, name, search_text, created_at, updated_at) values (${id}, 'Comumlima Tardia', 'comumlima tardia', ${now}, ${now})`.execute(
        shared.server.db.kysely,
      );
    };
    await insert(1_000_100);
    expect(await total()).toBe(14);
    await insert(1_000_050);
    expect(await total()).toBe(15);
  });
});
