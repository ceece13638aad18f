import { schoolDayOf } from '../../resources/format';
import { moneyNumber, moneyText } from '../components/money';
import type { AmountDue, PaymentReversal } from '../../resources/receivables';

/** A charge (financial pendency) as `/api` answers it inside a student's registrations. */
export interface Charge {
  id: number;
  registration_id: number;
  value: number;
  value_cents: number;
  quota: number | null;
  due_date: string;
  pay_day: string | null;
  paid: number;
  service_type: { id: number; name: string } | null;
  payment_type: { id: number; name: string } | null;
  service_type_id: number | null;
  payment_type_id: number | null;
  observations: string | null;
  financial_observation: string | null;
  gateway_response: string | null;
  /** A provider's payment that did not match the charge, kept unpaid for a person to decide. */
  payment_divergence?: {
    payment_id: string;
    paid_cents: number | null;
    currency: string | null;
    expected_cents: number;
    reasons: string[];
  } | null;
  /**
   * A settled payment the provider took back (refund, chargeback, cancellation): the charge was reopened, or, for a
   * partial refund, kept paid; shown until it is paid again.
   */
  payment_reversal?: PaymentReversal | null;
  /** Raised by every write: an edit or removal sends the one it read, and the server refuses a stale one (409). */
  version: number;
  user: { name: string } | null;
  updated_user: { name: string } | null;
  /** Who paid: a staff user, the provider's user (100), or none (id null) for a family paying on the portal. */
  paid_user: { id: number | null; name: string } | null;
  /** An unpaid charge of a student's record: what it asks today (null when paid; absent elsewhere). */
  amount_due?: AmountDue | null;
  /** A paid charge: what it was paid of each part (null when settled before the parts were recorded). */
  paid_parts?: AmountDue | null;
  created_at: string;
  updated_at: string;
}

/** An enrolment of the student record, with its charges. */
export interface FinanceEnrolment {
  id: number;
  number: string;
  team: { id: number; name: string };
  financials?: Charge[];
}

export interface Option {
  id: number;
  name: string;
}

/** The payment provider's system user (spec §9): what it paid is not edited by hand. */
export const PROVIDER_USER_ID = 100;
/** Payment type codes (spec §4/§9): 4 is boleto; 1 and 2 get a pay link. */
export const BOLETO_TYPE_ID = 4;
export const BAD_QUANTITY = 'Por favor, preencha a quantidade de forma correta.';
export const NO_CHARGE_SELECTED = 'Por favor, selecione uma pendência financeira.';
export const SIMULATION_NOTICE = 'Simulação: nenhum dinheiro é cobrado';

export type ChargeState = 'paid' | 'overdue' | 'open';

/** Paid (any non-zero flag), overdue (unpaid and due before today in São Paulo), or open. */
export function chargeState(charge: Pick<Charge, 'paid' | 'due_date'>, today = schoolDayOf()): ChargeState {
  if (Number(charge.paid) !== 0) return 'paid';
  // Both are YYYY-MM-DD text: compared as text, no time zone can move a day.
  return charge.due_date < today ? 'overdue' : 'open';
}

export const paidByProvider = (charge: Charge) => charge.paid_user?.id === PROVIDER_USER_ID;

/** Paid through the payment simulation (PAYMENTS_SANDBOX): shown as 'Simulação', never as the provider. */
export const paidBySimulation = (charge: Charge) =>
  Number(charge.paid) !== 0 && storedResponse(charge)?.sandbox === true;

/** The provider's answer stored on the charge, or null when absent or not JSON. */
export function storedResponse(charge: Pick<Charge, 'gateway_response'>): Record<string, unknown> | null {
  if (!charge.gateway_response) return null;
  try {
    const parsed: unknown = JSON.parse(charge.gateway_response);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The PIX already made for an unpaid charge, as the provider answered it (its QR code and copy-and-paste code), while
 * it waits for payment: reopening "Cobrar › PIX" shows it instead of an empty dialog. Null when the charge's last
 * payment link was no PIX, or that PIX was paid, refunded or cancelled.
 */
export function openPix(charge: Pick<Charge, 'paid' | 'gateway_response'>): Record<string, unknown> | null {
  const stored = storedResponse(charge);
  if (Number(charge.paid) !== 0 || !stored) return null;
  if (stored.payment_method_id !== 'pix' && stored.payment_type_id !== 'bank_transfer') return null;
  if (typeof stored.status === 'string' && stored.status !== 'pending') return null;
  const data = (stored.point_of_interaction as { transaction_data?: { qr_code?: unknown } } | undefined)
    ?.transaction_data;
  return typeof data?.qr_code === 'string' && data.qr_code !== '' ? stored : null;
}

/** An unpaid boleto-type charge with a stored boleto: its link and whether it was tied to the due date. */
export function openBoleto(charge: Charge): { url: string | null; externalReference: boolean } | null {
  const stored = storedResponse(charge);
  if (Number(charge.paid) !== 0 || charge.payment_type_id !== BOLETO_TYPE_ID || stored?.payment_type_id !== 'ticket')
    return null;
  // A boleto paid and then refunded (or cancelled) is no open boleto.
  if (typeof stored.status === 'string' && stored.status !== 'pending') return null;
  const details = stored.transaction_details as { external_resource_url?: unknown } | undefined;
  const url = typeof details?.external_resource_url === 'string' ? details.external_resource_url : null;
  return {
    url,
    externalReference:
      stored.external_reference !== undefined && stored.external_reference !== null && stored.external_reference !== '',
  };
}

/** Centavos as the money input shows them: 123456 → "1.234,56". */
export const maskCents = moneyText;

/** A typed amount as the decimal number the API reads ("1.500" → 1500, "500,5" → 500.5; exact), or null. */
export const moneyToNumber = moneyNumber;

/** The most instalments one add creates (the server's bound). */
export const MAX_REPETITIONS = 120;
export const QUANTITY_OUT_OF_RANGE = `A quantidade de parcelas deve ser de 1 a ${MAX_REPETITIONS}.`;

/** A quantity of instalments: digits only, 1 to 120 (the server's bounds). */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_REPETITIONS ? n : null;
}

/** Why parseQuantity refused a quantity: the spec's words when it is no number, the limits when it is out of them. */
export function quantityRefusal(text: string): string {
  return /^\d+$/.test(text.trim()) && Number(text) > 0 ? QUANTITY_OUT_OF_RANGE : BAD_QUANTITY;
}
