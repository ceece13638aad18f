import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { parseOr422, validationError } from '../http/errors';
import { loadBranding } from './routes';

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const optionalText = (label: string, max: number) =>
  z
    .union([z.string().trim().max(max, `O campo ${label} pode ter no máximo ${max} caracteres.`), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const settingsSchema = z.object({
  school_name: z.string({ error: 'O campo Nome da escola é obrigatório.' }).trim().min(1, 'O campo Nome da escola é obrigatório.').max(190, 'O campo Nome da escola pode ter no máximo 190 caracteres.'),
  main_service: optionalText('Frase principal', 190),
  email: z
    .union([z.string().trim().max(190).regex(/^$|^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'O campo E-mail deve ser um e-mail válido.'), z.null()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  phones: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((p) => p.trim()).filter(Boolean))
    .refine((list) => list.length <= 5, 'Informe no máximo 5 telefones.'),
  main_color: z.string({ error: 'Informe a cor principal.' }).regex(COLOR, 'Cor principal inválida: use o formato #RRGGBB.'),
  secondary_color: z.string({ error: 'Informe a cor secundária.' }).regex(COLOR, 'Cor secundária inválida: use o formato #RRGGBB.'),
  city: optionalText('Cidade', 120),
  // The grade travels as the grade ("6,5" or 6.5) and is stored in tenths.
  average_grade: z
    .union([z.number(), z.string().trim().transform((v) => Number(v.replace(',', '.')))])
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 10 && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.'),
  contract_text_document_id: z
    .union([z.coerce.number().int().positive(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? Number(v) : null)),
});

/** The school's own settings as the admin edits them (the public branding is `/data-of-client`). */
async function settingsOf(db: Db) {
  const branding = await loadBranding(db);
  const row = await dynamic(db).selectFrom('school_settings').select(['id', 'contract_text_document_id']).orderBy('id').executeTakeFirst();
  return { ...branding, contract_text_document_id: row?.contract_text_document_id == null ? null : Number(row.contract_text_document_id) };
}

export function registerSettingsRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);
  app.get('/school-settings', async () => ({ data: await settingsOf(db) }));

  app.put('/school-settings', async (request) => {
    const values = parseOr422(settingsSchema, request.body);
    if (values.contract_text_document_id !== null) {
      const template = await k.selectFrom('text_documents').select('id').where('id', '=', values.contract_text_document_id).executeTakeFirst();
      if (!template) throw validationError({ contract_text_document_id: ['O texto escolhido para o contrato não existe.'] });
    }
    const before = await settingsOf(db);
    const now = new Date().toISOString();
    const row = { ...values, phones: JSON.stringify(values.phones), average_grade: Math.round(values.average_grade * 10), updated_at: now };
    const existing = await k.selectFrom('school_settings').select('id').orderBy('id').executeTakeFirst();
    if (existing) await k.updateTable('school_settings').set(row).where('id', '=', existing.id).execute();
    else await k.insertInto('school_settings').values({ ...row, created_at: now }).execute();
    const after = await settingsOf(db);
    await audit(db, { userId: request.user?.id, entity: 'school_settings', entityId: Number(existing?.id ?? 1), action: 'update', changes: diff(before, after) });
    return { data: after, message: 'Configurações salvas com sucesso!' };
  });
}
