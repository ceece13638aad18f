import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describeOnDatabases('student photos and multipart forms', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    token = await server.session();
  });
  afterAll(() => server.close());

  const send = async (
    path: string,
    fields: Record<string, string>,
    image?: { content: Buffer; name: string; type: string },
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (image) form.append('image', new Blob([new Uint8Array(image.content)], { type: image.type }), image.name);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      // As the screens send it (src/api/http.ts): dates as ISO.
      headers: { authorization: `Bearer ${token}`, 'x-date-format': 'iso' },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };

  it('registers a student from a multipart form with a photo, and answers the image', async () => {
    const created = await send(
      '/api/students',
      { name: 'Lia Fotografada', cpf: '386.154.920-42', birth_date: '2010-01-31' },
      { content: PNG, name: 'foto.png', type: 'image/png' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Lia Fotografada', cpf: '38615492042', birth_date: '2010-01-31' });
    const image = await fetch(`${server.url}/api/students/${created.body.data.id}/get-image`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('says in the list and the record which students have a photo, so that no screen asks for a missing one', async () => {
    const photo = { content: PNG, name: 'foto.png', type: 'image/png' };
    const withPhoto = (await send('/api/students', { name: 'Olga Com Retrato' }, photo)).body.data.id;
    const without = (await server.request('POST', '/api/students', { token, body: { name: 'Olga Sem Retrato' } })).body
      .data.id;
    const list = await server.request('GET', '/api/students?search=olga&perPage=50', { token });
    const flags = Object.fromEntries(
      list.body.data.map((r: { name: string; has_photo: unknown }) => [r.name, r.has_photo]),
    );
    expect(flags).toEqual({ 'Olga Com Retrato': true, 'Olga Sem Retrato': false });
    expect((await server.request('GET', `/api/students/${withPhoto}`, { token })).body[0].has_photo).toBe(true);
    expect((await server.request('GET', `/api/students/${without}`, { token })).body[0].has_photo).toBe(false);
  });

  it('updates with POST and _method=PUT, refusing a text file renamed .jpg', async () => {
    const { body } = await server.request('POST', '/api/students', { token, body: { name: 'Sem Foto' } });
    const id = body.data.id;
    expect(
      (await fetch(`${server.url}/api/students/${id}/get-image`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(404);
    const fake = await send(
      `/api/students/${id}`,
      { _method: 'PUT', name: 'Sem Foto' },
      { content: Buffer.from('não sou uma imagem'), name: 'foto.jpg', type: 'image/jpeg' },
    );
    expect(fake).toEqual({
      status: 422,
      body: {
        message: 'A foto deve ser uma imagem JPEG, PNG ou WebP de até 5 MB.',
        errors: { image: ['A foto deve ser uma imagem JPEG, PNG ou WebP de até 5 MB.'] },
      },
    });
    const renamed = await send(
      `/api/students/${id}`,
      { _method: 'PUT', name: 'Com Foto' },
      { content: PNG, name: 'x.gif', type: 'image/gif' },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Com Foto');
    expect((await send(`/api/students/${id}`, { name: 'sem _method' })).status).toBe(404);
  });

  it('keeps no photo file the database no longer points at', async () => {
    const keyOf = async (id: number) =>
      (await dynamic(server.db).selectFrom('students').select('image').where('id', '=', id).executeTakeFirstOrThrow())
        .image as string;
    const photo = { content: PNG, name: 'foto.png', type: 'image/png' };
    const created = await send('/api/students', { name: 'Rui Retratado', cpf: '529.982.247-25' }, photo);
    const id = created.body.data.id;
    const first = await keyOf(id);
    expect(await server.storage.get(first)).not.toBeNull();

    // A new photo replaces the old file.
    expect((await send(`/api/students/${id}`, { _method: 'PUT', name: 'Rui Retratado' }, photo)).status).toBe(200);
    const second = await keyOf(id);
    expect(second).not.toBe(first);
    expect(await server.storage.get(first)).toBeNull();
    expect(await server.storage.get(second)).not.toBeNull();

    // Deleting the student (LGPD) deletes the photo.
    expect((await server.request('DELETE', `/api/students/${id}`, { token })).status).toBe(200);
    expect(await server.storage.get(second)).toBeNull();
  });

  it('refuses files over 5 MB, and never reads a path from the request', async () => {
    const { body } = await server.request('POST', '/api/students', { token, body: { name: 'Foto Grande' } });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await send(
      `/api/students/${body.data.id}`,
      { _method: 'PUT' },
      { content: big, name: 'grande.png', type: 'image/png' },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('O arquivo pode ter no máximo 5 MB.');
    for (const attempt of ['..%2F..%2F..%2Fetc%2Fpasswd', '..', '1%2F..%2F..']) {
      expect((await server.request('GET', `/api/students/${attempt}/get-image`, { token })).status).toBe(404);
    }
    // A value planted in the column is not a storage key: it is never opened as a path.
    await server.db.kysely
      .updateTable('students' as never)
      .set({ image: '../../../../etc/passwd' } as never)
      .where('id' as never, '=', body.data.id as never)
      .execute();
    expect((await server.request('GET', `/api/students/${body.data.id}/get-image`, { token })).status).toBe(404);
  });
});
