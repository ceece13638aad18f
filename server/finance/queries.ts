import { sql } from 'kysely';
import { inChunks } from '../db/chunks';
import { dynamic, type Db } from '../db/connection';
import { embeddedUser } from '../users/embedded';
import { amountOf } from './money';
import type { PaymentDivergence } from '../payments/settle';
import type { PaymentReversal } from '../../resources/receivables';
import { paidPartsOf, type AmountDue } from './amount-due';

export interface Charge {
  id: number;
  registration_id: number;
  value: number;
  value_cents: number;
  quota: number;
  due_date: string;
  pay_day: string | null;
  paid: 0 | 1;
  service_type_id: number | null;
  payment_type_id: number | null;
  service_type: { id: number; name: string } | null;
  payment_type: { id: number; name: string } | null;
  /** The payment plan that created it (issue 27), or null for a charge entered by hand. */
  payment_plan_id: number | null;
  observations: string | null;
  financial_observation: string | null;
  gateway_response: string | null;
  gateway_attempt: number;
  /** A provider's payment that did not match this charge ('pagamento divergente'), kept for a person to decide. */
  payment_divergence: PaymentDivergence | null;
  /** A settled payment the provider later refunded, charged back or cancelled: told to the finance clerk. */
  payment_reversal: PaymentReversal | null;
  /** Raised by every write: a client sends the one it read, and a stale one is refused (409). */
  version: number;
  /** What a settled charge was paid of each part, centavos (issue 27); null when unpaid or paid before. */
  paid_parts: AmountDue | null;
  user: { name: string };
  updated_user: { name: string };
  paid_user: { id: number | null; name: string } | null;
  created_at: string;
  updated_at: string;
}

/** Who paid through the family portal (issue 35): "Maria José da Silva, pelo Portal das famílias", or the portal. */
export const PORTAL_PAYER = 'Portal das famílias';
export const portalPayerName = (name: unknown) =>
  typeof name === 'string' && name.trim() !== '' ? `${name.trim()}, pelo ${PORTAL_PAYER}` : PORTAL_PAYER;

/** Every write to a charge raises its version: a clerk's form read before it is refused (409), not written over. */
export const nextVersion = sql<number>`version + 1`;

/**
 * Charges with their service, payment type and the users who created, last changed and paid them (a family that paid on
 * the portal named as such), by due date within each enrolment: an overdue instalment comes before the future ones.
 */
export async function chargesWhere(db: Db, by: 'id' | 'registration_id', ids: number[]): Promise<Charge[]> {
  const rows = await inChunks(ids, (slice) =>
    dynamic(db)
      .selectFrom('financials as f')
      .leftJoin('service_types as st', 'st.id', 'f.service_type_id')
      .leftJoin('payment_types as pt', 'pt.id', 'f.payment_type_id')
      .leftJoin('users as cu', 'cu.id', 'f.created_by')
      .leftJoin('users as uu', 'uu.id', 'f.updated_by')
      .leftJoin('users as pu', 'pu.id', 'f.paid_by')
      .leftJoin('portal_accounts as pa', 'pa.id', 'f.paid_portal_account_id')
      .leftJoin('guardians as pg', 'pg.id', 'pa.guardian_id')
      .leftJoin('students as ps', 'ps.id', 'pa.student_id')
      .selectAll('f')
      .select([
        'st.name as service_type_name',
        'pt.name as payment_type_name',
        'cu.name as created_name',
        'uu.name as updated_name',
        'pu.name as paid_name',
        'pg.name as portal_guardian_name',
        'ps.name as portal_student_name',
      ])
      .where(`f.${by}`, 'in', slice)
      .orderBy('f.registration_id')
      .orderBy('f.due_date')
      .orderBy('f.quota')
      .orderBy('f.id')
      .execute(),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    registration_id: Number(r.registration_id),
    value: amountOf(r.value_cents),
    value_cents: Number(r.value_cents),
    quota: Number(r.quota),
    due_date: r.due_date,
    pay_day: r.pay_day ?? null,
    paid: Number(r.paid) ? 1 : 0,
    service_type_id: r.service_type_id === null ? null : Number(r.service_type_id),
    payment_type_id: r.payment_type_id === null ? null : Number(r.payment_type_id),
    service_type: r.service_type_id === null ? null : { id: Number(r.service_type_id), name: r.service_type_name },
    payment_type: r.payment_type_id === null ? null : { id: Number(r.payment_type_id), name: r.payment_type_name },
    payment_plan_id: r.payment_plan_id === null || r.payment_plan_id === undefined ? null : Number(r.payment_plan_id),
    observations: r.observations ?? null,
    financial_observation: r.financial_observation ?? null,
    gateway_response: r.gateway_response ?? null,
    gateway_attempt: Number(r.gateway_attempt ?? 0),
    payment_divergence: r.payment_divergence ? (JSON.parse(String(r.payment_divergence)) as PaymentDivergence) : null,
    payment_reversal: r.payment_reversal ? (JSON.parse(String(r.payment_reversal)) as PaymentReversal) : null,
    version: Number(r.version),
    paid_parts: Number(r.paid) ? paidPartsOf(r) : null,
    user: embeddedUser(r.created_name),
    updated_user: embeddedUser(r.updated_name ?? r.created_name),
    paid_user: Number(r.paid)
      ? {
          id: r.paid_by === null ? null : Number(r.paid_by),
          name:
            r.paid_via === 'portal'
              ? portalPayerName(r.portal_guardian_name ?? r.portal_student_name)
              : embeddedUser(r.paid_name).name,
        }
      : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export const chargeById = async (db: Db, id: number) => (await chargesWhere(db, 'id', [id]))[0];
