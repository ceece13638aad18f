/**
 * The answer of `GET /indicators/receivables` (issue 27, the FINANCEIRO panel): written by
 * server/indicators/receivables.ts, read by src/admin/ReceivablesPanel.tsx.
 */

/** Which charges a figure counts, in the words the screen turns into a link to the financial report. */
export interface ChargeFilter {
  due_from?: string;
  due_to?: string;
  pay_from?: string;
  pay_to?: string;
  /** 0 open, 1 paid; absent both. */
  paid?: 0 | 1;
  team_id?: number;
}

export interface Figure {
  count: number;
  /** Centavos. */
  total: number;
  filter: ChargeFilter;
}

export interface AgingBucket extends Figure {
  key: '1-30' | '31-60' | '61-90' | '91+';
  label: string;
}

export interface DefaultMonth {
  month: string;
  /** The value of the month's charges already due (due date before today), in centavos. */
  due_total: number;
  /** Of those, the value still open today or paid after the due date. */
  late_total: number;
  /** late_total / due_total, 4 decimal places (0.125 = 12,5 %); null when nothing was due. */
  rate: number | null;
  filter: ChargeFilter;
}

export interface TeamFigures {
  team_id: number | null;
  name: string;
  to_receive: Figure;
  received: Figure;
  overdue: Figure;
  aging: AgingBucket[];
  /** The team's default over the same 12 months, all together. */
  default_rate: { due_total: number; late_total: number; rate: number | null };
}

export interface Receivables {
  today: string;
  month: string;
  team_id: number | null;
  to_receive: Figure;
  received: Figure;
  overdue: Figure;
  aging: AgingBucket[];
  default_rate: DefaultMonth[];
  teams: TeamFigures[];
}

/**
 * What a charge asks on a day, in centavos (issue 27): worked out by server/finance/amount-due.ts, answered as a
 * charge's `amount_due` and shown by src/finance/AmountToday.tsx.
 */
export interface AmountDue {
  principal: number;
  discount: number;
  fine: number;
  interest: number;
  total: number;
}

/**
 * A payment that had settled a charge and that the provider later took back (issue 34): kept on the charge as
 * `payment_reversal` by server/payments/reversal.ts, shown by src/finance/PendenciesTable.tsx until the charge is paid
 * again.
 */
export interface PaymentReversal {
  payment_id: string;
  /** The provider's status: refunded, charged_back, cancelled, or approved with part of it refunded. */
  status: string;
  /** What happened, in the words the screen and the e-mail use ('reembolsado', 'reembolsado em parte'…). */
  label: string;
  /** What the payment paid and what went back, in centavos (null when the provider did not say). */
  paid_cents: number | null;
  refunded_cents: number | null;
  /** Unpaid again; false: a partial refund, the charge stays paid and is only flagged. */
  reopened: boolean;
  at: string;
}
