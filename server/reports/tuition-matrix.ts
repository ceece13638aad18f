import { schoolDayOf } from '../../resources/format';
import { foldText } from '../../resources/text';

export interface TuitionCharge {
  registration_id: number;
  value_cents: number;
  due_date: string;
  paid: boolean;
  /** The service's name; null when the charge has none. */
  service: string | null;
}

export interface MatrixCell {
  cents: number;
  /** Every charge of the month paid. */
  paid: boolean;
  /** Some charge of the month unpaid and due before today. */
  overdue: boolean;
}

export interface TuitionMatrix {
  /**
   * Due months (`yyyy-mm`) from the earliest to the latest, the months between included while that stays
   * within `MAX_SPAN`; beyond it, only the months that have tuition.
   */
  months: string[];
  /** The cell of an enrolment in a month, when it has tuition due then. */
  cell(registrationId: number, month: string): MatrixCell | undefined;
  /** The school's calendar day the colours were judged on. */
  today: string;
}

/**
 * Ten years of columns at most are filled in: a date stored with a mistyped year (0026 for 2026, before
 * dates were checked) would otherwise ask for 24 000 columns, more than a spreadsheet has.
 */
export const MAX_SPAN = 120;

/** Tuition is a charge of the service 'Mensalidade' (however written) or of no service. */
const isTuition = (service: string | null) => service === null || foldText(service).trim() === 'mensalidade';

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/** Every month from the first to the last (`yyyy-mm`), gaps included: a missing charge shows as a hole. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number);
  const [ly, lm] = last.split('-').map(Number);
  while (y < ly || (y === ly && m <= lm)) {
    months.push(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}

/**
 * The matrix of the financial report per team: the tuition of each enrolment summed per due month (in
 * centavos, exact), paid when all of the month is paid, overdue when some of it is unpaid and due before
 * `now`'s day in the school's time zone (a charge due today is not overdue yet).
 */
export function tuitionMatrix(charges: TuitionCharge[], now: Date | string): TuitionMatrix {
  const today = schoolDayOf(now);
  const cells = new Map<string, MatrixCell>();
  const due = new Set<string>();
  for (const c of charges) {
    if (!isTuition(c.service)) continue;
    const month = c.due_date.slice(0, 7);
    due.add(month);
    const key = `${c.registration_id}:${month}`;
    const cell = cells.get(key) ?? { cents: 0, paid: true, overdue: false };
    cell.cents += c.value_cents;
    cell.paid &&= c.paid;
    cell.overdue ||= !c.paid && c.due_date < today;
    cells.set(key, cell);
  }
  const sorted = [...due].sort();
  const span = sorted.length === 0 ? 0 : monthIndex(sorted[sorted.length - 1]) - monthIndex(sorted[0]) + 1;
  return {
    months: span > MAX_SPAN ? sorted : sorted.length === 0 ? [] : monthsBetween(sorted[0], sorted[sorted.length - 1]),
    cell: (registrationId, month) => cells.get(`${registrationId}:${month}`),
    today,
  };
}
