import type { Db, DbOptions } from '../db/connection';
import type { InvoiceService } from './service';

/** What the issuing flow reads of the school's NFS-e settings (the core's `nfse/settings`). */
export interface FlowSettings {
  issue_on: 'payment' | 'manual';
  /** The national service code the DPS carries. */
  service_code: string;
  /** The description, with `{aluno}`, `{mes}` and `{parcela}` filled per charge. */
  description_template: string;
  environment: InvoiceService['environment'];
  /** The issuer as the DANFSe names it. */
  cnpj: string;
  inscricao_municipal: string | null;
  municipio_ibge: string | null;
  /** ISS rate in percent (2 to 5). */
  iss_rate: number;
}

/**
 * Where the flow gets the settings and the service: null from either means not configured, and no invoice is
 * made. One place, so that the flow never reaches into how the core stores settings or builds adapters.
 */
export interface InvoiceSetup {
  settings(db: Db): Promise<FlowSettings | null>;
  service(db: Db): Promise<InvoiceService | null>;
}

/** Until the school configures it: nothing. */
const NOT_CONFIGURED: InvoiceSetup = { settings: async () => null, service: async () => null };

// Keyed by how the database was opened, which a transaction's Db shares with the Db it came from.
const setups = new WeakMap<DbOptions, InvoiceSetup>();
let fallback: InvoiceSetup = NOT_CONFIGURED;

/** The setup of a database (another than the default: a test's fake service, a process's own adapters). */
export function setInvoiceSetup(db: Db, setup: InvoiceSetup): void {
  setups.set(db.opened, setup);
}

/** The default setup of every database without one of its own (the core's, read from the settings table). */
export function setDefaultInvoiceSetup(setup: InvoiceSetup): void {
  fallback = setup;
}

export function invoiceSetupOf(db: Db): InvoiceSetup {
  return setups.get(db.opened) ?? fallback;
}
