import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { fieldErrorsOf, validationError } from '../http/errors';
import { optionalIdSchema } from '../http/ids';
import { fieldSchema } from '../crud/validation';
import { parseGrade } from '../../resources/format';
import {
  MAX_SCHOOL_PHONES,
  schoolCensusFields,
  schoolPhonesField,
  schoolSettingsFields,
} from '../../resources/school-settings';
import { lateFeeColumns, lateFeesSchema } from './late-fees';
import { resultRuleColumns, resultRulesSchema } from './results-rules';
import { registerLogoRoutes } from './logo';
import { loadSettings, type NotificationSettings, type SchoolSettings } from './routes';

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const PHONE = /^[\d\s()+.-]+$/;
const PHONE_MAX = schoolPhonesField.maxLength!;

/** Phones travel as a list or as the form's text separated by commas; each one is capped. */
const phonesSchema = z
  .unknown()
  .optional()
  .transform((raw, ctx) => {
    const list: unknown[] | null = Array.isArray(raw)
      ? raw
      : typeof raw === 'string'
        ? raw.split(',')
        : raw == null
          ? []
          : null;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!list || list.some((p) => typeof p !== 'string')) return fail('Informe os telefones separados por vírgula.');
    const phones = (list as string[]).map((p) => p.trim()).filter(Boolean);
    if (phones.length > MAX_SCHOOL_PHONES) return fail(`Informe no máximo ${MAX_SCHOOL_PHONES} telefones.`);
    if (phones.some((p) => p.length > PHONE_MAX))
      return fail(`Cada telefone pode ter no máximo ${PHONE_MAX} caracteres.`);
    if (phones.some((p) => !PHONE.test(p)))
      return fail('Cada telefone pode ter apenas números, espaços, parênteses, "+" e "-".');
    return phones;
  });

const AVERAGE_INVALID = 'A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.';

const YES_OR_NO = 'Informe sim ou não para cada aviso por e-mail.';
const DUE_DAYS = 'Os dias de antecedência do aviso de vencimento devem ser um número inteiro de 1 a 30.';
const OVERDUE_DAYS = 'Os dias depois do vencimento para o aviso de atraso devem ser um número inteiro de 1 a 30.';

const settingsSchema = z.object({
  ...Object.fromEntries(schoolSettingsFields.map((field) => [field.name, fieldSchema(field, 'create')])),
  // Issue 40's census data; absent: unchanged (sentCensus below).
  ...Object.fromEntries(schoolCensusFields.map((field) => [field.name, fieldSchema(field, 'update')])),
  phones: phonesSchema,
  main_color: z
    .string({ error: 'Informe a cor principal.' })
    .regex(COLOR, 'Cor principal inválida: use o formato #RRGGBB.'),
  secondary_color: z
    .string({ error: 'Informe a cor secundária.' })
    .regex(COLOR, 'Cor secundária inválida: use o formato #RRGGBB.'),
  // The grade travels as the grade ("6,5" or 6.5) and is stored in tenths.
  average_grade: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const tenths = parseGrade(raw);
      if (tenths !== null) return tenths;
      ctx.addIssue({ code: 'custom', message: AVERAGE_INVALID });
      return z.NEVER;
    }),
  contract_text_document_id: optionalIdSchema('Escolha um texto de documento válido para o contrato.'),
  // Absent: unchanged (a client that does not know the setting must not turn it off).
  require_two_step: z.boolean({ error: 'Informe sim ou não para a verificação em duas etapas.' }).optional(),
  // Issue 25's attendance rules; absent: unchanged, as above.
  minimum_attendance: z
    .number({ error: 'A frequência mínima deve ser um número inteiro de 0 a 100.' })
    .int('A frequência mínima deve ser um número inteiro de 0 a 100.')
    .min(0, 'A frequência mínima deve ser um número inteiro de 0 a 100.')
    .max(100, 'A frequência mínima deve ser um número inteiro de 0 a 100.')
    .optional(),
  justified_absences_count: z
    .boolean({ error: 'Informe sim ou não para a contagem das faltas justificadas.' })
    .optional(),
  // Issue 26's e-mails to families; absent: unchanged.
  notifications: z
    .object(
      {
        grades: z.boolean({ error: YES_OR_NO }),
        documents: z.boolean({ error: YES_OR_NO }),
        charge_due: z.boolean({ error: YES_OR_NO }),
        charge_due_days: z.number({ error: DUE_DAYS }).int(DUE_DAYS).min(1, DUE_DAYS).max(30, DUE_DAYS),
        charge_overdue: z.boolean({ error: YES_OR_NO }),
        // Issue 27; absent (a client that does not know it): unchanged.
        charge_overdue_days: z
          .number({ error: OVERDUE_DAYS })
          .int(OVERDUE_DAYS)
          .min(1, OVERDUE_DAYS)
          .max(30, OVERDUE_DAYS)
          .optional(),
      },
      { error: 'Informe os avisos por e-mail às famílias.' },
    )
    .optional(),
  // Issue 27's late fine, interest and punctuality discount; absent: unchanged.
  late_fees: lateFeesSchema,
  // Issue 38's rules for the year's results; absent: unchanged.
  results: resultRulesSchema,
  // Issue 39: refuse re-enrolment with overdue charges (Lei 9.870/99, art. 5º); absent: unchanged.
  refuse_debtors: z
    .boolean({ error: 'Informe sim ou não para recusar a rematrícula com débito em aberto.' })
    .optional(),
});

const notificationColumns = (
  n: Omit<NotificationSettings, 'charge_overdue_days'> & { charge_overdue_days?: number },
) => ({
  notify_grades: n.grades ? 1 : 0,
  notify_documents: n.documents ? 1 : 0,
  notify_charge_due: n.charge_due ? 1 : 0,
  notify_charge_due_days: n.charge_due_days,
  notify_charge_overdue: n.charge_overdue ? 1 : 0,
  ...(n.charge_overdue_days === undefined ? {} : { notify_charge_overdue_days: n.charge_overdue_days }),
});

/**
 * Each field's messages; the e-mail switches by their own name (`notifications.charge_overdue_days`), so that the
 * screen puts each number's message under its own field rather than both under the group.
 */
function settingsErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const groups = ['notifications', 'results'];
  const nested = (i: { path: PropertyKey[] }) => groups.includes(String(i.path[0])) && i.path.length > 1;
  const errors = fieldErrorsOf(issues.filter((i) => !nested(i)));
  for (const group of groups)
    fieldErrorsOf(
      issues.filter((i) => nested(i) && i.path[0] === group).map((i) => ({ ...i, path: i.path.slice(1) })),
      `${group}.`,
      errors,
    );
  return errors;
}

/** The census fields a request did not send are left as they were (a client that does not know them). */
function sentCensus<T extends Record<string, unknown>>(values: T, body: unknown): T {
  const sent = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const copy: Record<string, unknown> = { ...values };
  for (const field of schoolCensusFields) if (!(field.name in sent)) delete copy[field.name];
  return copy as T;
}

/** What the admin edits: the settings without the row id. */
async function settingsOf(db: Db): Promise<SchoolSettings> {
  const { id: _id, ...settings } = await loadSettings(db);
  return settings;
}

export function registerSettingsRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);
  registerLogoRoutes(app, db);
  app.get('/school-settings', { config: { access: 'signed-in' } }, async () => ({ data: await settingsOf(db) }));

  app.put('/school-settings', { config: { access: 'settings.manage' } }, async (request) => {
    const parsed = settingsSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(settingsErrorsOf(parsed.error.issues));
    const values = sentCensus(parsed.data, request.body);
    if (values.contract_text_document_id !== null) {
      const template = await k
        .selectFrom('text_documents')
        .select('id')
        .where('id', '=', values.contract_text_document_id)
        .executeTakeFirst();
      if (!template)
        throw validationError({ contract_text_document_id: ['O texto escolhido para o contrato não existe.'] });
    }
    const { id, ...before } = await loadSettings(db);
    const now = new Date().toISOString();
    const {
      require_two_step: twoStep,
      justified_absences_count: justified,
      notifications,
      late_fees: fees,
      results: rules,
      refuse_debtors: refuseDebtors,
      ...plain
    } = values;
    const row = {
      ...plain,
      phones: JSON.stringify(values.phones),
      average_grade: values.average_grade,
      ...(twoStep === undefined ? {} : { require_two_step: twoStep ? 1 : 0 }),
      ...(justified === undefined ? {} : { justified_absences_count: justified ? 1 : 0 }),
      ...(notifications === undefined ? {} : notificationColumns(notifications)),
      ...(fees === undefined ? {} : lateFeeColumns(fees)),
      ...(rules === undefined ? {} : resultRuleColumns(rules)),
      ...(refuseDebtors === undefined ? {} : { refuse_debtors: refuseDebtors ? 1 : 0 }),
      updated_at: now,
    };
    const after = await inTransaction(db, async (tx) => {
      const t = dynamic(tx);
      const saved = id
        ? await t.updateTable('school_settings').set(row).where('id', '=', id).returning('id').executeTakeFirstOrThrow()
        : await t
            .insertInto('school_settings')
            .values({ ...row, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
      const stored = await settingsOf(tx);
      await audit(tx, {
        userId: request.user?.id,
        entity: 'school_settings',
        entityId: Number(saved.id),
        action: 'update',
        changes: diff(before, stored),
      });
      return stored;
    });
    return { data: after, message: 'Configurações salvas com sucesso!' };
  });
}
