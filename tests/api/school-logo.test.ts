import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import {
  LOGO_BAD_SIZE,
  LOGO_MISSING,
  LOGO_NOT_IMAGE,
  LOGO_TOO_LARGE,
  LOGO_UNREADABLE,
} from '../../server/school/logo-image';
import { toBuffer } from '../../server/pdf/buffer';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/** A PNG of `size` pixels, half transparent (pdfkit then inflates it, the path a broken file would break). */
function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([30, 90, 168, i % 8 ? 255 : 128], i);
  return PNG.sync.write(image);
}

/** A real JPEG: a page drawn by pdfkit, photographed by poppler (the tests' PDF reader). */
async function jpeg(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [120, 60], margin: 0 });
  doc.rect(0, 0, 120, 60).fill('#1e5aa8');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-jpeg-'));
  try {
    fs.writeFileSync(path.join(dir, 'logo.pdf'), await toBuffer(doc));
    execFileSync('pdftoppm', ['-jpeg', '-r', '72', '-singlefile', path.join(dir, 'logo.pdf'), path.join(dir, 'logo')]);
    return fs.readFileSync(path.join(dir, 'logo.jpg'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeOnDatabases(
  "the school's logo: uploaded by Administração, checked, in the public header and the PDFs",
  (dialect) => {
    const shared = serverPerFile(dialect);

    const upload = async (content: Buffer | null, token = shared.token, type = 'image/png') => {
      const form = new FormData();
      if (content) form.append('logo', new Blob([new Uint8Array(content)], { type }), 'logo.png');
      else form.append('outro', 'nada');
      const response = await fetch(`${shared.server.url}/api/school-settings/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const branding = async () => (await shared.server.request('GET', '/api/data-of-client')).body;

    it('refuses what is not a PNG or JPEG of a logo’s size, by its bytes, and keeps nothing', async () => {
      const original = png(64);
      const cut = Buffer.from(original);
      // The image data scrambled: the header still says PNG, the pixels do not inflate.
      for (let i = 45; i < cut.length - 20; i++) cut[i] ^= 0x55;
      const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]);
      const cases: [Buffer | null, string][] = [
        [null, LOGO_MISSING],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), LOGO_NOT_IMAGE],
        [Buffer.from('%PDF-1.4 não é imagem'), LOGO_NOT_IMAGE],
        [webp, LOGO_NOT_IMAGE],
        [Buffer.concat([original, Buffer.alloc(1024 * 1024)]), LOGO_TOO_LARGE],
        [png(8), LOGO_BAD_SIZE],
        [original.subarray(0, 20), LOGO_UNREADABLE],
        [cut, LOGO_UNREADABLE],
      ];
      for (const [content, message] of cases) {
        const refused = await upload(content);
        expect(refused, message).toEqual({ status: 422, body: { message, errors: { logo: [message] } } });
      }
      expect((await branding()).colored_logo).toBeNull();
    });

    it('is Administração’s: a secretary may not change it', async () => {
      const created = await shared.call('POST', '/api/users', {
        name: 'Sandra Secretária',
        email: 'sandra.logo@escola.test',
        password: 'senha-da-sandra-1',
        role_id: ROLE_IDS.secretaria,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const secretary = await shared.server.login('sandra.logo@escola.test', 'senha-da-sandra-1');
      expect((await upload(png(64), secretary)).status).toBe(403);
      const removed = await shared.server.request('DELETE', '/api/school-settings/logo', { token: secretary });
      expect(removed.status).toBe(403);
    });

    it('serves the current logo publicly at its own address, prints it on the letterhead, and is replaced or removed', async () => {
      const first = png(96);
      const saved = await upload(first);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Logotipo salvo com sucesso!');
      const address = (await branding()).colored_logo as string;
      expect(address).toMatch(/^\/api\/school-logo\/[0-9a-f]{16}\.png$/);
      expect(saved.body.data.colored_logo).toBe(address);
      // Anyone (the public header) gets it, without a token, cached for good: a new logo has a new address.
      const image = await fetch(`${shared.server.url}${address}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await image.arrayBuffer()).equals(first)).toBe(true);
      // The same file under another name, or any other stored file, is not served from here.
      expect((await fetch(`${shared.server.url}${address.replace('.png', '.jpg')}`)).status).toBe(404);
      expect((await fetch(`${shared.server.url}/api/school-logo/..%2Fsecretaria.db`)).status).toBe(404);
      expect((await fetch(`${shared.server.url}/api/school-logo/0123456789abcdef.png`)).status).toBe(404);

      // The letterhead (a declaration of enrolment) now carries an image; the audit says who changed it.
      const student = (await shared.call('POST', '/api/students', { name: 'Lara Letterhead' })).body.data.id;
      await shared.call('POST', '/api/registrations', { student_id: student, team_id: 1 });
      const letter = await fetch(`${shared.server.url}/api/exports/registration-statement/${student}/team/1`, {
        headers: { authorization: `Bearer ${shared.token}` },
      });
      expect(letter.status).toBe(200);
      expect(Buffer.from(await letter.arrayBuffer()).toString('latin1')).toMatch(/\/Subtype \/Image/);

      const second = await jpeg();
      expect((await upload(second, shared.token, 'image/jpeg')).status).toBe(200);
      const replaced = (await branding()).colored_logo as string;
      expect(replaced).toMatch(/^\/api\/school-logo\/[0-9a-f]{16}\.jpg$/);
      expect((await fetch(`${shared.server.url}${address}`)).status).toBe(404);
      const jpg = await fetch(`${shared.server.url}${replaced}`);
      expect(jpg.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await jpg.arrayBuffer()).equals(second)).toBe(true);
      // Saving the other settings leaves the logo alone.
      const settings = (await shared.call('GET', '/api/school-settings')).body.data;
      expect((await shared.call('PUT', '/api/school-settings', { ...settings, colored_logo: null })).status).toBe(200);
      expect((await branding()).colored_logo).toBe(replaced);

      const removed = await shared.call('DELETE', '/api/school-settings/logo');
      expect(removed).toEqual({ status: 200, body: { data: { colored_logo: null }, message: 'Logotipo removido.' } });
      expect((await branding()).colored_logo).toBeNull();
      expect((await fetch(`${shared.server.url}${replaced}`)).status).toBe(404);
      const audit = await shared.server.db.kysely
        .selectFrom('audit_log' as never)
        .select('changes' as never)
        .where('entity' as never, '=', 'school_settings' as never)
        .execute();
      expect(audit.map((a) => JSON.parse((a as { changes: string }).changes).colored_logo).filter(Boolean)).toEqual([
        [null, address],
        [address, replaced],
        [replaced, null],
      ]);
    });
  },
);
