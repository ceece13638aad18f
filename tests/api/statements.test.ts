import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

/**
 * How the server's connection sends statements: on PostgreSQL, a parameterised statement is prepared once
 * per connection under its text's hash and reused (pg_prepared_statements of that connection shows it),
 * a connection keeps a bounded number of them, and statements without parameters still go as plain text
 * (several commands in one, as migrations send them). On both databases, the same statement keeps
 * answering for new parameters and after the table it reads has changed shape.
 */
describeOnDatabases('database statements', (dialect) => {
  const shared = serverPerFile(dialect);

  it('answers the same statement with new parameters, and after its table gains a column', async () => {
    const k = shared.server.db.kysely;
    await sql`create table statement_probe (id integer primary key, name text)`.execute(k);
    await sql`insert into statement_probe (id, name) values (1, 'um'), (2, 'dois')`.execute(k);
    const nameOf = async (id: number) =>
      (await sql<{ name: string }>`select name from statement_probe where id = ${id}`.execute(k)).rows[0]?.name;
    expect(await nameOf(1)).toBe('um');
    expect(await nameOf(2)).toBe('dois');
    await sql`alter table statement_probe add column extra text`.execute(k);
    expect(await nameOf(1)).toBe('um');
    expect(await nameOf(3)).toBeUndefined();
    await sql`drop table statement_probe`.execute(k);
  });

  if (dialect === 'postgres') {
    it('prepares a parameterised statement once per connection and keeps at most 300', async () => {
      await shared.server.db.kysely.connection().execute(async (c) => {
        const prepared = async () =>
          (
            await sql<{
              name: string;
              statement: string;
            }>`select name, statement from pg_prepared_statements where name like ${'s\\_%'}`.execute(c)
          ).rows;
        const before = (await prepared()).length;
        const probe = 'select $1::int + 1 as n /* probe */';
        for (const n of [1, 2, 3])
          expect((await sql<{ n: number }>`select ${n}::int + 1 as n /* probe */`.execute(c)).rows[0].n).toBe(n + 1);
        const mine = (await prepared()).filter((p) => p.statement === probe);
        expect(mine).toHaveLength(1);
        expect(mine[0].name).toMatch(/^s_[\w-]{27}$/);

        // Without parameters: plain text, several commands at once, nothing prepared.
        await sql`create temporary table statement_plain (n int); insert into statement_plain values (7)`.execute(c);
        expect((await sql<{ n: number }>`select n from statement_plain`.execute(c)).rows).toEqual([{ n: 7 }]);
        expect((await prepared()).some((p) => p.statement.includes('statement_plain'))).toBe(false);

        // Past the bound, statements still answer, unprepared.
        for (let i = 0; i < 310 - before; i++) {
          const { rows } = await sql<Record<string, number>>`select ${i}::int as ${sql.raw(`n${i}`)}`.execute(c);
          expect(rows).toEqual([{ [`n${i}`]: i }]);
        }
        expect((await prepared()).length).toBe(300);
      });
    });
  }
});
