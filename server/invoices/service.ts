/**
 * The NFS-e service as the invoices area sees it: Sefin Nacional for real (mutual TLS with the school's A1
 * certificate, `sefin.ts`), or a simulation (`simulation.ts`) that issues at once, marked "SIMULAÇÃO — SEM
 * VALOR FISCAL". Which one a school gets is decided by its settings' `environment`; with no settings, none:
 * no invoice leaves a school that has not configured it.
 *
 * Shared by two parts of the work: the core (settings, certificate, DPS builder, signer, adapters) implements
 * it; the flow (jobs on settlement, routes per charge, DANFSe, screens) calls it. Keep both sides to this file.
 */

/** The service taker (tomador): the charge's financial responsible. */
export interface InvoiceTaker {
  name: string;
  /** CPF (11 digits) or CNPJ (14 characters, alphanumeric-ready), unmasked. */
  document: string;
  email?: string | null;
  address?: {
    cep: string;
    street: string;
    number: string;
    neighborhood: string;
    /** 7-digit IBGE code of the taker's municipality. */
    municipalityIbge: string;
    complement?: string | null;
  } | null;
}

/** What one DPS says, before it is turned into the national layout's XML and signed. */
export interface DpsInput {
  /** The DPS series and number: with the issuer's CNPJ, the idempotency key of the invoice. */
  series: string;
  number: number;
  /** `YYYY-MM-DD`: the competence (the month the service refers to). */
  competence: string;
  /** ISO date-time of emission (the DPS's dhEmi), in the school's offset (-03:00). */
  issuedAt: string;
  taker: InvoiceTaker;
  /** Integer centavos. */
  amountCents: number;
  /** The national service code (item 8.01 / 8.02 of LC 116, as the layout writes it). */
  serviceCode: string;
  description: string;
  /** When this DPS replaces an issued NFS-e (a corrected value): the access key it substitutes. */
  replacesAccessKey?: string | null;
}

export interface InvoiceError {
  code: string;
  message: string;
}

export type IssueResult =
  | {
      outcome: 'emitida';
      /** The NFS-e number and its 50-character access key (chave de acesso). */
      number: string;
      accessKey: string;
      /** ISO date-time the service authorised it. */
      issuedAt: string;
      /** The NFS-e XML the service answered (kept; the DANFSe is drawn from it and from the DPS). */
      xml: string;
      simulated: boolean;
    }
  | { outcome: 'rejeitada'; errors: InvoiceError[] };

export type CancelResult =
  { outcome: 'cancelada'; cancelledAt: string } | { outcome: 'rejeitada'; errors: InvoiceError[] };

/**
 * A failure worth retrying (timeout, connection refused, 5xx): the job runner retries it with backoff. Anything
 * the service refuses on the merits is a `rejeitada` result instead, shown to the clerk to fix.
 */
export class TransientInvoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransientInvoiceError';
  }
}

export interface InvoiceService {
  readonly environment: 'producao' | 'producao_restrita' | 'simulacao';
  /**
   * Builds, signs and sends the DPS. Sending the same series and number again never issues twice: a duplicate
   * answered by the service is read back and returned as the invoice already issued.
   */
  issue(dps: DpsInput): Promise<IssueResult>;
  /** Cancels an issued NFS-e (cancellation event) with the layout's reason code and a text. */
  cancel(accessKey: string, reason: { code: string; text: string }): Promise<CancelResult>;
}
