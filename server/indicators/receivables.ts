import { sql, type RawBuilder } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { schoolDayOf } from '../../resources/format';

/**
 * The money view (issue 27, `GET /indicators/receivables`): what the school is to receive and has received this
 * month, what is overdue, its aging, and the default rate month by month — for the whole school and per team.
 *
 * Everything is summed in SQL, in three GROUP BY queries over `financials` joined to the enrolment's team; the
 * server adds up at most (teams × 12) grouped rows, never the charges. Dates are the school's (São Paulo): the
 * due dates and pay days are 'YYYY-MM-DD' text, so every range below is a text comparison against days computed
 * here, the same on SQLite and PostgreSQL.
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
 * The amount a figure sums for a charge: its value today. When fine and interest to date exist (issue 27, the
 * money rules), this is the one place to add them, as an SQL expression over `f` (or a join to their table).
 */
const AMOUNT: RawBuilder<number> = sql<number>`f.value_cents`;

// --- Days, as text: 'YYYY-MM-DD' ------------------------------------------------------------------------------
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * 86_400_000);
/** The first day of the month `n` months from `day`'s. */
const monthStart = (day: string, n = 0) => {
  const [y, m] = day.split('-').map(Number);
  return dayOf(Date.UTC(y, m - 1 + n, 1));
};
const monthEnd = (day: string) => addDays(monthStart(day, 1), -1);

/** The aging buckets by days late (today − due date): their due-date ranges. */
function agingRanges(today: string) {
  const yesterday = addDays(today, -1);
  return [
    { key: '1-30', label: '1 a 30 dias', due_from: addDays(today, -30), due_to: yesterday },
    { key: '31-60', label: '31 a 60 dias', due_from: addDays(today, -60), due_to: addDays(today, -31) },
    { key: '61-90', label: '61 a 90 dias', due_from: addDays(today, -90), due_to: addDays(today, -61) },
    { key: '91+', label: 'Mais de 90 dias', due_from: undefined, due_to: addDays(today, -91) },
  ] as const;
}

const num = (v: unknown) => Number(v ?? 0);
const rateOf = (late: number, due: number) => (due > 0 ? Math.round((late / due) * 10_000) / 10_000 : null);
const withTeam = (filter: ChargeFilter, teamId: number | null | undefined): ChargeFilter =>
  teamId == null ? filter : { ...filter, team_id: teamId };

type Row = Record<string, unknown> & { team_id: number | null };

/**
 * The figures of `today` (the school's day unless given: tests and benches may pass one), for one team or every
 * team in reach (`teams`: a professor's own teams; undefined = the whole school).
 */
export async function receivablesOf(
  db: Db,
  options: { teamId?: number; teams?: number[]; today?: string } = {},
): Promise<Receivables> {
  const k = dynamic(db);
  const today = options.today ?? schoolDayOf();
  const yesterday = addDays(today, -1);
  const month = { from: monthStart(today), to: monthEnd(today) };
  const rateFrom = monthStart(today, -11);
  const aging = agingRanges(today);

  const base = () => {
    let q = k.selectFrom('financials as f').innerJoin('registrations as r', 'r.id', 'f.registration_id');
    if (options.teamId !== undefined) q = q.where('r.team_id', '=', options.teamId);
    if (options.teams) q = q.where('r.team_id', 'in', options.teams.length ? options.teams : [-1]);
    return q;
  };
  const sumIf = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then ${AMOUNT} else 0 end)`;
  const countIf = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

  // 1. Open charges up to the month's end: to receive this month, overdue, aging — one pass.
  const inMonth = sql`f.due_date >= ${month.from}`;
  const overdue = sql`f.due_date < ${today}`;
  const bucket = (i: number) => {
    const b = aging[i];
    return b.due_from ? sql`f.due_date >= ${b.due_from} and f.due_date <= ${b.due_to}` : sql`f.due_date <= ${b.due_to}`;
  };
  let open = base()
    .select('r.team_id')
    .select([countIf(inMonth).as('month_n'), sumIf(inMonth).as('month_v')])
    .select([countIf(overdue).as('overdue_n'), sumIf(overdue).as('overdue_v')]);
  for (let i = 0; i < aging.length; i++)
    open = open.select([countIf(bucket(i)).as(`a${i}_n`), sumIf(bucket(i)).as(`a${i}_v`)]);
  const openRows = open
    .where('f.paid', '=', 0)
    .where('f.due_date', '<=', month.to)
    .groupBy('r.team_id')
    .execute() as Promise<Row[]>;

  // 2. Received this month: paid with a pay day in the month.
  const receivedRows = base()
    .select(['r.team_id', sql<number>`count(*)`.as('n'), sql<number>`sum(${AMOUNT})`.as('v')])
    .where('f.paid', '=', 1)
    .where('f.pay_day', '>=', month.from)
    .where('f.pay_day', '<=', month.to)
    .groupBy('r.team_id')
    .execute() as Promise<Row[]>;

  // 3. Default rate: the charges due in each of the 12 months up to yesterday, and those still open or paid late.
  const late = sql`f.paid = 0 or f.pay_day > f.due_date`;
  const monthly = base()
    .select(['r.team_id', sql<string>`substr(f.due_date, 1, 7)`.as('month')])
    .select([sql<number>`sum(${AMOUNT})`.as('due_v'), sumIf(late).as('late_v')])
    .where('f.due_date', '>=', rateFrom)
    .where('f.due_date', '<=', yesterday)
    .groupBy(['r.team_id', sql`substr(f.due_date, 1, 7)`])
    .execute() as Promise<Row[]>;

  const [o, p, m] = await Promise.all([openRows, receivedRows, monthly]);
  const teamIds = [...new Set([...o, ...p, ...m].map((r) => (r.team_id == null ? null : num(r.team_id))))];
  const names = new Map<number, string>();
  const known = teamIds.filter((id): id is number => id !== null);
  if (known.length)
    for (const t of await k.selectFrom('teams').select(['id', 'name']).where('id', 'in', known).execute())
      names.set(num(t.id), String(t.name));

  const figuresOf = (teamId: number | null | undefined, rows: { o: Row[]; p: Row[]; m: Row[] }) => {
    const add = (list: Row[], key: string) => list.reduce((s, r) => s + num(r[key]), 0);
    return {
      to_receive: {
        count: add(rows.o, 'month_n'),
        total: add(rows.o, 'month_v'),
        filter: withTeam({ due_from: month.from, due_to: month.to, paid: 0 }, teamId),
      },
      received: {
        count: add(rows.p, 'n'),
        total: add(rows.p, 'v'),
        filter: withTeam({ pay_from: month.from, pay_to: month.to, paid: 1 }, teamId),
      },
      overdue: {
        count: add(rows.o, 'overdue_n'),
        total: add(rows.o, 'overdue_v'),
        filter: withTeam({ due_to: yesterday, paid: 0 }, teamId),
      },
      aging: aging.map((b, i): AgingBucket => ({
        key: b.key,
        label: b.label,
        count: add(rows.o, `a${i}_n`),
        total: add(rows.o, `a${i}_v`),
        filter: withTeam({ ...(b.due_from ? { due_from: b.due_from } : {}), due_to: b.due_to, paid: 0 }, teamId),
      })),
    };
  };

  const months: DefaultMonth[] = Array.from({ length: 12 }, (_, i) => {
    const from = monthStart(today, i - 11);
    const key = from.slice(0, 7);
    const rows = m.filter((r) => String(r.month) === key);
    const due = rows.reduce((s, r) => s + num(r.due_v), 0);
    const lateTotal = rows.reduce((s, r) => s + num(r.late_v), 0);
    const to = monthEnd(from) < today ? monthEnd(from) : yesterday;
    return {
      month: key,
      due_total: due,
      late_total: lateTotal,
      rate: rateOf(lateTotal, due),
      filter: withTeam({ due_from: from, due_to: to }, options.teamId),
    };
  });

  const same = (id: number | null) => (r: Row) => (r.team_id == null ? null : num(r.team_id)) === id;
  const teams: TeamFigures[] = teamIds
    .map((id) => {
      const rows = { o: o.filter(same(id)), p: p.filter(same(id)), m: m.filter(same(id)) };
      const due = rows.m.reduce((s, r) => s + num(r.due_v), 0);
      const lateTotal = rows.m.reduce((s, r) => s + num(r.late_v), 0);
      return {
        team_id: id,
        name: id === null ? 'Sem turma' : (names.get(id) ?? `Turma ${id}`),
        ...figuresOf(id, rows),
        default_rate: { due_total: due, late_total: lateTotal, rate: rateOf(lateTotal, due) },
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || (a.team_id ?? 0) - (b.team_id ?? 0));

  return {
    today,
    month: today.slice(0, 7),
    team_id: options.teamId ?? null,
    ...figuresOf(options.teamId, { o, p, m }),
    default_rate: months,
    teams,
  };
}
