import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { ApiError, parseOr422, validationError } from '../http/errors';
import { MISSING_WORDS, reEnrolmentAnswer } from './re-enrolment-answer';
import { parseChanges } from './re-enrolment-changes';
import { requestContract } from './re-enrolment-contract';
import { MAX_DOCUMENT_BYTES, uploadDocument } from './re-enrolment-documents';
import { assertMaySign, contractTermEnd, recordSignature, signerOf } from './re-enrolment-sign';
import { sendSignatureCode, signPdf, type SignatureContext } from '../signatures';
import { later, openRequestOf, plansOffered, type OpenRequest } from './re-enrolment-state';
import { ownStudent } from './queries';
import { portalRoute, type StudentParams } from './student-routes';

export const NOT_EDITABLE = 'Esta rematrícula já foi enviada à secretaria e não pode mais ser alterada.';

const putSchema = z.union([
  z.object({ decline: z.literal(true) }).strict(),
  z
    .object({
      plan_id: z.number({ error: 'Escolha o plano de pagamento.' }).int().positive().optional(),
      changes: z.unknown().optional(),
    })
    .strict(),
]);
const signSchema = z.object({
  code: z.string({ error: 'Digite o código recebido por e-mail.' }).regex(/^\d{6}$/, 'O código tem 6 dígitos.'),
  sha256: z.string({ error: 'Leia o contrato antes de assinar.' }).regex(/^[0-9a-fA-F]{64}$/, 'Hash inválido.'),
});

const base = '/portal/students/:id/re-enrolment';
type Req = FastifyRequest<{ Params: StudentParams }>;

function assertEditable(request: OpenRequest): void {
  if (request.status !== 'pendente' && request.status !== 'devolvido') throw new ApiError(422, NOT_EDITABLE);
}

/** The family's re-enrolment (issue 39): the request's state, data changes, documents, contract, signature, submit. */
export function registerReEnrolmentRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db, storage } = ctx;
  const signing: SignatureContext = ctx;
  const open = async (request: Req) =>
    openRequestOf(db, await ownStudent(db, request.portalAccount!, request.params.id));
  const answer = async (request: Req) =>
    reEnrolmentAnswer(db, await openRequestOf(db, await ownStudent(db, request.portalAccount!, request.params.id)));

  app.get<{ Params: StudentParams }>(base, portalRoute, answer);

  app.put<{ Params: StudentParams }>(base, portalRoute, async (request) => {
    const found = await open(request);
    assertEditable(found);
    const body = parseOr422(putSchema, request.body ?? {});
    const k = dynamic(db);
    const now = new Date().toISOString();
    if ('decline' in body) {
      await k
        .updateTable('enrolment_requests')
        .set({ status: 'desistiu', decided_at: now, updated_at: now })
        .where('id', '=', found.id)
        .execute();
      return answer(request);
    }
    const set: Record<string, unknown> = { updated_at: now, step: later(found.step, 'dados') };
    if (body.plan_id !== undefined) {
      if (!(await plansOffered(db, found)).some((p) => p.id === body.plan_id))
        throw validationError({ plan_id: ['Escolha um dos planos oferecidos.'] });
      set.payment_plan_id = body.plan_id;
    }
    if (body.changes !== undefined) {
      const guardians = await k
        .selectFrom('student_guardians')
        .select('guardian_id')
        .where('student_id', '=', found.student_id)
        .execute();
      set.changes = JSON.stringify(
        parseChanges(
          body.changes,
          guardians.map((g) => Number(g.guardian_id)),
        ),
      );
    }
    const changed =
      (set.payment_plan_id !== undefined && set.payment_plan_id !== found.payment_plan_id) ||
      (set.changes !== undefined && set.changes !== (found.changes ?? JSON.stringify({})));
    // The plan and the data are part of the contract: a change makes a new one, to be read and signed again.
    if (changed) {
      Object.assign(set, { contract_key: null, contract_sha256: null, signed_code: null });
      if (found.signed_code) set.step = 'plano';
    }
    if (set.payment_plan_id !== undefined && !found.signed_code) set.step = later(String(set.step), 'plano');
    await k.updateTable('enrolment_requests').set(set).where('id', '=', found.id).execute();
    if (changed && found.contract_key) await storage.delete(found.contract_key);
    return answer(request);
  });

  app.post<{ Params: StudentParams }>(
    `${base}/documents`,
    { config: { portal: true, bodies: ['form'], formFile: { maxBytes: MAX_DOCUMENT_BYTES, status: 413 } } },
    async (request, reply) => {
      const found = await open(request);
      assertEditable(found);
      const documents = await uploadDocument(db, storage, found, (request.body ?? {}) as Record<string, unknown>);
      return reply.status(201).send({ data: documents, message: 'Documento enviado.' });
    },
  );

  app.get<{ Params: StudentParams }>(`${base}/contract`, portalRoute, async (request, reply) => {
    const found = await open(request);
    const { pdf, sha256 } = await requestContract(db, storage, found);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="contrato-rematricula-${found.campaign.year}.pdf"`)
      .header('x-content-sha256', sha256)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post<{ Params: StudentParams }>(`${base}/sign-code`, portalRoute, async (request) => {
    const found = await open(request);
    assertEditable(found);
    await assertMaySign(db, found);
    const signer = await signerOf(db, found, request.portalAccount!);
    const { sent_to } = await sendSignatureCode(
      signing,
      { purpose: 'enrolment_request', subject_id: found.id },
      signer,
    );
    return { sent_to, message: `Enviamos um código de 6 dígitos para ${sent_to}.` };
  });

  app.post<{ Params: StudentParams }>(`${base}/sign`, portalRoute, async (request) => {
    const found = await open(request);
    assertEditable(found);
    await assertMaySign(db, found);
    const signer = await signerOf(db, found, request.portalAccount!);
    const input = parseOr422(signSchema, request.body);
    const { pdf } = await requestContract(db, storage, found);
    const signed = await signPdf(signing, {
      subject: { purpose: 'enrolment_request', subject_id: found.id },
      signer,
      code: input.code,
      sha256: input.sha256.toLowerCase(),
      pdf,
      title: `Contrato de ${found.campaign.kind === 'matricula' ? 'matrícula' : 'rematrícula'} ${found.campaign.year}`,
      student_id: found.student_id,
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300),
      expires_at: contractTermEnd(found.campaign),
    });
    await recordSignature(db, found, signed.code);
    return { code: signed.code, message: 'Contrato assinado eletronicamente.' };
  });

  app.post<{ Params: StudentParams }>(`${base}/submit`, portalRoute, async (request) => {
    const found = await open(request);
    assertEditable(found);
    const state = await reEnrolmentAnswer(db, found);
    if (state.missing.length) {
      const words = state.missing.map((m) => MISSING_WORDS[m]);
      throw new ApiError(422, `Antes de enviar, falta ${words.join(', ')}.`, { missing: words });
    }
    const now = new Date().toISOString();
    await dynamic(db)
      .updateTable('enrolment_requests')
      .set({ status: 'enviado', submitted_at: now, office_note: null, updated_at: now })
      .where('id', '=', found.id)
      .where('status', 'in', ['pendente', 'devolvido'])
      .execute();
    return { ...(await answer(request)), message: 'Rematrícula enviada à secretaria.' };
  });
}
