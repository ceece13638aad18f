import { beforeEach, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, type TestServer } from './support/server';

describeOnDatabases('teachings through the generic pipeline', (dialect) => {
  // A school of its own per test: the four seeded teachings, whatever the tests before created or renamed.
  const fresh = serverPerTest(dialect);
  let server: TestServer;
  let token: string;
  beforeEach(() => {
    ({ server, token } = fresh);
  });

  const get = (route: string) => server.request('GET', route, { token });

  it('lists with the contract envelope, newest first by default', async () => {
    const { status, body } = await get('/api/teachings');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(body.total).toBe(4);
    expect(body.current_page).toBe(1);
    expect(body.last_page).toBe(1);
    expect(body.per_page).toBe(10);
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([4, 3, 2, 1]);
    expect(body.data[0]).toMatchObject({ name: 'Técnico' });
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('pages with page/perPage and answers every row for page=0', async () => {
    const first = await get('/api/teachings?page=1&perPage=3');
    expect(first.body.data).toHaveLength(3);
    expect(first.body.last_page).toBe(2);
    const second = await get('/api/teachings?page=2&perPage=3');
    expect(second.body.data).toHaveLength(1);
    expect(second.body.current_page).toBe(2);
    const all = await get('/api/teachings?page=0&perPage=2');
    expect(all.body.data).toHaveLength(4);
    expect(all.body.last_page).toBe(1);
    // A page past the end still says how many rows there are (the counters come with a page's rows).
    const past = await get('/api/teachings?page=9&perPage=3');
    expect([past.body.data, past.body.total, past.body.last_page]).toEqual([[], 4, 2]);
    const pastSearch = await get('/api/teachings?page=9&perPage=1&search=medio');
    expect([pastSearch.body.data, pastSearch.body.total, pastSearch.body.last_page]).toEqual([[], 3, 3]);
    // Nothing but the config's columns in a row.
    expect(Object.keys(first.body.data[0]).filter((k) => k.startsWith('_'))).toEqual([]);
    const bad = await get('/api/teachings?page=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.page).toEqual(['Página inválida.']);
  });

  it('searches without case or accents, and treats % and _ literally', async () => {
    const folded = await get('/api/teachings?search=EDUCACAO%20de%20jovens');
    expect(folded.body.data.map((r: { name: string }) => r.name)).toEqual(['Educação de Jovens e Adultos']);
    const accented = await get(`/api/teachings?search=${encodeURIComponent('médio')}`);
    // "médio" is in one name and in two descriptions ("nível médio", "fundamental e médio").
    expect(accented.body.data.map((r: { name: string }) => r.name).sort()).toEqual([
      'Educação de Jovens e Adultos',
      'Ensino Médio',
      'Técnico',
    ]);
    const unaccented = await get('/api/teachings?search=MEDIO');
    expect(unaccented.body.total).toBe(3);
    const byDescription = await get('/api/teachings?search=concomitantes');
    expect(byDescription.body.total).toBe(1);
    const wildcard = await get('/api/teachings?search=%25');
    expect(wildcard.body.total).toBe(0);
    const byId = await get('/api/teachings?search=2');
    expect(byId.body.data.map((r: { id: number }) => r.id)).toContain(2);
  });

  it('sorts only by whitelisted fields', async () => {
    const asc = await get('/api/teachings?sortBy=name&sortDesc=0');
    const names = asc.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(['Educação de Jovens e Adultos', 'Ensino Fundamental', 'Ensino Médio', 'Técnico']);
    const desc = await get('/api/teachings?sortBy=name&sortDesc=1');
    expect(desc.body.data.map((r: { name: string }) => r.name)).toEqual([...names].reverse());
    for (const evil of ['password_hash', 'id;drop table teachings', 'updated_at', 'name desc']) {
      const refused = await get(`/api/teachings?sortBy=${encodeURIComponent(evil)}`);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.sortBy[0]).toMatch(/^Não é possível ordenar por/);
    }
    expect((await get('/api/teachings')).body.total).toBe(4);
  });

  it('answers a record as a list whose first item is the record, 404 otherwise', async () => {
    const { status, body } = await get('/api/teachings/2');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]).toMatchObject({ id: 2, name: 'Ensino Médio' });
    for (const id of ['9999', 'abc', '1.5', '..%2F..%2Fetc']) {
      const missing = await get(`/api/teachings/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Registro não encontrado.' });
    }
  });

  it('creates, updates and deletes with the contract messages, and the rows really change', async () => {
    const created = await server.request('POST', '/api/teachings', {
      token,
      body: { name: '  Pós-Técnico  ', description: 'Especialização técnica' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Registro criado com sucesso!');
    expect(created.body.data).toMatchObject({ name: 'Pós-Técnico', description: 'Especialização técnica' });
    const id = created.body.data.id as number;
    const stored = await server.db.kysely
      .selectFrom('teachings')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Pós-Técnico');

    const updated = await server.request('PUT', `/api/teachings/${id}`, { token, body: { description: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: 'Registro atualizado com sucesso!',
      data: { id, name: 'Pós-Técnico', description: null },
    });

    const removed = await server.request('DELETE', `/api/teachings/${id}`, { token });
    expect(removed).toEqual({ status: 200, body: { message: 'Registro apagado com sucesso!' } });
    const gone = await server.db.kysely.selectFrom('teachings').select('id').where('id', '=', id).executeTakeFirst();
    expect(gone).toBeUndefined();
    expect((await server.request('DELETE', `/api/teachings/${id}`, { token })).status).toBe(404);
    expect((await server.request('PUT', `/api/teachings/${id}`, { token, body: { name: 'x' } })).status).toBe(404);
  });

  it('answers 422 with pt-BR messages per field', async () => {
    const missing = await server.request('POST', '/api/teachings', { token, body: { description: 'sem nome' } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: 'O campo Nome é obrigatório.',
      errors: { name: ['O campo Nome é obrigatório.'] },
    });

    const tooLong = await server.request('POST', '/api/teachings', {
      token,
      body: { name: 'x'.repeat(121), description: 3 },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.name).toEqual(['O campo Nome pode ter no máximo 120 caracteres.']);

    const duplicate = await server.request('POST', '/api/teachings', { token, body: { name: 'Ensino Médio' } });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.name).toEqual(['Já existe um ensino com este nome.']);

    const blanked = await server.request('PUT', '/api/teachings/1', { token, body: { name: '   ' } });
    expect(blanked.status).toBe(422);
    expect(blanked.body.errors.name).toEqual(['O campo Nome é obrigatório.']);

    const renamedToOther = await server.request('PUT', '/api/teachings/1', { token, body: { name: 'Técnico' } });
    expect(renamedToOther.body.errors.name).toEqual(['Já existe um ensino com este nome.']);
    const keepsOwnName = await server.request('PUT', '/api/teachings/1', {
      token,
      body: { name: 'Ensino Fundamental' },
    });
    expect(keepsOwnName.status).toBe(200);

    const notObject = await server.request('POST', '/api/teachings', { token, body: ['name'] });
    expect(notObject.status).toBe(422);

    const count = await server.db.kysely
      .selectFrom('teachings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('ignores fields the config does not allow to be written', async () => {
    const created = await server.request('POST', '/api/teachings', {
      token,
      body: { name: 'Idiomas', id: 777, created_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.id).not.toBe(777);
    expect(created.body.data.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    await server.request('DELETE', `/api/teachings/${created.body.data.id}`, { token });
  });
});
