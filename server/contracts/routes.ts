import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AreaContext } from '../area';
import { logStudentAccess } from '../audit/access';
import { audit } from '../audit/log';
import { dynamic } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { issueDocument } from '../documents/issue';
import { conflict, idParam, parseOr422 } from '../http/errors';
import { z } from 'zod';
import { isStorageKey } from '../storage/storage';
import { enrolmentOf, renderContract, type Enrolment } from './contract';
import { contractFileName, removeContractFiles, withdrawContractRows } from './issued';

type Params = { Params: { student: string; team: string } };

export const REISSUE_NEEDED =
  'Esta matrícula já tem um contrato emitido. Para emitir outro, confirme a reemissão (reissue): o contrato atual será retirado e seu código deixará de valer.';
/** `reissue`: true (JSON) or 'true'/'1' (a form field); anything else is no. */
const reissueSchema = z.object({
  reissue: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1),
});

/** Where a client downloads an enrolment's contract (also the registration's `file_url_contract`). */
export const contractUrl = (studentId: number, teamId: number) => `/exports/student-contract/${studentId}/${teamId}`;

/**
 * Contracts per enrolment: generated from the school's template and issued like a history or certificate
 * (a `CONT_` code, its QR code on every page, the file's SHA-256 for the public page). Downloading returns
 * the stored contract; re-issuing ('atualizar') is an explicit act that withdraws the previous one and its
 * code. The registration row keeps the current file's key, the way to the file for this route and for the
 * enrolment list.
 */
export function registerContractRoutes(app: FastifyInstance, { db, storage, settings }: AreaContext): void {
  const enrolmentFrom = (request: FastifyRequest<Params>) =>
    enrolmentOf(db, idParam(request.params.student), idParam(request.params.team));

  async function generate(enrolment: Enrolment, userId: number | undefined) {
    const issued = await issueDocument(
      db,
      storage,
      settings.appUrl,
      {
        studentId: enrolment.student_id,
        registrationId: enrolment.id,
        type: 'CONTRACT',
        prefix: 'CONT_',
        documentName: contractFileName(enrolment.id),
        render: (code, url) => renderContract(db, enrolment, { code, url }),
      },
      userId,
    );
    const now = new Date().toISOString();
    // The enrolment points at the new contract, the older ones are withdrawn and the change is audited in one
    // transaction; the old files go once it is committed (the new one is stored and pointed at).
    const withdrawn = await inTransaction(db, async (tx) => {
      await dynamic(tx)
        .updateTable('registrations')
        .set({ contract_key: `documents/${issued.file_name}`, contract_updated_at: now, updated_at: now })
        .where('id', '=', enrolment.id)
        .execute();
      const keys = await withdrawContractRows(tx, enrolment.id, enrolment.contract_key, issued.id);
      await audit(tx, {
        userId,
        entity: 'registrations',
        entityId: enrolment.id,
        action: 'update',
        changes: {
          contract: [enrolment.contract_key ? 'presente' : 'ausente', enrolment.contract_key ? 'atualizado' : 'gerado'],
          code: issued.code,
        },
      });
      return keys;
    });
    await removeContractFiles(storage, withdrawn);
    return issued;
  }

  const sendPdf = (reply: FastifyReply, enrolment: Enrolment, pdf: Buffer) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${contractFileName(enrolment.id)}"`)
      .send(pdf);

  // The stored contract; one that was never generated is generated now (the report form asks for it so).
  app.get<Params>(
    '/exports/student-contract/:student/:team',
    { config: { access: 'students.write', reach: { student: 'students', team: 'teams' } } },
    async (request, reply) => {
      const enrolment = await enrolmentFrom(request);
      const stored =
        enrolment.contract_key && isStorageKey(enrolment.contract_key)
          ? await storage.get(enrolment.contract_key)
          : null;
      const pdf = stored ?? (await generate(enrolment, request.user?.id)).pdf;
      const detail = contractFileName(enrolment.id);
      await logStudentAccess(db, request, { studentId: Number(enrolment.student_id), action: 'document', detail });
      return sendPdf(reply, enrolment, pdf);
    },
  );

  // 'Gerar': the first contract of an enrolment. 'Atualizar' (a new one from the current template and data,
  // under a new code) withdraws the contract already handed to the family, so it takes an explicit
  // `reissue: true`; without it an issued contract is left alone and the answer says how to replace it.
  app.post<Params>(
    '/exports/student-contract/:student/:team',
    { config: { access: 'students.write', reach: { student: 'students', team: 'teams' } } },
    async (request) => {
      const enrolment = await enrolmentFrom(request);
      const { reissue } = parseOr422(reissueSchema, request.body ?? {});
      if (enrolment.contract_key && !reissue) throw conflict(REISSUE_NEEDED);
      const issued = await generate(enrolment, request.user?.id);
      return {
        data: {
          registration_id: enrolment.id,
          file_url_contract: contractUrl(enrolment.student_id, enrolment.team_id),
          code: issued.code,
        },
        message: enrolment.contract_key
          ? 'Contrato atualizado com sucesso! O contrato anterior foi retirado e seu código deixou de valer.'
          : 'Contrato gerado com sucesso!',
      };
    },
  );
}
