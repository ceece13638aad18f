import type { FastifyInstance } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { idParam as id } from '../http/errors';
import { calendarOf, replaceCalendar, schoolYearOr404 } from './calendar';
import { calendarInput } from './calendar-input';

/** `GET/PUT /school-years/{id}/calendar`: a year's stages' dates, its days off and school Saturdays, its count. */
export function registerCalendarRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(
    '/school-years/:id/calendar',
    { config: { access: 'teams.read' } },
    async (request) => calendarOf(db, await schoolYearOr404(db, id(request.params.id))),
  );

  app.put<{ Params: { id: string } }>(
    '/school-years/:id/calendar',
    { config: { access: 'teams.write' } },
    async (request) => {
      const year = await schoolYearOr404(db, id(request.params.id));
      const stages = await dynamic(db).selectFrom('stages').select('id').execute();
      const input = calendarInput(request.body, year, new Set(stages.map((s) => Number(s.id))));
      await replaceCalendar(db, year, input);
      return { ...(await calendarOf(db, year)), message: 'Calendário salvo com sucesso!' };
    },
  );
}
