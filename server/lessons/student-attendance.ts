import type { Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import { totalsOf } from './frequency';
import { absencesOf, enrolments, namesOf, teamLessons } from './queries';

/**
 * A student's frequency per enrolment and discipline, as `GET /students/{id}/attendance` answers it (the staff's, and
 * the family portal's): only the enrolments in `teams` when given (a professor's reach).
 */
export async function studentAttendance(db: Db, studentId: number, teams?: number[]) {
  const own = (await enrolments(db, { studentId })).filter((e) => !teams || teams.includes(e.team_id));
  const lessons = await teamLessons(
    db,
    own.map((e) => e.team_id),
    {},
  );
  const absences = await absencesOf(
    db,
    lessons.map((l) => l.id),
  );
  const settings = await loadSettings(db);
  const countJustified = settings.justified_absences_count;
  const teamNames = await namesOf(db, 'teams', [...new Set(own.map((e) => e.team_id))]);
  const disciplineNames = await namesOf(db, 'disciplines', [...new Set(lessons.map((l) => l.discipline_id))]);
  const data = [];
  for (const e of own) {
    const ofTeam = lessons.filter((l) => l.team_id === e.team_id);
    for (const disciplineId of [...new Set(ofTeam.map((l) => l.discipline_id))]) {
      const ofDiscipline = ofTeam.filter((l) => l.discipline_id === disciplineId);
      data.push({
        registration_id: e.registration_id,
        team: { id: e.team_id, name: teamNames.get(e.team_id) ?? '' },
        discipline: { id: disciplineId, name: disciplineNames.get(disciplineId) ?? '' },
        ...totalsOf(ofDiscipline, absences.get(e.registration_id) ?? [], e, countJustified),
      });
    }
  }
  data.sort(
    (a, b) =>
      a.team.name.localeCompare(b.team.name, 'pt-BR') || a.discipline.name.localeCompare(b.discipline.name, 'pt-BR'),
  );
  return { data, minimum_attendance: settings.minimum_attendance };
}
