import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineResource, resources, systemFields, type ResourceConfig } from '../../resources';
import { teachings } from '../../resources/teachings';
import { missingColumns } from '../../server/db/schema-check';
import { schoolSettingsFields } from '../../resources/school-settings';
import { syncSearchIndexes } from '../../server/crud/search-index';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** A resource that exists only in this test: it references teachings, like courses will. */
const tracks: ResourceConfig = defineResource({
  name: 'tracks',
  apiPath: '/tracks',
  table: 'test_tracks',
  labels: { singular: 'Trilha', plural: 'Trilhas', gender: 'f' },
  adminPath: 'trilhas',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 50 },
    {
      name: 'teaching_id',
      label: 'Ensino',
      type: 'reference',
      required: true,
      reference: { resource: 'teachings', embedAs: 'teaching', labelField: 'name' },
    },
    { name: 'code', label: 'Código INEP', type: 'digits', maxLength: 8 },
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'teaching_id', 'code', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['name', 'teaching_id', 'code'],
  sortableFields: ['id', 'name', 'teaching_id'],
  formFields: ['name', 'teaching_id', 'code'],
  menu: { group: 'Testes', icon: 'nao-existe', label: 'Trilhas' },
});

describeOnDatabases('behaviour derived from resource configs', (dialect) => {
  // A school of its own per test, with the extra resource's table.
  const fresh = serverPerTest(dialect, {
    resources: [...resources, tracks],
    prepare: async (db) => {
      const id = db.dialect === 'postgres' ? sql`serial primary key` : sql`integer primary key autoincrement`;
      const ts = db.dialect === 'postgres' ? sql`timestamptz` : sql`text`;
      await sql`create table test_tracks (id ${id}, name varchar(50) not null, teaching_id integer not null references teachings(id), code varchar(8), search_text text not null default '', created_at ${ts} not null, updated_at ${ts} not null)`.execute(
        db.kysely,
      );
    },
  });
  const call = fresh.call;
  const addTrack = async (body: { name: string; teaching_id: number; code?: string }) => {
    const created = await call('POST', '/api/tracks', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as { id: number; name: string };
  };

  it('finds no config field without a column in the real schema', async () => {
    expect(await missingColumns(fresh.server.db, resources)).toEqual([]);
    // The school settings' fields are checked too.
    const withMotto = [
      {
        table: 'school_settings',
        fields: [...schoolSettingsFields, { name: 'motto', label: 'Lema', type: 'text' as const }],
      },
    ];
    expect(await missingColumns(fresh.server.db, resources, withMotto)).toEqual(['school_settings.motto']);
  });

  it('catches a config field that has no column (a field added without its migration)', async () => {
    const withInep = {
      ...teachings,
      fields: [...teachings.fields, { name: 'codigo_inep', label: 'Código INEP', type: 'text' as const }],
    };
    expect(await missingColumns(fresh.server.db, [withInep])).toEqual(['teachings.codigo_inep']);
  });

  it('validates, embeds and searches an extra resource by its config alone', async () => {
    const invalid = await call('POST', '/api/tracks', { name: '', teaching_id: 'abc', code: '12a' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['O campo Nome é obrigatório.'],
      teaching_id: ['Selecione um(a) Ensino válido(a).'],
      code: ['O campo Código INEP deve conter apenas números.'],
    });
    const dangling = await call('POST', '/api/tracks', { name: 'Trilha', teaching_id: 9999 });
    expect(dangling.body.errors).toEqual({ teaching_id: ['O(A) Ensino selecionado(a) não existe.'] });

    const created = await call('POST', '/api/tracks', { name: 'Trilha Ágil', teaching_id: 2, code: '1505-5000' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Trilha Ágil',
      teaching_id: 2,
      code: '15055000',
      teaching: { id: 2, name: 'Ensino Médio' },
    });

    await addTrack({ name: 'Trilha Fundamental', teaching_id: 1 });
    const byTeachingName = await call('GET', '/api/tracks?search=medio');
    expect(byTeachingName.body.data.map((r: { name: string }) => r.name)).toEqual(['Trilha Ágil']);
  });

  it('sorts an extra resource by the fields its config lists (a reference by its label), and only by those', async () => {
    // Created in an order that is neither the teachings' id order nor their name order.
    await addTrack({ name: 'Trilha Fundamental', teaching_id: 1 });
    await addTrack({ name: 'Trilha Técnica', teaching_id: 4 });
    await addTrack({ name: 'Trilha Jovens', teaching_id: 3 });
    const names = async (query: string) => {
      const { status, body } = await call('GET', `/api/tracks?${query}`);
      expect(status, query).toBe(200);
      return body.data.map((r: { name: string }) => r.name);
    };
    expect(await names('')).toEqual(['Trilha Jovens', 'Trilha Técnica', 'Trilha Fundamental']);
    // A reference sorts by the label the list shows: Educação de Jovens…, Ensino Fundamental, Técnico.
    expect(await names('sortBy=teaching_id&sortDesc=0')).toEqual([
      'Trilha Jovens',
      'Trilha Fundamental',
      'Trilha Técnica',
    ]);
    expect(await names('sortBy=teaching_id&sortDesc=1')).toEqual([
      'Trilha Técnica',
      'Trilha Fundamental',
      'Trilha Jovens',
    ]);
    expect(await names('sortBy=name&sortDesc=0')).toEqual(['Trilha Fundamental', 'Trilha Jovens', 'Trilha Técnica']);
    expect((await call('GET', '/api/tracks?sortBy=code')).status).toBe(422);
  });

  it('finds rows by the new label after a referenced record is renamed', async () => {
    await addTrack({ name: 'Trilha Ágil', teaching_id: 2 });
    expect((await call('GET', '/api/tracks?search=medio')).body.total).toBe(1);
    expect((await call('PUT', '/api/teachings/2', { name: 'Ensino Secundário' })).status).toBe(200);
    const found = await call('GET', '/api/tracks?search=secundario');
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Trilha Ágil']);
    expect((await call('GET', '/api/tracks?search=medio')).body.total).toBe(0);
  });

  it('rebuilds search text when a config gains a search field', async () => {
    await addTrack({ name: 'Trilha Ágil', teaching_id: 2, code: '15055000' });
    const before = await call('GET', '/api/tracks?search=15055000');
    expect(before.body.total).toBe(1);
    const withoutCode = { ...tracks, searchFields: ['name'] };
    expect(await syncSearchIndexes(fresh.server.db, [...resources, withoutCode])).toEqual(['test_tracks']);
    expect((await call('GET', '/api/tracks?search=15055000')).body.total).toBe(0);
    expect(await syncSearchIndexes(fresh.server.db, [...resources, tracks])).toEqual(['test_tracks']);
    expect(await syncSearchIndexes(fresh.server.db, [...resources, tracks])).toEqual([]);
    expect((await call('GET', '/api/tracks?search=15055000')).body.total).toBe(1);
  });

  it('refuses with 409 to delete a record others depend on, naming what depends on it', async () => {
    await addTrack({ name: 'Trilha Ágil', teaching_id: 2 });
    const refused = await call('DELETE', '/api/teachings/2');
    expect(refused).toEqual({
      status: 409,
      body: {
        message:
          'Não é possível apagar este ensino: está em uso por 2 cursos, 1 texto de documento, 6 disciplinas e 1 trilha.',
      },
    });
    const still = await call('GET', '/api/teachings/2');
    expect(still.status).toBe(200);
  });

  it('adds the extra resource to the menu delivered at login', async () => {
    const { body } = await fresh.server.request('POST', '/api/auth/login', {
      body: { email: 'admin.teste@escolamodelo.edu.br', password: 'senha-de-teste-1' },
    });
    expect(body.menu).toContainEqual({
      text: 'Testes',
      icon: 'nao-existe',
      children: [{ action: 'Trilhas', path: '/admin/trilhas' }],
    });
  });
});

const INDEX_HTML = '<!doctype html><title>SPA</title><div id="root"></div>';

describeOnDatabases('the built SPA is served for every non-/api path', (dialect) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-spa-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    server = await startServer(dialect, { staticDir: dir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html for history routes and files for assets, JSON for /api', async () => {
    for (const route of ['/', '/login', '/admin/ensinos/3/editar', '/qualquer/coisa']) {
      const page = await server.request('GET', route);
      expect(page.status, route).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
    expect((await server.request('GET', '/assets/app.js')).body).toBe('console.log(1)');
    expect(await server.request('GET', '/api/qualquer')).toEqual({
      status: 404,
      body: { message: 'Rota não encontrada.' },
    });
  });

  it('never serves a file from outside the built SPA, whatever dots the path carries', async () => {
    // server.request sends the path as written: fetch would resolve the dots before sending.
    for (const route of [
      '/../../etc/passwd',
      '/assets/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      // The SPA's own page (history fallback), never the file the dots point at.
      expect(await server.request('GET', route), route).toEqual({ status: 200, body: INDEX_HTML });
    }
  });
});
