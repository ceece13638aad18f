import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';
import { totalsOf, type AttendanceTotals } from '../lessons/frequency';
import { enrolments, namesOf, teamAbsences, teamLessons, type Lesson } from '../lessons/queries';
import { loadSettings } from '../school/routes';

/** One active student's attendance in one discipline of one team, below the threshold asked for. */
export interface LowAttendance extends AttendanceTotals {
  frequency: number;
  team: string;
  discipline: string;
  registration_id: number;
  student: { id: number; name: string };
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The teams a list covers: the one asked for (404 outside a teacher's `reach`), else every team (or the
 * teacher's own).
 */
export async function teamsOf(db: Db, teamId: number | undefined, reach: number[] | undefined): Promise<number[]> {
  if (teamId !== undefined) {
    const found = await dynamic(db).selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
    if (!found || (reach && !reach.includes(teamId))) throw notFound('Turma não encontrada.');
    return [teamId];
  }
  if (reach) return reach;
  return (await dynamic(db).selectFrom('teams').select('id').execute()).map((r) => Number(r.id));
}

/**
 * Every active student whose frequency in a discipline of their team is under `threshold` percent (a
 * discipline without lessons has no frequency and is left out), by team, discipline and name. The totals are
 * the API's (server/lessons/frequency.ts), with the school's rule on justified absences.
 */
export async function lowAttendance(db: Db, teamIds: number[], threshold: number): Promise<LowAttendance[]> {
  const [lessons, absences, roll, settings] = await Promise.all([
    teamLessons(db, teamIds, {}),
    teamAbsences(db, teamIds, {}),
    enrolments(db, { teamIds }),
    loadSettings(db),
  ]);
  const byTeam = new Map<number, Map<number, Lesson[]>>();
  for (const l of lessons) {
    const disciplines = byTeam.get(l.team_id) ?? new Map<number, Lesson[]>();
    const given = disciplines.get(l.discipline_id) ?? [];
    given.push(l);
    disciplines.set(l.discipline_id, given);
    byTeam.set(l.team_id, disciplines);
  }
  const [teams, disciplines] = await Promise.all([
    namesOf(db, 'teams', [...byTeam.keys()]),
    namesOf(db, 'disciplines', [...new Set(lessons.map((l) => l.discipline_id))]),
  ]);
  const rows: LowAttendance[] = [];
  for (const e of roll) {
    // Who left the team (an exit day) is no longer followed up, whatever their status says.
    if ((e.student.status ?? 'Ativo') !== 'Ativo' || e.until !== null) continue;
    for (const [disciplineId, given] of byTeam.get(e.team_id) ?? []) {
      const totals = totalsOf(given, absences.get(e.registration_id) ?? [], e, settings.justified_absences_count);
      if (totals.frequency === null || totals.frequency >= threshold) continue;
      rows.push({
        ...totals,
        frequency: totals.frequency,
        team: teams.get(e.team_id) ?? '',
        discipline: disciplines.get(disciplineId) ?? '',
        registration_id: e.registration_id,
        student: { id: e.student.id, name: e.student.name },
      });
    }
  }
  return rows.sort(
    (a, b) =>
      collator.compare(a.team, b.team) ||
      collator.compare(a.discipline, b.discipline) ||
      collator.compare(a.student.name, b.student.name) ||
      a.registration_id - b.registration_id,
  );
}

/** The students (counted once) under the school's minimum attendance in some discipline: the dashboard's card. */
export async function lowAttendanceCount(db: Db, reach: number[] | undefined) {
  const minimum = (await loadSettings(db)).minimum_attendance;
  const rows = await lowAttendance(db, await teamsOf(db, undefined, reach), minimum);
  return { count: new Set(rows.map((r) => r.student.id)).size, minimum };
}

/**
 * The card's list on screen: the same rows as the report (without the families' contacts, which the file gives
 * to the roles that may see them), under the school's minimum, for the teams the caller reaches.
 */
export async function lowAttendanceList(db: Db, reach: number[] | undefined) {
  const minimum = (await loadSettings(db)).minimum_attendance;
  return { minimum, data: await lowAttendance(db, await teamsOf(db, undefined, reach), minimum) };
}
