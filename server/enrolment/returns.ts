import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schoolDayOf } from '../../resources/format';
import type { AreaContext } from '../area';
import { audit } from '../audit/log';
import { dynamic } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, idParam, notFound, parseOr422 } from '../http/errors';
import { recipientsOf } from '../notifications/recipients';
import { loadSettings } from '../school/routes';
import { MANAGE } from './campaigns';

const noteSchema = z.object({
  note: z
    .string({ error: 'Escreva a observação que a família vai ler.' })
    .trim()
    .min(1, 'Escreva a observação que a família vai ler.')
    .max(2000, 'A observação pode ter no máximo 2000 caracteres.'),
});

/** What is no longer the office's to send back. */
const FINAL: Record<string, string> = {
  aceito: 'Este pedido já foi aceito: o aluno já está matriculado.',
  desistiu: 'A família desistiu da rematrícula: não há pedido a devolver.',
};

/**
 * `POST /enrolment-requests/{id}/return {note}`: the office sends a request back to the family with a note it reads
 * in the portal (status `devolvido`; the family changes and submits again). The change is conditional on the status
 * still allowing it, so a return racing an acceptance never undoes it; audited, and the family is told by e-mail.
 */
export function registerReturnRoute(app: FastifyInstance, { db, mailer, settings }: AreaContext): void {
  app.post<{ Params: { id: string } }>('/enrolment-requests/:id/return', MANAGE, async (request) => {
    const id = idParam(request.params.id);
    const { note } = parseOr422(noteSchema, request.body);
    const k = dynamic(db);
    const stored = await k
      .selectFrom('enrolment_requests as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select(['r.id', 'r.status', 'r.office_note', 'r.student_id', 's.name'])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!stored) throw notFound('Pedido de rematrícula não encontrado.');
    if (FINAL[String(stored.status)]) throw conflict(FINAL[String(stored.status)]);
    const to = (await recipientsOf(k, [Number(stored.student_id)], 'payer', schoolDayOf())).get(
      Number(stored.student_id),
    );
    const school = (await loadSettings(db)).school_name;
    const now = new Date().toISOString();
    await inTransaction(db, async (tx) => {
      const changed = await dynamic(tx)
        .updateTable('enrolment_requests')
        .set({
          status: 'devolvido',
          office_note: note,
          decided_at: now,
          decided_by: request.user?.id ?? null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', 'not in', Object.keys(FINAL))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1)
        throw conflict('O pedido mudou enquanto era devolvido: recarregue a página.');
      await audit(tx, {
        userId: request.user?.id,
        entity: 'enrolment-requests',
        entityId: id,
        action: 'update',
        changes: { status: [stored.status, 'devolvido'], office_note: [stored.office_note ?? null, note] },
      });
      for (const recipient of to ?? [])
        await mailer.send(
          {
            to: recipient.email,
            subject: `Rematrícula de ${String(stored.name)}: a secretaria pede uma correção`,
            text:
              `Olá, ${recipient.name}.\n\nA secretaria devolveu o pedido de rematrícula de ${String(stored.name)} com esta observação:\n\n` +
              `${note}\n\nCorrija e envie de novo pelo portal das famílias: ${settings.appUrl.replace(/\/$/, '')}/portal\n\n${school}`,
          },
          tx,
        );
    });
    mailer.deliverSoon();
    return { data: { id, status: 'devolvido', office_note: note }, message: 'Pedido devolvido à família.' };
  });
}
