import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMISSIONS_ACCESS } from '../../resources/admissions';
import { guardians } from '../../resources/guardians';
import { resources } from '../../resources';
import { students } from '../../resources/students';
import type { ResourceConfig } from '../../resources/types';
import type { AreaContext } from '../area';
import { audit, diff } from '../audit/log';
import { ResourceRepository, type Row } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { linkGuardian } from '../guardians/service';
import { linkOfStudent } from '../guardians/queries';
import { ApiError, conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { loadSettings } from '../school/routes';
import { accessOf } from '../portal/accounts';
import { inviteByEmail } from '../portal/invitation';
import { hasPlace, onTeamPlaces } from './admissions-places';

const NOT_FOUND = 'Pedido de matrícula não encontrado.';
const DECIDED = 'Este pedido de matrícula já foi decidido.';
export const NO_PLACE =
  'A turma não tem vaga livre: para aceitar um pedido da lista de espera, libere uma vaga ou aumente as vagas da turma.';

const declineSchema = z.object({
  reason: z
    .string({ error: 'Informe o motivo da recusa.' })
    .trim()
    .min(3, 'Informe o motivo da recusa.')
    .max(1000, 'O motivo pode ter no máximo 1000 caracteres.'),
});

type Admission = Row & { id: number; campaign_id: number; team_id: number; status: string };

async function admissionOf(db: Db, id: number): Promise<Admission> {
  const row = await dynamic(db).selectFrom('admissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return {
    ...row,
    id: Number(row.id),
    campaign_id: Number(row.campaign_id),
    team_id: Number(row.team_id),
  } as Admission;
}

/** Moves an undecided admission to its decision; only one of two parallel calls finds it undecided. */
async function claim(tx: Db, id: number, set: Row): Promise<void> {
  const result = await dynamic(tx)
    .updateTable('admissions')
    .set({ ...set, decided_at: new Date().toISOString(), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['pendente', 'espera'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict(DECIDED);
}

/** A record created as a save on screen creates it: the row and, for an audited config, its audit entry. */
async function create(tx: Db, config: ResourceConfig, values: Row, userId: number | undefined): Promise<number> {
  const repo = new ResourceRepository(tx, config, resources);
  const id = await repo.insert(values);
  if (config.audit)
    await audit(tx, {
      userId,
      entity: config.name,
      entityId: id,
      action: 'create',
      changes: diff(undefined, await repo.findById(id)),
    });
  return id;
}

/** The guardian of that CPF (its e-mail filled in when it had none), or a new one. */
async function guardianFor(tx: Db, a: Admission, userId: number | undefined): Promise<number> {
  const k = dynamic(tx);
  const found = await k
    .selectFrom('guardians')
    .select(['id', 'email'])
    .where('cpf', '=', a.guardian_cpf)
    .executeTakeFirst();
  if (!found)
    return create(
      tx,
      guardians,
      { name: a.guardian_name, cpf: a.guardian_cpf, email: a.guardian_email, phone: a.guardian_phone },
      userId,
    );
  if (!found.email)
    await new ResourceRepository(tx, guardians, resources).update(Number(found.id), { email: a.guardian_email });
  return Number(found.id);
}

/** The student of that CPF (a former student coming back), or a new one, Ativo. */
async function studentFor(tx: Db, a: Admission, userId: number | undefined): Promise<number> {
  if (a.student_cpf) {
    const found = await dynamic(tx)
      .selectFrom('students')
      .select('id')
      .where('cpf', '=', a.student_cpf)
      .executeTakeFirst();
    if (found) return Number(found.id);
  }
  return create(
    tx,
    students,
    { name: a.student_name, birth_date: a.student_birth_date, cpf: a.student_cpf ?? null, status: 'Ativo' },
    userId,
  );
}

/**
 * Accepting, in one transaction and alone on the team's places: the student, the guardian (matched by CPF) as the
 * financial responsible, the campaign's request from which the family goes on in the portal (contract, signature,
 * first payment), and the portal invitation written to the outbox — all or nothing, so a crash never leaves an
 * accepted family without its invitation, nor a second one on a retry. The e-mail leaves after the commit.
 */
async function accept(ctx: AreaContext, id: number, userId: number | undefined) {
  const { db } = ctx;
  const first = await admissionOf(db, id);
  const team = await dynamic(db)
    .selectFrom('teams')
    .select(['id', 'capacity'])
    .where('id', '=', first.team_id)
    .executeTakeFirst();
  if (!team) throw notFound('A turma deste pedido não existe mais.');
  const done = await onTeamPlaces(db, first.team_id, () =>
    inTransaction(db, async (tx) => {
      const a = await admissionOf(tx, id);
      if (a.status !== 'pendente' && a.status !== 'espera') throw conflict(DECIDED);
      const capacity = team.capacity === null ? null : Number(team.capacity);
      if (a.status === 'espera' && !(await hasPlace(tx, { id: a.team_id, capacity })))
        throw validationError({ status: [NO_PLACE] });
      await claim(tx, id, { status: 'aceita', decided_by: userId ?? null });
      const guardianId = await guardianFor(tx, a, userId);
      const studentId = await studentFor(tx, a, userId);
      if (!(await linkOfStudent(dynamic(tx), studentId, guardianId)))
        await linkGuardian(
          tx,
          studentId,
          { guardian_id: guardianId, kinship: 'responsavel_legal', financial_responsible: true },
          { userId },
        );
      const now = new Date().toISOString();
      const k = dynamic(tx);
      await k
        .insertInto('enrolment_requests')
        .values({
          campaign_id: a.campaign_id,
          student_id: studentId,
          guardian_id: guardianId,
          to_team_id: a.team_id,
          step: 'convidado',
          status: 'pendente',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'student_id']).doNothing())
        .execute();
      const request = await k
        .selectFrom('enrolment_requests')
        .select('id')
        .where('campaign_id', '=', a.campaign_id)
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow();
      await k.updateTable('admissions').set({ request_id: request.id }).where('id', '=', id).execute();
      const invitation = await invite(ctx, tx, guardianId, userId);
      return { studentId, guardianId, requestId: Number(request.id), invitation };
    }),
  );
  ctx.mailer.deliverSoon();
  const { invitation } = done;
  return {
    message: `Pedido aceito. ${invitation}`,
    data: {
      id,
      status: 'aceita',
      student_id: done.studentId,
      guardian_id: done.guardianId,
      request_id: done.requestId,
    },
  };
}

/**
 * The portal invitation to the guardian, in the acceptance's transaction; a family already in the portal needs none.
 * What refuses an invitation (no e-mail, an e-mail of another account) is found before anything is written, so the
 * acceptance goes on without it.
 */
async function invite(ctx: AreaContext, tx: Db, guardianId: number, userId: number | undefined): Promise<string> {
  const holder = { kind: 'guardian' as const, id: guardianId };
  if ((await accessOf(tx, holder)).status === 'active') return 'O responsável já usa o Portal das famílias.';
  try {
    return await inviteByEmail({ db: tx, mailer: ctx.mailer, appUrl: ctx.settings.appUrl }, holder, userId);
  } catch (error) {
    // The acceptance stands; the office invites from the guardian's page once the e-mail is sorted out.
    if (error instanceof ApiError) return `O convite para o portal não foi enviado: ${error.message}`;
    throw error;
  }
}

async function decline(ctx: AreaContext, id: number, body: unknown, userId: number | undefined) {
  const { reason } = parseOr422(declineSchema, body);
  const a = await admissionOf(ctx.db, id);
  await inTransaction(ctx.db, async (tx) => {
    // A declined request gives up its place among the campaign's children: the family may apply again.
    await claim(tx, id, {
      status: 'recusada',
      decline_reason: reason,
      decided_by: userId ?? null,
      applicant_key: null,
    });
    const school = (await loadSettings(tx)).school_name;
    const text =
      `Olá, ${a.guardian_name}!\n\nInfelizmente não pudemos aceitar o pedido de matrícula de ${a.student_name}.\n\n` +
      `Motivo: ${reason}\n\nSe tiver dúvidas, fale com a secretaria.\n\n${school}\n`;
    await ctx.mailer.send({ to: String(a.guardian_email), subject: `${school}: pedido de matrícula`, text }, tx);
  });
  ctx.mailer.deliverSoon();
  return { message: 'Pedido recusado. O motivo foi enviado por e-mail à família.', data: { id, status: 'recusada' } };
}

/** The office's decisions on an admission (the list and the record are the resource's generic routes). */
export function registerOfficeAdmissionRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const config = { config: { access: ADMISSIONS_ACCESS } };
  app.post<{ Params: { id: string } }>('/admissions/:id/accept', config, (request) =>
    accept(ctx, idParam(request.params.id), request.user?.id),
  );
  app.post<{ Params: { id: string } }>('/admissions/:id/decline', config, (request) =>
    decline(ctx, idParam(request.params.id), request.body, request.user?.id),
  );
}
