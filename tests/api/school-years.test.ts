import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dynamic, openDb, type Db } from '../../server/db/connection';
import { migrateToLatest, migrateUpTo } from '../../server/db/migrator';
import { schoolDayOf } from '../../resources/format';
import { currentSchoolYear } from '../../server/school-year/years';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, freshSchema } from './support/server';

describeOnDatabases('school years (issue 38)', (dialect) => {
  // Each test works on years of its own (the seed has 2026 and 2027).
  const shared = serverPerFile(dialect);
  const call = (method: string, route: string, body?: unknown) => shared.call(method, route, body);

  it('creates, lists, reads, changes and removes a year', async () => {
    const created = await call('POST', '/api/school-years', {
      year: 2030,
      start_date: '2030-02-04',
      end_date: '2030-12-13',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ year: 2030, start_date: '2030-02-04', status: 'open' });
    const id = created.body.data.id;

    const list = await call('GET', '/api/school-years');
    expect(list.body.data.map((y: { year: number }) => y.year)).toEqual(expect.arrayContaining([2030, 2027, 2026]));

    const closed = await call('PUT', `/api/school-years/${id}`, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect((await call('GET', `/api/school-years/${id}`)).body[0]).toMatchObject({
      year: 2030,
      status: 'closed',
      end_date: '2030-12-13',
    });
    expect((await call('DELETE', `/api/school-years/${id}`)).status).toBe(200);
    expect((await call('GET', `/api/school-years/${id}`)).status).toBe(404);
  });

  it('answers bad input with 422 in Portuguese, and a year only once', async () => {
    const empty = await call('POST', '/api/school-years', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['end_date', 'start_date', 'year']);
    expect(empty.body.errors.year[0]).toMatch(/ano/i);

    const backwards = await call('POST', '/api/school-years', {
      year: 2031,
      start_date: '2031-12-01',
      end_date: '2031-02-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.end_date).toBeDefined();

    const elsewhere = await call('POST', '/api/school-years', {
      year: 2031,
      start_date: '2030-02-01',
      end_date: '2031-12-01',
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({ start_date: ['O início deve ser em 2031, o ano letivo.'] });

    const status = await call('POST', '/api/school-years', {
      year: 2031,
      start_date: '2031-02-01',
      end_date: '2031-12-01',
      status: 'talvez',
    });
    expect(status.status).toBe(422);
    expect(status.body.errors.status).toBeDefined();
    const emptied = await call('PUT', '/api/school-years/1', { status: null });
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors).toEqual({ status: ['Escolha a situação do ano letivo: Aberto ou Encerrado.'] });

    const twice = await call('POST', '/api/school-years', {
      year: 2026,
      start_date: '2026-02-01',
      end_date: '2026-12-01',
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ year: ['Já existe este ano letivo.'] });
  });

  it('gives a team registered without a year the year of its start date, creating it when missing', async () => {
    const years = (await call('GET', '/api/school-years')).body.data as { id: number; year: number }[];
    const y2026 = years.find((y) => y.year === 2026)!;
    // As the original API's client sends it: no school year, dates as dd/mm/aaaa.
    const team = await call('POST', '/api/teams', {
      name: 'Turma Antiga Sem Ano',
      start_date: '03/02/2026',
      end_date: '18/12/2026',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(team.body.data).toMatchObject({ school_year_id: y2026.id, school_year: { id: y2026.id, year: 2026 } });

    const later = await call('POST', '/api/teams', {
      name: 'Turma de 2032',
      start_date: '2032-02-02',
      end_date: '2032-12-17',
      polo_id: 1,
      grid_id: 1,
    });
    expect(later.status).toBe(201);
    const y2032 = (await call('GET', '/api/school-years?search=2032')).body.data;
    expect(y2032).toEqual([expect.objectContaining({ year: 2032, start_date: '2032-02-02', end_date: '2032-12-17' })]);
    expect(later.body.data.school_year_id).toBe(y2032[0].id);

    // Given, it is kept; the list filters by it; a year with teams is not removed.
    const chosen = await call('POST', '/api/teams', {
      name: 'Turma Escolhida',
      start_date: '2032-01-20',
      end_date: '2032-12-17',
      polo_id: 1,
      grid_id: 1,
      school_year_id: y2026.id,
    });
    expect(chosen.body.data.school_year_id).toBe(y2026.id);
    const of2032 = await call('GET', `/api/teams?school_year_id=${y2032[0].id}`);
    expect(of2032.body.data.map((t: { name: string }) => t.name)).toEqual(['Turma de 2032']);
    expect((await call('GET', '/api/teams?school_year_id=abc')).status).toBe(422);
    expect((await call('DELETE', `/api/school-years/${y2032[0].id}`)).status).toBe(409);

    const unknown = await call('POST', '/api/teams', {
      name: 'Turma Perdida',
      start_date: '2032-02-02',
      end_date: '2032-12-17',
      polo_id: 1,
      grid_id: 1,
      school_year_id: 99999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.school_year_id).toBeDefined();
  });

  it('opens the screens on the year containing today, between two years on the last begun, never on a planned one', async () => {
    // The seed's 2026 (02/02–18/12) and 2027 (01/02/2027–17/12/2027); this file's other years are 2030 onwards.
    const on = async (today: string) => (await currentSchoolYear(shared.server.db, today))?.year;
    expect(await on('2026-06-15')).toBe(2026);
    expect(await on('2026-12-24')).toBe(2026);
    expect(await on('2027-01-10')).toBe(2026);
    expect(await on('2027-02-01')).toBe(2027);
    expect(await on('2028-01-05')).toBe(2027);

    const answer = await call('GET', '/api/school-years/current');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([expect.objectContaining({ year: await on(schoolDayOf()) })]);
    expect((await shared.server.request('GET', '/api/school-years/current')).status).toBe(401);
  });

  it('the seeded teams belong to 2026', async () => {
    const teams = (await call('GET', '/api/teams?perPage=50')).body.data as { name: string; school_year: unknown }[];
    for (const t of teams.filter((t) => !/Turma (Antiga|de 2032|Escolhida)/.test(t.name)))
      expect(t.school_year, t.name).toMatchObject({ year: 2026 });
  });

  it('answers the team list as the original client reads it, with the year beside', async () => {
    const list = await call('GET', '/api/teams?year=2026');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
  });
});

describeOnDatabases('school years migration', (dialect) => {
  it('gives every existing team the year of its start date, the year spanning its teams', async () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    if (dialect === 'postgres') {
      const { url, schema, drop } = await freshSchema();
      db = openDb({ databaseUrl: url, dataDir: '', pgSchema: schema, poolSize: 2 });
      cleanup = drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-years-'));
      db = openDb({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    try {
      await migrateUpTo(db, '0047_sealed_secrets');
      const k = dynamic(db);
      const now = new Date().toISOString();
      const stamp = { created_at: now, updated_at: now };
      const insert = async (table: string, values: Record<string, unknown>) =>
        Number(
          (
            await k
              .insertInto(table)
              .values({ ...values, ...stamp })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const polo = await insert('polos', { name: 'Sede', city: 'Belém', uf: 'PA' });
      const grid = await insert('grids', { name: 'Grade' });
      const team = (name: string, start_date: string, end_date: string) =>
        insert('teams', { name, start_date, end_date, polo_id: polo, grid_id: grid });
      const a = await team('A', '2025-02-03', '2025-12-12');
      const b = await team('B', '2025-03-10', '2026-06-30');
      const c = await team('C', '2026-02-02', '2026-12-18');
      await migrateToLatest(db);
      const years = await k
        .selectFrom('school_years')
        .select(['id', 'year', 'start_date', 'end_date', 'status'])
        .orderBy('year')
        .execute();
      expect(years.map(({ id: _, ...y }) => ({ ...y, year: Number(y.year) }))).toEqual([
        { year: 2025, start_date: '2025-02-03', end_date: '2026-06-30', status: 'open' },
        { year: 2026, start_date: '2026-02-02', end_date: '2026-12-18', status: 'open' },
      ]);
      const teams = await k.selectFrom('teams').select(['id', 'school_year_id']).orderBy('id').execute();
      expect(teams.map((t) => [Number(t.id), Number(t.school_year_id)])).toEqual([
        [a, Number(years[0].id)],
        [b, Number(years[0].id)],
        [c, Number(years[1].id)],
      ]);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
