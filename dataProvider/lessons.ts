import { schoolDayOf } from '../resources/format';
import { upper } from '../src/format';
import type { ClassDiscipline, ClassTeam, Lesson, LessonFields, RollEntry } from '../src/lessons/types';
import { request } from './request';

interface TeamRow {
  id: number;
  name: string;
  start_date?: string | null;
  end_date?: string | null;
}
/** `GET /grids/{team}/get-full-grid`: keyed by discipline name, `{}` where a stage is missing. */
interface FullGrid {
  list: Record<string, { stage_id?: number; stage?: number; discipline_id?: number }[]>;
}

/** A discipline's stages in the team's grid, in order. */
function stagesOf(grid: FullGrid, disciplineId: number): ClassDiscipline['stages'] {
  return Object.values(grid.list ?? {})
    .flat()
    .filter((slot) => slot.stage_id !== undefined && slot.discipline_id === disciplineId)
    .map((slot) => ({ id: slot.stage_id!, stage: slot.stage! }))
    .sort((a, b) => a.stage - b.stage);
}

async function classOf(team: TeamRow): Promise<ClassTeam> {
  const [disciplines, grid] = await Promise.all([
    // A professor is offered only the disciplines they teach there (server/teams/routes.ts).
    request<{ id: number; discipline: string }[]>(`/teams/${team.id}/disciplines`),
    request<FullGrid>(`/grids/${team.id}/get-full-grid`),
  ]);
  return {
    id: team.id,
    name: upper(team.name),
    disciplines: disciplines
      .map((d) => ({ id: d.id, name: upper(d.discipline), stages: stagesOf(grid, d.id) }))
      .filter((d) => d.stages.length > 0),
  };
}

/** The header that makes a write safe to send again (server/http/idempotency.ts): the first answer comes back. */
const once = (key: string | undefined) => (key ? { headers: { 'Idempotency-Key': key } } : {});

/** A teacher's lessons and roll calls (server/lessons), for Minhas aulas and the roll call (src/lessons). */
export const lessonMethods = {
  /**
   * The user's classes: the teams `GET /teams` answers (a professor's are only theirs), those running today
   * when some are, each with the disciplines the user may record lessons of.
   */
  getMyClasses: async (today = schoolDayOf()): Promise<ClassTeam[]> => {
    const { data } = await request<{ data: TeamRow[] }>('/teams', {
      query: { page: 0, perPage: 99999, sortBy: 'name', sortDesc: 0 },
    });
    const running = data.filter(
      (t) => (!t.start_date || t.start_date <= today) && (!t.end_date || t.end_date >= today),
    );
    const teams = await Promise.all((running.length > 0 ? running : data).map(classOf));
    return teams.filter((t) => t.disciplines.length > 0);
  },

  /** The lessons of these classes (only of the disciplines the user has there), newest first. */
  getMyLessons: async (classes: ClassTeam[]): Promise<Lesson[]> => {
    const lists = await Promise.all(
      classes.map(async (team) => {
        // A teacher of one discipline there asks only for its lessons (a year of a team's lessons is long).
        const only = team.disciplines.length === 1 ? team.disciplines[0].id : undefined;
        const { data } = await request<{ data: Lesson[] }>(`/teams/${team.id}/lessons`, {
          query: { discipline_id: only },
        });
        const own = new Set(team.disciplines.map((d) => d.id));
        return data.filter((l) => own.has(l.discipline_id));
      }),
    );
    return lists.flat().sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  },

  getRollCall: (lessonId: number) =>
    request<{ lesson: Lesson; attendance: RollEntry[] }>(`/lessons/${lessonId}/attendance`),

  createLesson: async (fields: LessonFields, key?: string) =>
    (await request<{ data: Lesson }>('/lessons', { method: 'POST', body: fields, ...once(key) })).data,

  updateLesson: async (id: number, fields: LessonFields, key?: string) =>
    (await request<{ data: Lesson }>(`/lessons/${id}`, { method: 'PUT', body: fields, ...once(key) })).data,

  deleteLesson: (id: number, key?: string) =>
    request<{ message: string }>(`/lessons/${id}`, { method: 'DELETE', ...once(key) }),

  saveRollCall: (id: number, attendance: RollEntry[], key?: string) =>
    request<{ message: string }>(`/lessons/${id}/attendance`, {
      method: 'PUT',
      body: {
        attendance: attendance.map((a) => ({
          registration_id: a.registration_id,
          absences: a.absences,
          justified: a.absences > 0 && a.justified,
          reason: a.absences > 0 && a.justified ? (a.reason ?? '').trim() || null : null,
        })),
      },
      ...once(key),
    }),
};
