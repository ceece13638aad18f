import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { parseOr422, validationError } from '../http/errors';
import { optionalIdSchema } from '../http/ids';
import { fieldSchema } from '../crud/validation';
import { schoolSettingsFields } from '../../resources/school-settings';
import { loadSettings, type SchoolSettings } from './routes';

const COLOR = /^#[0-9A-Fa-f]{6}$/;

const settingsSchema = z.object({
  ...Object.fromEntries(schoolSettingsFields.map((field) => [field.name, fieldSchema(field, 'create')])),
  phones: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((p) => p.trim()).filter(Boolean))
    .refine((list) => list.length <= 5, 'Informe no máximo 5 telefones.'),
  main_color: z.string({ error: 'Informe a cor principal.' }).regex(COLOR, 'Cor principal inválida: use o formato #RRGGBB.'),
  secondary_color: z.string({ error: 'Informe a cor secundária.' }).regex(COLOR, 'Cor secundária inválida: use o formato #RRGGBB.'),
  // The grade travels as the grade ("6,5" or 6.5) and is stored in tenths.
  average_grade: z
    .union([z.number(), z.string().trim().transform((v) => Number(v.replace(',', '.')))])
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 10 && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.'),
  contract_text_document_id: optionalIdSchema('Selecione um texto válido para o contrato.'),
});

/** What the admin edits: the settings without the row id. */
async function settingsOf(db: Db): Promise<SchoolSettings> {
  const { id: _id, ...settings } = await loadSettings(db);
  return settings;
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
    const { id, ...before } = await loadSettings(db);
    const now = new Date().toISOString();
    const row = { ...values, phones: JSON.stringify(values.phones), average_grade: Math.round(values.average_grade * 10), updated_at: now };
    const saved = id
      ? await k.updateTable('school_settings').set(row).where('id', '=', id).returning('id').executeTakeFirstOrThrow()
      : await k.insertInto('school_settings').values({ ...row, created_at: now }).returning('id').executeTakeFirstOrThrow();
    const after = await settingsOf(db);
    await audit(db, { userId: request.user?.id, entity: 'school_settings', entityId: Number(saved.id), action: 'update', changes: diff(before, after) });
    return { data: after, message: 'Configurações salvas com sucesso!' };
  });
}
