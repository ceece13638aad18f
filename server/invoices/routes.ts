import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { audit, diff } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, fieldErrorsOf, validationError } from '../http/errors';
import { CertificateError, MAX_CERTIFICATE_BYTES, readA1, sealA1 } from './certificate';
import type { InvoiceContext } from './index';
import { columnsOf, missingForEnvironment, readIssuer, settingsSchema, type NfseSettings } from './settings';

const SIMULATION_ONLY_IN_DEMO =
  'A simulação só pode ser escolhida numa instalação de demonstração (PAYMENTS_SANDBOX=true, fora de produção).';
const NO_KEY_CONFIGURED =
  'O certificado não pode ser guardado: o administrador do sistema precisa definir SECRETARIA_ENCRYPTION_KEY.';
const FILE_MISSING = 'Envie o arquivo do certificado A1 (.pfx ou .p12).';
const PASSWORD_MISSING = 'Informe a senha do certificado.';

/** What invoiceServiceFor needs, from an area's context: the flow's jobs and routes call it with theirs. */
export const invoiceContextOf = (ctx: AreaContext): InvoiceContext => ({
  db: ctx.db,
  encryptionKey: ctx.encryptionKey,
  // The offline demonstration: the payment sandbox, which the configuration never allows in production.
  sandbox: ctx.payments.provider?.name === 'sandbox',
  nfse: ctx.nfse,
});

/** What the screen reads: the settings, and whether the simulation may be chosen here. */
const answerOf = (settings: NfseSettings, sandbox: boolean) => ({ ...settings, simulation_allowed: sandbox });

/** Writes the one row (making it the first time), in a transaction with its audit entry. */
async function saveRow(db: Db, userId: number | undefined, columns: Record<string, unknown>): Promise<NfseSettings> {
  return inTransaction(db, async (tx) => {
    const before = await readIssuer(tx);
    const now = new Date().toISOString();
    const k = dynamic(tx);
    const id = before.id
      ? (await k
          .updateTable('nfse_settings')
          .set({ ...columns, updated_at: now })
          .where('id', '=', before.id)
          .execute(),
        before.id)
      : Number(
          (
            await k
              .insertInto('nfse_settings')
              .values({ ...columns, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    const after = await readIssuer(tx);
    await audit(tx, {
      userId,
      entity: 'nfse_settings',
      entityId: id,
      action: 'update',
      changes: diff({ ...before.settings }, { ...after.settings }),
    });
    return after.settings;
  });
}

/**
 * Administração › Configurações › Nota fiscal (issue 41): the issuer's settings and its A1 certificate, for whoever
 * may change the school's settings. The certificate is answered by its subject and expiry only.
 */
function registerNfseSettingsRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  const { sandbox } = invoiceContextOf(ctx);

  app.get('/nfse/settings', { config: { access: 'settings.manage' } }, async () => ({
    data: answerOf((await readIssuer(db)).settings, sandbox),
  }));

  // The certificate's subject and expiry alone, for the dashboard's warning to whoever issues invoices (issue 41).
  app.get('/nfse/certificate', { config: { access: 'invoices.manage' } }, async () => ({
    data: (await readIssuer(db)).settings.certificate,
  }));

  app.put('/nfse/settings', { config: { access: 'settings.manage' } }, async (request) => {
    const parsed = settingsSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error.issues));
    const values = parsed.data;
    if (values.environment === 'simulacao' && !sandbox)
      throw validationError({ environment: [SIMULATION_ONLY_IN_DEMO] });
    const { settings } = await readIssuer(db);
    const missing = missingForEnvironment(values, settings.certificate);
    if (Object.keys(missing).length > 0) throw validationError(missing);
    const saved = await saveRow(db, request.user?.id, columnsOf(values));
    return { data: answerOf(saved, sandbox), message: 'Configurações da nota fiscal salvas com sucesso!' };
  });

  app.post(
    '/nfse/certificate',
    {
      config: {
        access: 'settings.manage',
        bodies: ['form'],
        formFile: { maxBytes: MAX_CERTIFICATE_BYTES, status: 422 },
      },
    },
    async (request) => {
      if (!ctx.encryptionKey) throw conflict(NO_KEY_CONFIGURED);
      const sent = (request.body ?? {}) as Record<string, unknown>;
      const file = sent.file;
      const password = sent.password;
      const errors: Record<string, string[]> = {};
      if (!Buffer.isBuffer(file) || file.length === 0) errors.file = [FILE_MISSING];
      if (typeof password !== 'string' || password === '') errors.password = [PASSWORD_MISSING];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      let a1;
      try {
        a1 = readA1(file as Buffer, password as string);
      } catch (error) {
        if (!(error instanceof CertificateError)) throw error;
        const field = error.message.includes('senha') ? 'password' : 'file';
        throw validationError({ [field]: [error.message] });
      }
      if (a1.notAfter.getTime() <= Date.now())
        throw validationError({ file: ['Este certificado já venceu: envie um certificado válido.'] });
      const saved = await saveRow(db, request.user?.id, {
        certificate_sealed: sealA1(ctx.encryptionKey, file as Buffer, password as string),
        certificate_subject: a1.subject.slice(0, 300),
        certificate_cnpj: a1.cnpj,
        certificate_not_after: a1.notAfter.toISOString(),
      });
      return { data: saved.certificate, message: 'Certificado digital guardado com sucesso!' };
    },
  );
}

export const invoicesArea: Area = {
  routes: registerNfseSettingsRoutes,
};
