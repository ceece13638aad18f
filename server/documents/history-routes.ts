import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatLongDate } from '../../resources/format';
import { HISTORY_TYPES } from '../../resources/documents';
import { UF_OPTIONS } from '../../resources/types';
import type { AreaContext } from '../area';
import { integerSchema } from '../crud/values';
import { idSchema } from '../http/ids';
import { dynamic } from '../db/connection';
import { conflict, idParam, parseOr422, validationError } from '../http/errors';
import { renderPdf } from '../workers/pdf';
import { cachedLogo } from '../school/logo-cache';
import { loadBranding } from '../school/routes';
import { historyData } from './history';
import { issueDocument, issuedFileName } from './issue';

export const FILL_ALL = 'Por favor, preencha todos os campos.';

const teamQuery = z.object({ team_id: idSchema('Selecione a turma.') });
const historySchema = z.object({
  team_id: idSchema('Selecione a turma.'),
  city: z
    .string({ error: FILL_ALL })
    .trim()
    .min(1, { error: FILL_ALL })
    .max(120, { error: 'A cidade pode ter no máximo 120 caracteres.' }),
  uf: z
    .string({ error: FILL_ALL })
    .trim()
    .toUpperCase()
    .refine((v) => UF_OPTIONS.some((o) => o.value === v), { error: 'UF inválida.' }),
  day: integerSchema(FILL_ALL, { min: 1, max: 31, minMessage: 'Dia inválido.', maxMessage: 'Dia inválido.' }),
  month: integerSchema(FILL_ALL, { min: 1, max: 12, minMessage: 'Mês inválido.', maxMessage: 'Mês inválido.' }),
  year: z
    .union([z.number(), z.string()], { error: FILL_ALL })
    .transform(String)
    .refine((v) => /^\d{4}$/.test(v), { error: 'O ano deve ter 4 dígitos.' }),
  average: z
    .union([z.number(), z.string()], { error: FILL_ALL })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{1,3}([.,]\d{1,2})?$/.test(v), { error: 'Média de aprovação inválida.' })
    .optional(),
});

/**
 * The stored history of one enrolment, if any (only one at a time: revoke it to issue another), ours or one
 * the original client stored as 'HISTORIC'.
 */
async function storedHistory(ctx: AreaContext, studentId: number, registrationId: number) {
  const row = await dynamic(ctx.db)
    .selectFrom('documents')
    .select(['id', 'type', 'code', 'folder', 'file_name', 'document_name', 'registration_id', 'created_at'])
    .where('student_id', '=', studentId)
    .where('registration_id', '=', registrationId)
    .where('type', 'in', [...HISTORY_TYPES])
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), registration_id: Number(row.registration_id) } : null;
}

/** School history: what it will show (the editor's preview), and issuing it as a PDF made here. */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AreaContext): void {
  app.get<{ Params: { student: string } }>(
    '/documents/:student/history-data',
    // The history's data is the student's personal data (CPF, RG, birth, parents).
    { config: { access: 'students.personal', reach: { student: 'students' } } },
    async (request) => {
      const studentId = idParam(request.params.student);
      const { team_id } = parseOr422(teamQuery, request.query);
      const data = await historyData(ctx.db, studentId, team_id);
      return { data, stored: await storedHistory(ctx, studentId, data.registrationId) };
    },
  );

  app.post<{ Params: { student: string } }>(
    '/documents/:student/history',
    { config: { access: 'students.write', reach: { student: 'students' } } },
    async (request, reply) => {
      const studentId = idParam(request.params.student);
      const input = parseOr422(historySchema, request.body ?? {});
      const iso = `${input.year}-${String(input.month).padStart(2, '0')}-${String(input.day).padStart(2, '0')}`;
      const check = new Date(`${iso}T12:00:00Z`);
      if (check.getUTCDate() !== input.day) throw validationError({ day: ['Esta data não existe.'] });
      const data = await historyData(ctx.db, studentId, input.team_id);
      if (await storedHistory(ctx, studentId, data.registrationId))
        throw conflict('Já existe um histórico desta matrícula. Revogue-o (Apagar histórico) para gerar outro.');
      const logo = cachedLogo((await loadBranding(ctx.db)).colored_logo);
      const document = await issueDocument(
        ctx.db,
        ctx.storage,
        ctx.settings.appUrl,
        {
          studentId,
          registrationId: data.registrationId,
          type: 'HISTORY',
          prefix: 'HIST_',
          documentName: issuedFileName('HISTORY', data.registrationId, data.student.cpf),
          render: (code, url) =>
            renderPdf('history', {
              ...data,
              code,
              url,
              place: `${input.city} - ${input.uf}, ${formatLongDate(iso)}.`,
              average: input.average || data.school.average,
              logo,
            }),
        },
        request.user?.id,
      );
      const { pdf: _pdf, ...stored } = document;
      reply.status(201);
      return { data: stored, message: 'Histórico gerado com sucesso!' };
    },
  );
}
