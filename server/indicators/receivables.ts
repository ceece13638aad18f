import { sql, type RawBuilder } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { schoolDayOf } from '../../resources/format';
import type { AgingBucket, ChargeFilter, DefaultMonth, Receivables, TeamFigures } from '../../resources/receivables';

/**
 * The money view (issue 27, `GET /indicators/receivables`): what the school is to receive and has received this
 * month, what is overdue, its aging, and the default rate month by month — for the whole school and per team.
 *
 * Everything is summed in SQL, in three GROUP BY queries over `receivable_sums` (the charges summed per team,
 * due date, situation and pay day, kept by triggers); the server adds up at most (teams × 12) grouped rows. What is
 * received is what the paid charges brought in (`received`: their paid parts); the other figures are face values.
 * Dates are the school's (São Paulo): the due dates and pay days are 'YYYY-MM-DD' text, so every range below is a
 * text comparison against days computed here, the same on SQLite and PostgreSQL.
 */

/**
 * The amount a figure sums: the charges' value (`s.total`, the sum of one group of charges sharing team, due
 * date, situation and pay day). When fine and interest to date exist (issue 27, the money rules), this is the
 * one place to add them: they depend on the value and the days late, and every charge of a group has the same
 * due date, so they can be computed on the group's total with today's date (rounding per group, not per charge).
 */
const AMOUNT: RawBuilder<number> = sql<number>`s.total`;

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

  // The sums kept per (team, due date, paid, pay day) by triggers (server/db/receivable-sums.ts): each query below
  // groups those few hundred rows, never the charges. Team 0 is "no team".
  const base = () => {
    let q = k.selectFrom('receivable_sums as s').where('s.n', '>', 0);
    if (options.teamId !== undefined) q = q.where('s.team_id', '=', options.teamId);
    if (options.teams) q = q.where('s.team_id', 'in', options.teams.length ? options.teams : [-1]);
    return q;
  };
  const sumIf = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then ${AMOUNT} else 0 end)`;
  const countIf = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then s.n else 0 end)`;

  // 1. Open charges up to the month's end: to receive this month, overdue, aging — one pass.
  const inMonth = sql`s.due_date >= ${month.from}`;
  const overdue = sql`s.due_date < ${today}`;
  const bucket = (i: number) => {
    const b = aging[i];
    return b.due_from ? sql`s.due_date >= ${b.due_from} and s.due_date <= ${b.due_to}` : sql`s.due_date <= ${b.due_to}`;
  };
  let open = base()
    .select('s.team_id')
    .select([countIf(inMonth).as('month_n'), sumIf(inMonth).as('month_v')])
    .select([countIf(overdue).as('overdue_n'), sumIf(overdue).as('overdue_v')]);
  for (let i = 0; i < aging.length; i++)
    open = open.select([countIf(bucket(i)).as(`a${i}_n`), sumIf(bucket(i)).as(`a${i}_v`)]);
  const openRows = open
    .where('s.paid', '=', 0)
    .where('s.due_date', '<=', month.to)
    .groupBy('s.team_id')
    .execute() as Promise<Row[]>;

  // 2. Received this month: paid with a pay day in the month, by what came in (the paid parts: fine and interest in,
  // discounts out), not by the charges' value.
  const receivedRows = base()
    .select(['s.team_id', sql<number>`sum(s.n)`.as('n'), sql<number>`sum(s.received)`.as('v')])
    .where('s.paid', '=', 1)
    .where('s.pay_day', '>=', month.from)
    .where('s.pay_day', '<=', month.to)
    .groupBy('s.team_id')
    .execute() as Promise<Row[]>;

  // 3. Default rate: the charges due in each of the 12 months up to yesterday, and those still open or paid late.
  const late = sql`s.paid = 0 or s.pay_day > s.due_date`;
  const monthly = base()
    .select(['s.team_id', sql<string>`substr(s.due_date, 1, 7)`.as('month')])
    .select([sql<number>`sum(${AMOUNT})`.as('due_v'), sumIf(late).as('late_v')])
    .where('s.due_date', '>=', rateFrom)
    .where('s.due_date', '<=', yesterday)
    .groupBy(['s.team_id', sql`substr(s.due_date, 1, 7)`])
    .execute() as Promise<Row[]>;

  const [o, p, m] = await Promise.all([openRows, receivedRows, monthly]);
  const idOf = (r: Row) => (r.team_id == null || num(r.team_id) === 0 ? null : num(r.team_id));
  const teamIds = [...new Set([...o, ...p, ...m].map(idOf))];
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

  const same = (id: number | null) => (r: Row) => idOf(r) === id;
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
