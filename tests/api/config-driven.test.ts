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
    { name: 'teaching_id', label: 'Ensino', type: 'reference', required: true, reference: { resource: 'teachings', embedAs: 'teaching', labelField: 'name' } },
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
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect, {
      resources: [...resources, tracks],
      prepare: async (db) => {
        const id = db.dialect === 'postgres' ? sql`serial primary key` : sql`integer primary key autoincrement`;
        const ts = db.dialect === 'postgres' ? sql`timestamptz` : sql`text`;
        await sql`create table test_tracks (id ${id}, name varchar(50) not null, teaching_id integer not null references teachings(id), code varchar(8), search_text text not null default '', created_at ${ts} not null, updated_at ${ts} not null)`.execute(db.kysely);
      },
    });
    token = await server.login();
  });
  afterAll(() => server.close());

  it('finds no config field without a column in the real schema', async () => {
    expect(await missingColumns(server.db, resources)).toEqual([]);
    // The school settings' fields are checked too.
    const withMotto = [{ table: 'school_settings', fields: [...schoolSettingsFields, { name: 'motto', label: 'Lema', type: 'text' as const }] }];
    expect(await missingColumns(server.db, resources, withMotto)).toEqual(['school_settings.motto']);
  });

  it('catches a config field that has no column (a field added without its migration)', async () => {
    const withInep = { ...teachings, fields: [...teachings.fields, { name: 'codigo_inep', label: 'Código INEP', type: 'text' as const }] };
    expect(await missingColumns(server.db, [withInep])).toEqual(['teachings.codigo_inep']);
  });

  it('validates, embeds, searches and sorts an extra resource by its config alone', async () => {
    const invalid = await server.request('POST', '/api/tracks', { token, body: { name: '', teaching_id: 'abc', code: '12a' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['O campo Nome é obrigatório.'],
      teaching_id: ['Selecione um(a) Ensino válido(a).'],
      code: ['O campo Código INEP deve conter apenas números.'],
    });
    const dangling = await server.request('POST', '/api/tracks', { token, body: { name: 'Trilha', teaching_id: 9999 } });
    expect(dangling.body.errors).toEqual({ teaching_id: ['O(A) Ensino selecionado(a) não existe.'] });

    const created = await server.request('POST', '/api/tracks', { token, body: { name: 'Trilha Ágil', teaching_id: 2, code: '1505-5000' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Trilha Ágil', teaching_id: 2, code: '15055000', teaching: { id: 2, name: 'Ensino Médio' } });

    const byTeachingName = await server.request('GET', '/api/tracks?search=medio', { token });
    expect(byTeachingName.body.data.map((r: { name: string }) => r.name)).toEqual(['Trilha Ágil']);
    const sorted = await server.request('GET', '/api/tracks?sortBy=teaching_id', { token });
    expect(sorted.status).toBe(200);
    expect((await server.request('GET', '/api/tracks?sortBy=code', { token })).status).toBe(422);
  });

  it('finds rows by the new label after a referenced record is renamed', async () => {
    await server.request('PUT', '/api/teachings/2', { token, body: { name: 'Ensino Secundário' } });
    const found = await server.request('GET', '/api/tracks?search=secundario', { token });
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Trilha Ágil']);
    expect((await server.request('GET', '/api/tracks?search=medio', { token })).body.total).toBe(0);
    await server.request('PUT', '/api/teachings/2', { token, body: { name: 'Ensino Médio' } });
  });

  it('rebuilds search text when a config gains a search field', async () => {
    const before = await server.request('GET', '/api/tracks?search=15055000', { token });
    expect(before.body.total).toBe(1);
    const withoutCode = { ...tracks, searchFields: ['name'] };
    expect(await syncSearchIndexes(server.db, [...resources, withoutCode])).toEqual(['test_tracks']);
    expect((await server.request('GET', '/api/tracks?search=15055000', { token })).body.total).toBe(0);
    expect(await syncSearchIndexes(server.db, [...resources, tracks])).toEqual(['test_tracks']);
    expect(await syncSearchIndexes(server.db, [...resources, tracks])).toEqual([]);
    expect((await server.request('GET', '/api/tracks?search=15055000', { token })).body.total).toBe(1);
  });

  it('refuses with 409 to delete a record others depend on, naming what depends on it', async () => {
    const refused = await server.request('DELETE', '/api/teachings/2', { token });
    expect(refused).toEqual({ status: 409, body: { message: 'Não é possível apagar este ensino: está em uso por 2 cursos, 1 texto de documento, 6 disciplinas e 1 trilha.' } });
    const still = await server.request('GET', '/api/teachings/2', { token });
    expect(still.status).toBe(200);
  });

  it('adds the extra resource to the menu delivered at login', async () => {
    const { body } = await server.request('POST', '/api/auth/login', { body: { email: 'admin.teste@escolamodelo.edu.br', password: 'senha-de-teste-1' } });
    expect(body.menu).toContainEqual({ text: 'Testes', icon: 'nao-existe', children: [{ action: 'Trilhas', path: '/admin/trilhas' }] });
  });
});

describeOnDatabases('the built SPA is served for every non-/api path', (dialect) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-spa-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
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
    expect(await server.request('GET', '/api/qualquer')).toEqual({ status: 404, body: { message: 'Rota não encontrada.' } });
    expect((await server.request('GET', '/../../etc/passwd')).body).not.toContain('root:');
  });
});
