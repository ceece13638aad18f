import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { staticBrCode } from './brcode';
import { boletoNumbers, formatDigitableLine } from './febraban';
import {
  centsToAmount,
  type PaymentProvider,
  type PaymentRequest,
  type PreferenceRequest,
  type ProviderPayment,
} from './provider';

export interface SandboxOptions {
  /** Public address of the app: the pay page lives there. */
  appUrl: string;
  /** Whom a PIX code pays (the school), from its settings. */
  merchant(): Promise<{ name: string; city: string; pixKey: string }>;
}

/** A sandbox payment's page, where 'Pagar (simulação)' is pressed, by its random public key. */
export const sandboxPagePath = (key: string) => `/api/payments/sandbox/${key}`;

/** The shape of a public key: 32 hex digits from a cryptographic source. */
export const isSandboxKey = (key: string) => /^[0-9a-f]{32}$/.test(key);

const BANK = '237';
const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Method = 'boleto' | 'pix' | 'card';

interface Input {
  chargeId: number;
  method: Method;
  amountCents: number;
  description: string;
  expiresOn?: string;
  /** Stored in the answer as the provider does: the boleto's Pagador and the pay page read it back. */
  payer: PreferenceRequest['payer'];
}

/**
 * A payment provider that never leaves the machine: boletos with a valid FEBRABAN line, PIX codes that are
 * valid BR Codes with their QR image, a checkout link; each payment waits on a local page until someone
 * presses 'Pagar (simulação)', which then notifies our own webhook exactly as the provider would.
 * Same answers' shape as Mercado Pago; same idempotency (one payment per key).
 */
export function sandboxProvider(db: Db, options: SandboxOptions): PaymentProvider {
  const k = dynamic(db);

  async function create(key: string, input: Input): Promise<ProviderPayment> {
    const known = await k
      .selectFrom('sandbox_payments')
      .select('response')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (known) return JSON.parse(String(known.response)) as ProviderPayment;
    const now = new Date().toISOString();
    const publicKey = randomBytes(16).toString('hex');
    let id: number;
    try {
      const row = await k
        .insertInto('sandbox_payments')
        .values({
          financial_id: input.chargeId,
          idempotency_key: key,
          public_key: publicKey,
          method: input.method,
          amount_cents: input.amountCents,
          description: input.description.slice(0, 255),
          expires_on: input.expiresOn ?? null,
          status: 'pending',
          response: '{}',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    } catch (error) {
      // The same key at the same instant: the other request made the payment.
      if (isUniqueViolation(error)) return create(key, input);
      throw error;
    }
    const response = await describe(id, publicKey, input, now);
    await k
      .updateTable('sandbox_payments')
      .set({ response: JSON.stringify(response) })
      .where('id', '=', id)
      .execute();
    return response;
  }

  async function describe(id: number, publicKey: string, input: Input, createdAt: string): Promise<ProviderPayment> {
    const page = `${options.appUrl.replace(/\/+$/, '')}${sandboxPagePath(publicKey)}`;
    const base: ProviderPayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_payment',
      external_reference: String(input.chargeId),
      transaction_amount: centsToAmount(input.amountCents),
      currency_id: 'BRL',
      description: input.description,
      date_created: createdAt,
      date_approved: null,
      payer: input.payer,
      sandbox: true,
    };
    if (input.method === 'boleto') {
      const due = input.expiresOn ?? addDays(3);
      const { barcode, digitableLine } = boletoNumbers(BANK, input.amountCents, due, String(id).padStart(25, '0'));
      return {
        ...base,
        payment_method_id: 'bolbradesco',
        payment_type_id: 'ticket',
        date_of_expiration: `${due}T23:59:59.000-03:00`,
        transaction_details: { external_resource_url: page },
        barcode: { content: barcode },
        digitable_line: formatDigitableLine(digitableLine),
      };
    }
    if (input.method === 'pix') {
      const merchant = await options.merchant();
      const qrCode = staticBrCode({
        merchantName: merchant.name.slice(0, 25),
        merchantCity: merchant.city.slice(0, 15),
        pixKey: merchant.pixKey,
        description: input.description.slice(0, 40),
        amountCents: input.amountCents,
        txid: `SECRETARIA${id}`,
      });
      const png = await QRCode.toBuffer(qrCode, { type: 'png', margin: 1, width: 256 });
      return {
        ...base,
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        transaction_details: { external_resource_url: null },
        point_of_interaction: {
          transaction_data: { qr_code: qrCode, qr_code_base64: png.toString('base64'), ticket_url: page },
        },
      };
    }
    return { ...base, payment_method_id: 'credit_card', payment_type_id: 'credit_card', init_point: page };
  }

  return {
    name: 'sandbox',
    createPayment: (request: PaymentRequest) =>
      create(request.idempotencyKey, {
        chargeId: request.chargeId,
        method: request.method,
        amountCents: request.amountCents,
        description: request.description,
        expiresOn: request.expiresOn,
        payer: request.payer,
      }),
    async createPreference(request: PreferenceRequest) {
      const payment = await create(request.idempotencyKey, {
        chargeId: request.chargeId,
        method: 'card',
        amountCents: request.amountCents,
        description: request.title,
        payer: request.payer,
      });
      // As the provider answers a preference: its reference and its one item.
      return {
        id: `sandbox-${payment.id}`,
        init_point: String(payment.init_point),
        external_reference: String(request.chargeId),
        items: [
          { id: String(request.chargeId), quantity: 1, currency_id: 'BRL', unit_price: payment.transaction_amount },
        ],
        sandbox: true,
      };
    },
    async getPayment(id: string) {
      if (!/^\d{1,10}$/.test(id)) return null;
      const row = await k
        .selectFrom('sandbox_payments')
        .select(['response', 'status', 'approved_at', 'approved_by', 'approved_by_portal'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return row ? answerOf(row) : null;
    },
    async searchPayments(externalReference: string) {
      if (!/^\d{1,10}$/.test(externalReference)) return [];
      const rows = await k
        .selectFrom('sandbox_payments')
        .select(['response', 'status', 'approved_at', 'approved_by', 'approved_by_portal'])
        .where('financial_id', '=', Number(externalReference))
        .orderBy('id', 'desc')
        .execute();
      return rows.map(answerOf);
    },
  };
}

/** A stored sandbox payment as the provider would answer it now. */
function answerOf(row: {
  response: unknown;
  status: unknown;
  approved_at: unknown;
  approved_by: unknown;
  approved_by_portal: unknown;
}) {
  // `approved_by`: the staff user who pressed 'Pagar (simulação)', who is then recorded as the payer; or
  // `approved_by_portal`: the family's portal account that pressed it, recorded as paying through the portal.
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(JSON.parse(String(row.response)) as ProviderPayment),
    status: String(row.status),
    date_approved: row.approved_at ? String(row.approved_at) : null,
    approved_by: id(row.approved_by),
    approved_by_portal: id(row.approved_by_portal),
  } as ProviderPayment;
}

/**
 * 'Pagar (simulação)' pressed by a staff user, or by a family on the portal: the sandbox payment is approved (once);
 * answers whether it was still open.
 */
export async function approveSandboxPayment(
  db: Db,
  id: number,
  by: { userId?: number | null; portalAccountId?: number | null },
): Promise<boolean> {
  const result = await dynamic(db)
    .updateTable('sandbox_payments')
    .set({
      status: 'approved',
      approved_at: new Date().toISOString(),
      approved_by: by.userId ?? null,
      approved_by_portal: by.portalAccountId ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
