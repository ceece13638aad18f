/**
 * The payment provider as the finance area sees it: Mercado Pago for real (`mercadopago.ts`), or an
 * offline sandbox (`sandbox.ts`) when no access token is configured. Answers keep Mercado Pago's shape,
 * since the contract stores and returns them as the charge's `gateway_response`.
 */

export interface Payer {
  email: string;
  first_name: string;
  last_name: string;
  identification: { type: 'CPF'; number: string };
  address: {
    zip_code: string;
    street_name: string;
    street_number: string;
    neighborhood: string;
    city: string;
    federal_unit: string;
  };
}

export interface PaymentRequest {
  /** Our charge id: the provider's `external_reference`. */
  chargeId: number;
  amountCents: number;
  description: string;
  method: 'boleto' | 'pix';
  /** `YYYY-MM-DD`: the boleto expires at the end of that day in the school's time zone. */
  expiresOn?: string;
  payer: Payer;
  notificationUrl: string;
  /** Same charge and attempt, same key: a retry can never create a second payment. */
  idempotencyKey: string;
}

export interface PreferenceRequest {
  chargeId: number;
  amountCents: number;
  title: string;
  /** The CPF goes along when the payer has one (the checkout then fills it in). */
  payer: Pick<Payer, 'email' | 'first_name' | 'last_name'> & Partial<Pick<Payer, 'identification'>>;
  notificationUrl: string;
  idempotencyKey: string;
}

/** A payment as the provider answers it (the fields we read; the whole answer is stored). */
export interface ProviderPayment {
  id: number | string;
  status: string;
  external_reference?: string | null;
  date_approved?: string | null;
  payment_type_id?: string;
  transaction_details?: { external_resource_url?: string | null };
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string; ticket_url?: string } };
  barcode?: { content?: string };
  [key: string]: unknown;
}

export interface ProviderPreference {
  id: string;
  init_point: string;
  [key: string]: unknown;
}

export interface PaymentProvider {
  readonly name: 'mercadopago' | 'sandbox';
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  createPreference(request: PreferenceRequest): Promise<ProviderPreference>;
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Every payment that names this charge as its `external_reference` (reconciliation: a card checkout's payment). */
  searchPayments(externalReference: string): Promise<ProviderPayment[]>;
}

/** The provider refused (4xx, with its own message) or could not be reached after the retries. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The provider's amount (a decimal of reais) as centavos, or null when it is not a number. */
export const centsOf = (amount: unknown) =>
  typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : null;

/** Centavos as the decimal number the provider's JSON takes (15020 → 150.2), exact for two places. */
export const centsToAmount = (cents: number) => Number((cents / 100).toFixed(2));
