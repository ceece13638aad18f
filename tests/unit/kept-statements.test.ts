import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { keepingStatements } from '../../server/db/connection';

/** The SQLite connection keeps compiled statements for reuse, bounded by their number and by their text (issue 37). */
function counting() {
  const prepared: string[] = [];
  const database = {
    prepare: (query: string) => {
      prepared.push(query);
      return { query } as unknown as Database.Statement;
    },
    close: () => database,
  } as unknown as Pick<Database.Database, 'prepare' | 'close'>;
  return { connection: keepingStatements(database), prepared };
}

describe('kept SQLite statements', () => {
  it('prepares a short statement once however often it is sent', () => {
    const { connection, prepared } = counting();
    for (let i = 0; i < 50; i++) connection.prepare('select id from students where id = ?');
    expect(prepared).toHaveLength(1);
  });

  it('lets go of long ones once their text passes the bound: an import’s slices never pile up', () => {
    const { connection, prepared } = counting();
    const long = (n: number) => `insert into financials values ${'(?, ?, ?), '.repeat(500)}(${n})`;
    connection.prepare(long(0));
    // 200 slices of 5,000 characters each: 1,000,000 in all.
    for (let i = 1; i <= 200; i++) connection.prepare(long(i));
    connection.prepare(long(0));
    expect(prepared.filter((q) => q === long(0))).toHaveLength(2);
    // The latest is still kept.
    connection.prepare(long(200));
    expect(prepared.filter((q) => q === long(200))).toHaveLength(1);
  });

  it('never keeps one longer than a list page’s query', () => {
    const { connection, prepared } = counting();
    const huge = `insert into students values ${'(?, ?, ?), '.repeat(1000)}(?, ?, ?)`;
    connection.prepare(huge);
    connection.prepare(huge);
    expect(prepared).toHaveLength(2);
  });
});
