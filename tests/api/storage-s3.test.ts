import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../scripts/server-bundle.mjs';
import { dynamic } from '../../server/db/connection';
import { s3Storage, type S3Options } from '../../server/storage/s3';
import type { Storage } from '../../server/storage/storage';
import { FakeS3 } from './support/fake-s3';
import { startServer, type TestServer } from './support/server';

const ROOT = path.resolve(import.meta.dirname, '../..');
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

const s3 = new FakeS3([BUCKET]);
let options: S3Options;

beforeAll(async () => {
  await s3.start();
  options = {
    bucket: BUCKET,
    region: s3.region,
    endpoint: s3.url,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  };
});
afterAll(() => s3.close());

describe('S3 storage adapter (a signed fake S3 on 127.0.0.1)', () => {
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

    expect(s3.object(BUCKET, photo)).toEqual({ contentType: 'image/jpeg', content: JPEG });
    expect(s3.object(BUCKET, pdf)).toEqual({ contentType: 'application/pdf', content: PDF });
    expect(s3.keys(BUCKET)).toEqual(expect.arrayContaining([photo, pdf]));
  });

  it('answers null for an unknown key, and after delete; deleting twice is fine', async () => {
    expect(await storage.get('photos/00000000-0000-4000-8000-000000000000.jpg')).toBeNull();
    const key = await storage.put('contracts', 'pdf', PDF);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(s3.object(BUCKET, key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not make, before any request is sent', async () => {
    const before = s3.requests;
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
    expect(s3.requests).toBe(before);
    // The counter does see the adapter's requests.
    await storage.get('photos/00000000-0000-4000-8000-000000000000.jpg');
    expect(s3.requests).toBe(before + 1);
  });

  it('keeps objects under the configured prefix', async () => {
    const prefixed = s3Storage({ ...options, prefix: '/escola-a/' });
    const key = await prefixed.put('photos', 'jpg', JPEG);
    expect(s3.object(BUCKET, `escola-a/${key}`)?.content.equals(JPEG)).toBe(true);
    expect((await prefixed.get(key))!.equals(JPEG)).toBe(true);
    expect(await storage.get(key)).toBeNull();
    await prefixed.delete(key);
    expect(s3.object(BUCKET, `escola-a/${key}`)).toBeUndefined();
  });

  it('fails, never answers "no file", with a wrong secret key or a bucket that does not exist', async () => {
    const key = await storage.put('photos', 'jpg', JPEG);
    const wrongSecret = s3Storage({ ...options, secretAccessKey: 'outra-chave-secreta' });
    await expect(wrongSecret.get(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrongSecret.put('photos', 'jpg', JPEG)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const noBucket = s3Storage({ ...options, bucket: 'nao-existe' });
    await expect(noBucket.get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('the app with S3 storage', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer('sqlite', { storage: s3Storage(options) });
    token = await server.session();
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
    expect(s3.object(BUCKET, key)).toEqual({ contentType: 'image/png', content: PNG });
  });
});

describe('the built server: the S3 SDK inside its bundle', () => {
  it('stores, lists, reads and deletes a file with the adapter as npm run build makes it, with no SDK installed', async () => {
    // The adapter built as scripts/build-server.mjs builds it, run by Node from a folder with no node_modules
    // above it: a production install (npm ci --omit=dev) has no @aws-sdk package to load.
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-s3-bundle-'));
    try {
      await build({
        ...serverBuildOptions({ root: ROOT, outdir, entryPoints: { s3: 'server/storage/s3.ts' } }),
        logLevel: 'error',
      });
      const code = fs
        .readdirSync(outdir)
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => fs.readFileSync(path.join(outdir, f), 'utf8'))
        .join('\n');
      expect(code).not.toMatch(/from ["']@aws-sdk|import\(["']@aws-sdk/);
      const script = `
        const { s3Storage } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, 's3.mjs')).href)});
        const storage = s3Storage(JSON.parse(process.env.S3_OPTIONS));
        const key = await storage.put('documents', 'pdf', Buffer.from(process.env.PDF, 'base64'));
        const keys = [];
        for await (const k of storage.keys()) keys.push(k);
        const back = (await storage.get(key)).toString('base64');
        await storage.delete(key);
        console.log(JSON.stringify({ key, keys, back, after: await storage.get(key) }));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: outdir,
        env: {
          PATH: process.env.PATH,
          S3_OPTIONS: JSON.stringify({ ...options, prefix: 'bundle' }),
          PDF: PDF.toString('base64'),
        },
        timeout: 30_000,
      });
      const seen = JSON.parse(stdout) as { key: string; keys: string[]; back: string; after: null };
      expect(seen.key).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
      expect(seen.keys).toEqual([seen.key]);
      expect(seen.back).toBe(PDF.toString('base64'));
      expect(seen.after).toBeNull();
      expect(s3.keys(BUCKET).filter((k) => k.startsWith('bundle/'))).toEqual([]);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
