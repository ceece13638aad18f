import { forbiddenMessage } from '../../resources/permissions';
import { gradeError, gradeOfTenths, parseGrade } from '../../resources/format';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { ApiError, notFound, validationError } from '../http/errors';
import { ErrorList } from '../http/error-list';
import { NOT_YOUR_DISCIPLINE } from '../grades/service';
import { disciplinesTaughtBy } from '../teams/teachers-queries';
import { refuseIfClosed } from './closing';
import { teamResults, type StudentResult } from './team-results';

export const RESULTS_SAVED = 'Resultado salvo com sucesso!';
/** Who records the class council's decisions (with `grades.write`, the PUT's own access). */
export const COUNCIL_ACCESS = 'results.manage';

const NOT_IN_TEAM = 'Matrícula não encontrada nesta turma.';
const LIST = 'Envie uma lista.';
const REASON = 'Informe o motivo da decisão do conselho (de 5 a 1000 caracteres).';
const DECISION = 'A decisão do conselho deve ser "aprovado", ou vazia para removê-la.';
/** Verdicts where the numbers fail and the council may still approve. */
const COUNCIL_MAY = new Set(['REPROVADO', 'EM RECUPERAÇÃO', 'APROVADO PELO CONSELHO']);

interface Caller {
  userId: number | undefined;
  /** Set for a teacher: they enter make-ups only in the disciplines they teach. */
  teacherId: number | undefined;
  mayDecide: boolean;
}

interface MakeupEntry {
  discipline_id: number;
  tenths: number | null;
}
interface CouncilEntry {
  discipline_id: number;
  decision: 'aprovado' | null;
  reason: string;
}

const listOf = (raw: unknown, field: string, errors: ErrorList): Record<string, unknown>[] => {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 50 || raw.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
    errors.add(field, LIST);
    return [];
  }
  return raw as Record<string, unknown>[];
};

function disciplineOf(raw: unknown, field: string, row: StudentResult, errors: ErrorList) {
  const found = row.disciplines.find((d) => d.discipline_id === raw);
  if (!found) errors.add(field, 'Esta disciplina não faz parte da grade da turma.');
  return found;
}

/**
 * Checks a results PUT against the student's results as they stand: a make-up only where one is open (every
 * stage graded, attendance met, under the passing average, the school having a final make-up), a grade of
 * 0,0 to 10,0; a council decision only where the numbers fail (never over the minimum attendance), with a reason.
 */
function checked(body: unknown, row: StudentResult, makeupRule: string) {
  const errors = new ErrorList();
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const makeups: MakeupEntry[] = [];
  listOf(b.makeup, 'makeup', errors).forEach((m, i) => {
    const d = disciplineOf(m.discipline_id, `makeup.${i}.discipline_id`, row, errors);
    const empty = m.grade === null || m.grade === '';
    const tenths = empty ? null : parseGrade(m.grade);
    if (!empty && tenths === null) errors.add(`makeup.${i}.grade`, gradeError(m.grade) ?? 'Nota inválida.');
    if (!d) return;
    if (makeupRule === 'none')
      errors.add(`makeup.${i}.grade`, 'A escola não tem recuperação final (veja as Configurações da escola).');
    else if (!d.makeup_needed && (tenths !== null || d.makeup === null))
      errors.add(
        `makeup.${i}.grade`,
        `${d.name}: não há recuperação aberta para este aluno (${d.verdict || 'sem notas'}).`,
      );
    makeups.push({ discipline_id: d.discipline_id, tenths });
  });
  const councils: CouncilEntry[] = [];
  listOf(b.council, 'council', errors).forEach((c, i) => {
    const d = disciplineOf(c.discipline_id, `council.${i}.discipline_id`, row, errors);
    const decision = c.decision === null || c.decision === '' ? null : c.decision;
    if (decision !== null && decision !== 'aprovado') errors.add(`council.${i}.decision`, DECISION);
    const reason = typeof c.reason === 'string' ? c.reason.trim() : '';
    if (decision !== null && (reason.length < 5 || reason.length > 1000)) errors.add(`council.${i}.reason`, REASON);
    if (!d) return;
    if (decision !== null && d.verdict === 'REPROVADO POR FALTA')
      errors.add(
        `council.${i}.decision`,
        `${d.name}: a frequência mínima é exigida por lei (LDB, art. 24, VI); o conselho não aprova reprovação por falta.`,
      );
    else if (decision !== null && !COUNCIL_MAY.has(d.verdict))
      errors.add(`council.${i}.decision`, `${d.name}: o aluno não está reprovado (${d.verdict || 'sem notas'}).`);
    councils.push({ discipline_id: d.discipline_id, decision: decision as 'aprovado' | null, reason });
  });
  if (!errors.empty) throw errors.toError();
  if (!makeups.length && !councils.length)
    throw validationError({ makeup: ['Envie uma nota de recuperação ou uma decisão do conselho.'] });
  return { makeups, councils };
}

/** `PUT /teams/{id}/results/{registration_id}`: make-ups and council decisions of one student, audited. */
export async function saveResults(db: Db, teamId: number, registrationId: number, body: unknown, caller: Caller) {
  const results = await teamResults(db, teamId);
  const row = results.data.find((r) => r.registration_id === registrationId);
  if (!row) throw notFound(NOT_IN_TEAM);
  const { makeups, councils } = checked(body, row, results.makeup_rule);
  if (councils.length && !caller.mayDecide) throw new ApiError(403, forbiddenMessage(COUNCIL_ACCESS));
  if (caller.teacherId !== undefined && makeups.length) {
    const taught = await disciplinesTaughtBy(db, caller.teacherId, teamId);
    if (makeups.some((m) => !taught.includes(m.discipline_id))) throw new ApiError(403, NOT_YOUR_DISCIPLINE);
  }
  const now = new Date().toISOString();
  await inTransaction(db, async (tx) => {
    // Inside the transaction: a close that lands first wins, and this save is refused.
    await refuseIfClosed(tx, [teamId]);
    const k = dynamic(tx);
    for (const m of makeups) {
      await k
        .deleteFrom('makeup_grades')
        .where('registration_id', '=', registrationId)
        .where('discipline_id', '=', m.discipline_id)
        .execute();
      if (m.tenths !== null)
        await k
          .insertInto('makeup_grades')
          .values({
            registration_id: registrationId,
            discipline_id: m.discipline_id,
            grade: m.tenths,
            saved_by: caller.userId ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
    }
    for (const c of councils) {
      await k
        .deleteFrom('council_decisions')
        .where('registration_id', '=', registrationId)
        .where('discipline_id', '=', c.discipline_id)
        .execute();
      if (c.decision !== null)
        await k
          .insertInto('council_decisions')
          .values({
            registration_id: registrationId,
            discipline_id: c.discipline_id,
            decision: c.decision,
            reason: c.reason,
            decided_by: caller.userId ?? null,
            decided_at: now,
          })
          .execute();
    }
    const before = (id: number) => row.disciplines.find((d) => d.discipline_id === id)!;
    await audit(tx, {
      userId: caller.userId,
      entity: 'registrations',
      entityId: registrationId,
      action: 'update',
      changes: {
        ...Object.fromEntries(
          makeups.map((m) => [
            `recuperação ${before(m.discipline_id).name}`,
            [before(m.discipline_id).makeup, m.tenths === null ? null : gradeOfTenths(m.tenths)],
          ]),
        ),
        ...Object.fromEntries(
          councils.map((c) => [
            `conselho ${before(c.discipline_id).name}`,
            [before(c.discipline_id).council?.decision ?? null, c.decision && `${c.decision}: ${c.reason}`],
          ]),
        ),
      },
    });
  });
  const after = await teamResults(db, teamId);
  return after.data.find((r) => r.registration_id === registrationId)!;
}
