import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit/log';
import type { Db } from '../db/connection';
import { notFound, validationError } from '../http/errors';
import { renderPdf } from '../workers/pdf';
import { logoContent } from './logo-cache';
import { checkLogo, LOGO_MISSING, LOGO_UNREADABLE, logoAddress, logoVersion } from './logo-image';
import { DEFAULT_BRANDING, loadBranding } from './routes';

/** `/api/school-logo/<version>.png` as the route reads it. */
const FILE = /^([0-9a-f]{16})\.(png|jpg)$/;
const MIME = { png: 'image/png', jpg: 'image/jpeg' } as const;

/**
 * Points the settings at a logo (or at none), in the transaction that keeps or drops its bytes: the public
 * address never names bytes that are not there. Without a settings row yet (a fresh install), one is made.
 */
async function setLogo(db: Db, logo: { version: string; mime: string; content: Buffer } | null, userId?: number) {
  const before = await loadBranding(db);
  const address = logo ? logoAddress(logo.version, logo.mime === 'image/png' ? 'png' : 'jpg') : null;
  const now = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('school_logos').execute();
    if (logo)
      await trx
        .insertInto('school_logos')
        .values({ version: logo.version, mime: logo.mime, content: logo.content.toString('base64'), created_at: now })
        .execute();
    const row = await trx.selectFrom('school_settings').select('id').orderBy('id').executeTakeFirst();
    const id = row
      ? Number(row.id)
      : Number(
          (
            await trx
              .insertInto('school_settings')
              .values({
                school_name: DEFAULT_BRANDING.school_name,
                phones: '[]',
                main_color: DEFAULT_BRANDING.main_color,
                secondary_color: DEFAULT_BRANDING.secondary_color,
                average_grade: DEFAULT_BRANDING.average_grade * 10,
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    await trx
      .updateTable('school_settings')
      .set({ colored_logo: address, updated_at: now })
      .where('id', '=', id)
      .execute();
    await audit(
      { ...db, kysely: trx as unknown as Db['kysely'] },
      {
        userId,
        entity: 'school_settings',
        entityId: id,
        action: 'update',
        changes: { colored_logo: [before.colored_logo, address] },
      },
    );
  });
  return address;
}

/**
 * The school's logo (issue 35): Administração › Configurações da escola uploads it, the public header and the
 * PDFs show it. Checked by its bytes (PNG or JPEG), its size (1 MB) and its pixels, then drawn once in a worker
 * thread, so that a file pdfkit cannot read is refused here and never breaks a document later.
 */
export function registerLogoRoutes(app: FastifyInstance, db: Db): void {
  app.post('/school-settings/logo', { config: { access: 'settings.manage', bodies: ['form'] } }, async (request) => {
    const sent = (request.body ?? {}) as Record<string, unknown>;
    const content = sent.logo;
    if (!Buffer.isBuffer(content)) throw validationError({ logo: [LOGO_MISSING] });
    const checked = checkLogo(content);
    if ('refusal' in checked) throw validationError({ logo: [checked.refusal] });
    const school = await loadBranding(db);
    try {
      await renderPdf('letterheadProof', { school, logo: content });
    } catch {
      throw validationError({ logo: [LOGO_UNREADABLE] });
    }
    const version = createHash('sha256').update(content).digest('hex').slice(0, 16);
    const address = await setLogo(db, { version, mime: checked.type.mime, content }, request.user?.id);
    return { data: { colored_logo: address }, message: 'Logotipo salvo com sucesso!' };
  });

  app.delete('/school-settings/logo', { config: { access: 'settings.manage' } }, async (request) => {
    await setLogo(db, null, request.user?.id);
    return { data: { colored_logo: null }, message: 'Logotipo removido.' };
  });

  // Public, like /data-of-client that names it: only the current logo, never any other stored file.
  app.get<{ Params: { file: string } }>('/school-logo/:file', { config: { public: true } }, async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const current = (await loadBranding(db)).colored_logo;
    const version = logoVersion(current);
    const named = match && version && current === logoAddress(match[1], match[2]);
    const content = named ? await logoContent(db, version) : undefined;
    if (!match || !content) throw notFound('Logotipo não encontrado.');
    return (
      reply
        .header('content-type', MIME[match[2] as 'png' | 'jpg'])
        // Each logo has an address of its own: a new one is a new address, so this one never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(content)
    );
  });
}
