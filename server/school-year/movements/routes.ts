import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../resources/format';
import {
  LEAVE_KINDS,
  leaveFields,
  movementMessages,
  transferFields,
  type LeaveKind,
} from '../../../resources/movements';
import type { Area, AreaContext } from '../../area';
import { idParam, parseOr422 } from '../../http/errors';
import { registrationInReach } from '../../registrations/queries';
import { registerPriorStudyRoutes } from './arriving';
import { issueTransferDocuments } from './documents';
import { linkMovementDocuments, recordMovement } from './service';

const [DATE, SCHOOL, CITY, REASON] = transferFields;
const [LEAVE_DATE, , NOTE] = leaveFields;

/** A required text of a dialog's field, trimmed, with the field's words. */
const requiredText = (field: { label: string; maxLength: number }) =>
  z
    .string({ error: messages.required(field.label) })
    .trim()
    .min(1, { error: messages.required(field.label) })
    .max(field.maxLength, { error: messages.tooLong(field.label, field.maxLength) });

const optionalText = (field: { label: string; maxLength: number }) =>
  z
    .string({ error: messages.text(field.label) })
    .trim()
    .max(field.maxLength, { error: messages.tooLong(field.label, field.maxLength) })
    .nullish();

const transferSchema = z.object({
  date: z.unknown(),
  destination_school: requiredText(SCHOOL),
  destination_city: requiredText(CITY),
  reason: optionalText(REASON),
});

const leaveSchema = z.object({
  date: z.unknown(),
  kind: z.enum(LEAVE_KINDS, { error: movementMessages.unknownKind }),
  note: optionalText(NOTE),
});

/**
 * Leaving the school (issue 38): a transfer to another school, with the papers issued at once, and the other ways out
 * (abandonment, death, completion). The office's act, as enrolling is (`students.write`); a user confined to some
 * teams reaches only their enrolments.
 */
function registerMovementRoutes(app: FastifyInstance, ctx: AreaContext): void {
  app.post<{ Params: { id: string } }>(
    '/registrations/:id/transfer',
    { config: { access: 'students.write' } },
    async (request, reply) => {
      const id = await registrationInReach(ctx.db, request.teams, idParam(request.params.id));
      const input = parseOr422(transferSchema, request.body ?? {});
      const movement = await recordMovement(
        ctx.db,
        id,
        {
          kind: 'transferencia',
          date: input.date,
          destination_school: input.destination_school,
          destination_city: input.destination_city,
          note: input.reason,
        },
        DATE.label,
        request.user?.id,
      );
      const documents = await issueTransferDocuments(
        ctx,
        {
          registrationId: id,
          studentId: movement.student_id,
          teamId: movement.team_id,
          date: movement.date,
          destination_school: input.destination_school,
          destination_city: input.destination_city,
        },
        request.user?.id,
      );
      await linkMovementDocuments(ctx.db, movement.id, {
        declaration_id: documents.declaration.id,
        history_id: documents.history.id,
      });
      reply.status(201);
      return {
        data: { ...input, ...movement, ...documents },
        message: 'Transferência registrada. A declaração de transferência e o histórico foram emitidos.',
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/registrations/:id/leave',
    { config: { access: 'students.write' } },
    async (request, reply) => {
      const id = await registrationInReach(ctx.db, request.teams, idParam(request.params.id));
      const input = parseOr422(leaveSchema, request.body ?? {});
      const kind: LeaveKind = input.kind;
      const movement = await recordMovement(
        ctx.db,
        id,
        { kind, date: input.date, note: input.note },
        LEAVE_DATE.label,
        request.user?.id,
      );
      reply.status(201);
      return { data: { ...movement, note: input.note ?? null }, message: 'Saída registrada com sucesso!' };
    },
  );
}

/** Leaving and arriving: the movements, and the grades an arriving student brings (arriving.ts). */
export const movementsArea: Area = {
  routes: (app, ctx) => {
    registerMovementRoutes(app, ctx);
    registerPriorStudyRoutes(app, ctx.db);
  },
};
