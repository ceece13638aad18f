import type { AreaContext } from '../area';
import { dpsIssuerOf, invoiceServiceFor } from './index';
import { readIssuer } from './settings';
import type { InvoiceSetup } from './setup';

/**
 * The flow's settings and service from the core's: the issuer's settings row (null until an environment and the
 * issuer's fields are there) and the adapter its environment picks (the simulation only in the demonstration).
 */
export function coreInvoiceSetup(ctx: AreaContext): InvoiceSetup {
  const sandbox = ctx.payments.provider?.name === 'sandbox';
  return {
    async settings(db) {
      const { settings } = await readIssuer(db);
      const issuer = dpsIssuerOf(settings);
      if (!settings.environment || !issuer || !settings.service_code) return null;
      return {
        issue_on: settings.issue_on,
        service_code: settings.service_code,
        description_template: settings.description_template,
        environment: settings.environment,
        cnpj: issuer.cnpj,
        inscricao_municipal: issuer.inscricao_municipal,
        municipio_ibge: issuer.municipio_ibge,
        iss_rate: issuer.iss_rate,
      };
    },
    service: (db) => invoiceServiceFor({ db, encryptionKey: ctx.encryptionKey, sandbox, nfse: ctx.nfse }),
  };
}
