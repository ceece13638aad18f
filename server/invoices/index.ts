import type { Db } from '../db/connection';
import { openA1, type A1 } from './certificate';
import type { DpsIssuer } from './dps';
import { sefinService } from './sefin';
import type { InvoiceService } from './service';
import { readIssuer, type NfseSettings } from './settings';
import { simulationService } from './simulation';

/** How this install reaches Sefin Nacional (config: NFSE_SEFIN_URL); tests point it at their fake. */
export interface NfseOptions {
  /** Another base address than the environment's (a local fake, an operator's proxy). */
  sefinUrl?: string;
  /** An extra CA to trust for that address's TLS (the tests' throwaway CA). */
  ca?: string;
  timeoutMs?: number;
}

export interface InvoiceContext {
  db: Db;
  /** SECRETARIA_ENCRYPTION_KEY: without it no certificate is kept, so no real environment works. */
  encryptionKey?: Buffer;
  /** Whether this install runs the offline demonstration (PAYMENTS_SANDBOX outside production). */
  sandbox: boolean;
  nfse?: NfseOptions;
}

/**
 * The last certificate opened, by its sealed text: reading a PKCS#12 derives keys (tens of milliseconds of the event
 * loop), so each issue does not do it again; a new upload is a new sealed text.
 */
let opened: { sealed: string; a1: A1 } | undefined;

function openCached(key: Buffer, sealed: string): A1 {
  if (opened?.sealed !== sealed) opened = { sealed, a1: openA1(key, sealed) };
  return opened.a1;
}

/** A setting refused when the service is asked for: the clerk and the operator read it. */
export class InvoiceConfigError extends Error {}

/** The issuer's fields a DPS needs, or null while any is missing. */
export function dpsIssuerOf(settings: NfseSettings): DpsIssuer | null {
  const { cnpj, municipio_ibge, regime, iss_rate, inscricao_municipal } = settings;
  if (!cnpj || !municipio_ibge || !regime || iss_rate === null) return null;
  return { cnpj, municipio_ibge, regime, iss_rate, inscricao_municipal };
}

/**
 * The NFS-e service for the environment the school chose, or null when none is chosen (no invoice leaves a school
 * that has not configured it) — and null for the simulation on an install that is not a demonstration. A real
 * environment whose certificate cannot be opened (no key, another key, expired) throws InvoiceConfigError.
 */
export async function invoiceServiceFor(ctx: InvoiceContext): Promise<InvoiceService | null> {
  const { settings, sealedCertificate } = await readIssuer(ctx.db);
  const environment = settings.environment;
  const issuer = dpsIssuerOf(settings);
  if (!environment || !issuer) return null;
  if (environment === 'simulacao') return ctx.sandbox ? simulationService(issuer) : null;
  if (!ctx.encryptionKey)
    throw new InvoiceConfigError('Defina SECRETARIA_ENCRYPTION_KEY: sem ela o certificado digital não pode ser lido.');
  if (!sealedCertificate) throw new InvoiceConfigError('Envie o certificado digital A1 da escola.');
  let a1: A1;
  try {
    a1 = openCached(ctx.encryptionKey, sealedCertificate);
  } catch {
    throw new InvoiceConfigError(
      'O certificado digital guardado não abre com a chave desta instalação (SECRETARIA_ENCRYPTION_KEY): envie-o de novo.',
    );
  }
  if (a1.notAfter.getTime() <= Date.now())
    throw new InvoiceConfigError('O certificado digital da escola venceu: envie o novo.');
  return sefinService({
    environment,
    issuer,
    a1,
    baseUrl: ctx.nfse?.sefinUrl,
    ca: ctx.nfse?.ca,
    timeoutMs: ctx.nfse?.timeoutMs,
  });
}
