import { formatDate } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { validationError } from '../http/errors';
import { calendarOf, schoolYearOr404 } from './calendar';
import { isDayOff, weekdayOf } from './school-days';

const WEEKEND = ['domingo', '', '', '', '', '', 'sábado'];

/**
 * The stage of a lesson of `teamId` on `date`, checked against the team's school year once the office has saved its
 * calendar: a day off, a weekend that is not a school Saturday or a day outside the year is refused (422 naming the
 * day), and the stage is the one whose dates contain the day (given, it must be that one). Before the calendar is
 * saved, and for a team without a year, nothing is checked and the given stage stands, as the original API did.
 */
export async function lessonStage(
  db: Db,
  lesson: { team_id: number; date: string; stage_id?: number },
): Promise<number | undefined> {
  const team = await dynamic(db)
    .selectFrom('teams as t')
    .innerJoin('school_years as y', 'y.id', 't.school_year_id')
    .select(['y.id', 'y.calendar_saved'])
    .where('t.id', '=', lesson.team_id)
    .executeTakeFirst();
  if (!team || Number(team.calendar_saved) !== 1) return lesson.stage_id;
  const year = await schoolYearOr404(db, Number(team.id));
  const day = formatDate(lesson.date);
  const refuse = (message: string) => validationError({ date: [message] });
  if (lesson.date < year.start_date || lesson.date > year.end_date)
    throw refuse(
      `${day} está fora do ano letivo de ${year.year} (${formatDate(year.start_date)} a ${formatDate(year.end_date)}).`,
    );
  const calendar = await calendarOf(db, year);
  const marked = calendar.days.find((d) => d.date === lesson.date);
  if (marked && isDayOff(marked.kind)) throw refuse(`${day} é ${marked.kind}: ${marked.description}.`);
  const weekday = weekdayOf(lesson.date);
  if (weekday === 0 || (weekday === 6 && marked?.kind !== 'letivo'))
    throw refuse(`${day} é ${WEEKEND[weekday]} e não é dia letivo.`);
  if (calendar.stages.length === 0) return lesson.stage_id;
  const containing = calendar.stages.find((s) => s.start_date <= lesson.date && lesson.date <= s.end_date);
  if (lesson.stage_id === undefined) {
    if (containing) return containing.stage_id;
    throw validationError({ stage_id: [`Escolha a etapa: ${day} não está em nenhuma etapa do calendário.`] });
  }
  if (containing && containing.stage_id !== lesson.stage_id)
    throw validationError({
      stage_id: [
        `${day} é da ${containing.stage}ª etapa (${formatDate(containing.start_date)} a ${formatDate(containing.end_date)}).`,
      ],
    });
  return lesson.stage_id;
}
