import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { s3Storage, type S3Options } from '../../server/storage/s3';
import type { Storage } from '../../server/storage/storage';
import { startServer, type TestServer } from './support/server';

// s3rver ships no types; only the few members used here are described.
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
const S3rverClass = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rver;

const BUCKET = 'secretaria';
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF fake jpeg body'),
  Buffer.from([0xff, 0xd9]),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
// A real 1×1 PNG, accepted by the photo upload.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let s3rver: S3rver;
let directory: string;
let options: S3Options;
let raw: S3Client;
let requests = 0;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-s3rver-'));
  s3rver = new S3rverClass({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  s3rver.httpServer.on('request', () => requests++);
  options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  raw = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  raw?.destroy();
  await s3rver?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const objectInBucket = async (Key: string) => {
  const object = await raw.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
  return { contentType: object.ContentType, content: Buffer.from(await object.Body!.transformToByteArray()) };
};

describe('S3 storage adapter (s3rver)', () => {
  let storage: Storage;
  beforeAll(() => {
    storage = s3Storage(options);
  });

  it('stores a photo and a PDF under the server-made key, with their content types', async () => {
    const photo = await storage.put('photos', 'jpg', JPEG);
    const pdf = await storage.put('documents', 'pdf', PDF);
    expect(photo).toMatch(/^photos\/[0-9a-f-]{36}\.jpg$/);
    expect(pdf).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    expect((await storage.get(photo))!.equals(JPEG)).toBe(true);
    expect((await storage.get(pdf))!.equals(PDF)).toBe(true);

    expect(await objectInBucket(photo)).toEqual({ contentType: 'image/jpeg', content: JPEG });
    expect(await objectInBucket(pdf)).toEqual({ contentType: 'application/pdf', content: PDF });
    const listed = await raw.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(expect.arrayContaining([photo, pdf]));
  });

  it('answers null for an unknown key, and after delete; deleting twice is fine', async () => {
    expect(await storage.get('photos/00000000-0000-4000-8000-000000000000.jpg')).toBeNull();
    const key = await storage.put('contracts', 'pdf', PDF);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not make, before any request is sent', async () => {
    const before = requests;
    for (const key of [
      '../etc/passwd',
      'photos/../../x.jpg',
      'photos/abc.jpg',
      '/photos/00000000-0000-4000-8000-000000000000.jpg',
    ]) {
      await expect(storage.get(key)).rejects.toThrow('chave de arquivo inválida');
      await expect(storage.delete(key)).rejects.toThrow('chave de arquivo inválida');
    }
    await expect(storage.put('photos', 'exe', JPEG)).rejects.toThrow('chave de arquivo inválida');
    expect(requests).toBe(before);
    // The counter does see the adapter's requests.
    await storage.get('photos/00000000-0000-4000-8000-000000000000.jpg');
    expect(requests).toBe(before + 1);
  });

  it('keeps objects under the configured prefix', async () => {
    const prefixed = s3Storage({ ...options, prefix: '/escola-a/' });
    const key = await prefixed.put('photos', 'jpg', JPEG);
    expect((await objectInBucket(`escola-a/${key}`)).content.equals(JPEG)).toBe(true);
    expect((await prefixed.get(key))!.equals(JPEG)).toBe(true);
    expect(await storage.get(key)).toBeNull();
    await prefixed.delete(key);
    const head = raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `escola-a/${key}` }));
    await expect(head).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });
});

describe('the app with S3 storage', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer('sqlite', { storage: s3Storage(options) });
    token = await server.login();
  });
  afterAll(() => server?.close());

  it('uploads a student photo through the API into the bucket and serves it back', async () => {
    const form = new FormData();
    form.append('name', 'Lia na Nuvem');
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const created = await fetch(`${server.url}/api/students`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await created.json()) as { data: { id: number } };
    expect(created.status, JSON.stringify(body)).toBe(201);

    const image = await fetch(`${server.url}/api/students/${body.data.id}/get-image`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const { image: key } = await dynamic(server.db)
      .selectFrom('students')
      .select('image')
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(key).toMatch(/^photos\/[0-9a-f-]{36}\.png$/);
    expect(await objectInBucket(key)).toEqual({ contentType: 'image/png', content: PNG });
  });
});
