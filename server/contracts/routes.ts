import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registrationNumber } from '../../resources/format';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { idParam } from '../http/errors';
import { isStorageKey, type Storage } from '../storage/storage';
import { enrolmentOf, renderContract, type Enrolment } from './contract';

type Params = { Params: { student: string; team: string } };

/** Where a client downloads an enrolment's contract (also the registration's `file_url_contract`). */
export const contractUrl = (studentId: number, teamId: number) => `/exports/student-contract/${studentId}/${teamId}`;

/**
 * Contracts per enrolment: generated from the school's template, stored through the storage adapter,
 * regenerated on demand ('atualizar'). The key in the registration row is the only way to the file.
 */
export function registerContractRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  const k = dynamic(db);
  const enrolmentFrom = (request: FastifyRequest<Params>) => enrolmentOf(db, idParam(request.params.student), idParam(request.params.team));

  async function generate(enrolment: Enrolment, userId: number | undefined): Promise<Buffer> {
    const pdf = await renderContract(db, enrolment);
    const key = await storage.put('contracts', 'pdf', pdf);
    const now = new Date().toISOString();
    await k.updateTable('registrations').set({ contract_key: key, contract_updated_at: now, updated_at: now }).where('id', '=', enrolment.id).execute();
    // The old file goes only once the new one is stored and pointed at.
    if (enrolment.contract_key && isStorageKey(enrolment.contract_key)) await storage.delete(enrolment.contract_key);
    await audit(db, { userId, entity: 'registrations', entityId: enrolment.id, action: 'update', changes: { contract: [enrolment.contract_key ? 'presente' : 'ausente', enrolment.contract_key ? 'atualizado' : 'gerado'] } });
    return pdf;
  }

  const sendPdf = (reply: FastifyReply, enrolment: Enrolment, pdf: Buffer) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="contrato-${registrationNumber(enrolment.id)}.pdf"`)
      .send(pdf);

  // The stored contract; one that was never generated is generated now (the report form asks for it so).
  app.get<Params>('/exports/student-contract/:student/:team', async (request, reply) => {
    const enrolment = await enrolmentFrom(request);
    const stored = enrolment.contract_key && isStorageKey(enrolment.contract_key) ? await storage.get(enrolment.contract_key) : null;
    return sendPdf(reply, enrolment, stored ?? (await generate(enrolment, request.user?.id)));
  });

  // 'Gerar' or 'atualizar': always a fresh PDF from the current template and data.
  app.post<Params>('/exports/student-contract/:student/:team', async (request) => {
    const enrolment = await enrolmentFrom(request);
    await generate(enrolment, request.user?.id);
    return {
      data: { registration_id: enrolment.id, file_url_contract: contractUrl(enrolment.student_id, enrolment.team_id) },
      message: enrolment.contract_key ? 'Contrato atualizado com sucesso!' : 'Contrato gerado com sucesso!',
    };
  });
}
