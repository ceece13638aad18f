import { audit } from '../../audit/log';
import { dynamic, type Db } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { applyPlan, planById, type PaymentPlan } from '../../finance/plans';
import { createRegistrationList } from '../../registrations/service';
import { schoolYearOr404, targetYearOr422 } from '../school-year-of';
import { rolloverInput } from './input';
import type { RolloverAnswer } from '../../../resources/next-year';
import { breathe, planRollover, type PlannedMove } from './plan';

type RolloverTotals = RolloverAnswer['totals'];

function totalsOf(moves: PlannedMove[], enrolled: number, charges: number): RolloverTotals {
  const totals: RolloverTotals = {
    promovido: 0,
    retido: 0,
    concluinte: 0,
    saiu: 0,
    enrolled,
    to_enrol: 0,
    already_enrolled: 0,
    charges,
  };
  for (const m of moves) {
    totals[m.outcome] += 1;
    if (m.already_enrolled) totals.already_enrolled += 1;
    else if (m.to_team) totals.to_enrol += 1;
  }
  return totals;
}

/** The answer's rows: the target's plan is the server's business. */
const shown = (moves: PlannedMove[]) =>
  moves.map(({ to_team, ...m }) => ({ ...m, to_team: to_team && { id: to_team.id, name: to_team.name } }));

/**
 * `POST /school-years/{id}/rollover`: every student of the listed closed teams into next year's teams, dated the new
 * year's first day, in one transaction — or, as a dry run, what would happen, writing nothing. Whoever is already in a
 * team of the target year is left there, so a second run enrols nobody twice; two runs at once take turns on the
 * target year's row (PostgreSQL; SQLite has one writer), and the unique (student, team) holds behind that. Guardians
 * belong to the student and stay as they are; the new team's payment plan is applied when asked. Audited: each
 * enrolment and charge as usual, and the run on the target year.
 */
export async function rollover(db: Db, yearId: number, body: unknown, userId: number | undefined) {
  const input = rolloverInput(body);
  const from = await schoolYearOr404(db, yearId);
  const first = await targetYearOr422(db, from, input.to_year_id);
  if (input.dry_run) {
    const moves = await planRollover(db, from, first, input.teams);
    return { data: shown(moves), totals: totalsOf(moves, 0, 0) };
  }
  return inTransaction(db, async (tx) => {
    if (db.dialect === 'postgres')
      await dynamic(tx).selectFrom('school_years').select('id').where('id', '=', first.id).forUpdate().execute();
    // Read again under the lock: a year closed meanwhile takes no enrolment.
    const to = await targetYearOr422(tx, from, first.id);
    const moves = await planRollover(tx, from, to, input.teams);
    const students = new Set<number>();
    const pending = moves.filter((m) => {
      if (!m.to_team || m.already_enrolled || students.has(m.student.id)) return false;
      students.add(m.student.id);
      return true;
    });
    const made = await createRegistrationList(
      tx,
      pending.map((m) => ({ student_id: m.student.id, team_id: m.to_team!.id, enrolled_on: to.start_date })),
      userId,
      to.start_date,
    );
    let charges = 0;
    if (input.apply_plans) {
      const plans = new Map<number, PaymentPlan | undefined>();
      for (const [i, registration] of made.entries()) {
        const planId = pending[i].to_team!.payment_plan_id;
        if (planId === null) continue;
        if (!plans.has(planId)) plans.set(planId, await planById(tx, planId));
        const plan = plans.get(planId);
        if (plan) charges += (await applyPlan(tx, registration.id, plan, null, userId)).length;
        // A turn of the event loop now and then: on SQLite every write is synchronous, and 1,000 enrolments'
        // charges at once would hold it for seconds (/api/health and the load shedding would stop answering).
        if (i % 10 === 9) await breathe();
      }
    }
    await audit(tx, {
      userId,
      entity: 'school_years',
      entityId: to.id,
      action: 'create',
      changes: {
        rollover_from: from.id,
        teams: input.teams.map((t) => t.from_team_id),
        enrolled: made.length,
        charges,
      },
    });
    return {
      data: shown(moves),
      totals: totalsOf(moves, made.length, charges),
      message: `Rematrícula concluída: ${made.length} ${made.length === 1 ? 'aluno matriculado' : 'alunos matriculados'} em ${to.year}.`,
    };
  });
}
