import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromDatabase, isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../../server/db/errors';

describe("errors that are the server's state, not a bug", () => {
  it('knows a full disk in each of its words: SQLite, the file system, PostgreSQL', async () => {
    expect(isDiskFull({ code: 'SQLITE_FULL' })).toBe(true);
    // PostgreSQL's disk_full (a test cannot fill its disk; the code is what the driver hands over).
    expect(isDiskFull({ code: '53100' })).toBe(true);
    if (fs.existsSync('/dev/full')) {
      const real = await fs.promises.writeFile('/dev/full', 'x').catch((error: unknown) => error);
      expect(isDiskFull(real)).toBe(true);
    }
    expect(isDiskFull({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(false);
    expect(isDiskFull(new Error('x'))).toBe(false);
  });

  it("knows a database that went away, but not another service's socket error", () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(false);
    expect(isDatabaseUnavailable(fromDatabase(refused))).toBe(true);
    expect(isDatabaseUnavailable(fromDatabase(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(fromDatabase(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
  });

  it("knows SQLite's file locked by another process, in each of its words", () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY'])
      expect(isDatabaseBusy({ code })).toBe(true);
    expect(isDatabaseBusy({ code: 'SQLITE_FULL' })).toBe(false);
    expect(isDatabaseBusy(new Error('SQLITE_BUSY'))).toBe(false);
  });
});
