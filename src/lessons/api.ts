import { schoolDayOf } from '../../resources/format';
import { ApiRequestError, apiRequest } from '../api/http';
import { upper } from '../format';
import type { ClassDiscipline, ClassTeam, Lesson, LessonFields, Refusal, RollEntry } from './types';

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
    apiRequest<{ id: number; discipline: string }[]>(`/teams/${team.id}/disciplines`),
    apiRequest<FullGrid>(`/grids/${team.id}/get-full-grid`),
  ]);
  return {
    id: team.id,
    name: upper(team.name),
    disciplines: disciplines
      .map((d) => ({ id: d.id, name: upper(d.discipline), stages: stagesOf(grid, d.id) }))
      .filter((d) => d.stages.length > 0),
  };
}

/**
 * The user's classes: the teams `GET /teams` answers (a professor's are only theirs), those running today
 * when some are, each with the disciplines the user may record lessons of.
 */
export async function loadClasses(today = schoolDayOf()): Promise<ClassTeam[]> {
  const { data } = await apiRequest<{ data: TeamRow[] }>('/teams', {
    query: { page: 0, perPage: 99999, sortBy: 'name', sortDesc: 0 },
  });
  const running = data.filter((t) => (!t.start_date || t.start_date <= today) && (!t.end_date || t.end_date >= today));
  const teams = await Promise.all((running.length > 0 ? running : data).map(classOf));
  return teams.filter((t) => t.disciplines.length > 0);
}

/** The lessons of these classes (only of the disciplines the user has there), newest first. */
export async function loadLessons(classes: ClassTeam[]): Promise<Lesson[]> {
  const lists = await Promise.all(
    classes.map(async (team) => {
      // A teacher of one discipline there asks only for its lessons (a year of a team's lessons is long).
      const only = team.disciplines.length === 1 ? team.disciplines[0].id : undefined;
      const { data } = await apiRequest<{ data: Lesson[] }>(`/teams/${team.id}/lessons`, {
        query: { discipline_id: only },
      });
      const own = new Set(team.disciplines.map((d) => d.id));
      return data.filter((l) => own.has(l.discipline_id));
    }),
  );
  return lists.flat().sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}

export const loadRoll = (lessonId: number) =>
  apiRequest<{ lesson: Lesson; attendance: RollEntry[] }>(`/lessons/${lessonId}/attendance`);

/** The header that makes a write safe to send again (server/http/idempotency.ts): the first answer comes back. */
const once = (key: string | undefined) => (key ? { headers: { 'Idempotency-Key': key } } : {});

export const createLesson = async (fields: LessonFields, key?: string) =>
  (await apiRequest<{ data: Lesson }>('/lessons', { method: 'POST', body: fields, ...once(key) })).data;

export const updateLesson = async (id: number, fields: LessonFields, key?: string) =>
  (await apiRequest<{ data: Lesson }>(`/lessons/${id}`, { method: 'PUT', body: fields, ...once(key) })).data;

export const deleteLesson = (id: number, key?: string) =>
  apiRequest<{ message: string }>(`/lessons/${id}`, { method: 'DELETE', ...once(key) });

export const saveRoll = (id: number, attendance: RollEntry[], key?: string) =>
  apiRequest<{ message: string }>(`/lessons/${id}/attendance`, {
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
  });

/**
 * Answers that say "not now" rather than "no": an expired session (after signing in again), the same write still
 * running on the server (409, its Idempotency-Key in use), a timeout.
 */
const NOT_NOW = [0, 401, 408, 409, 429];

/**
 * Whether a failed send is worth trying again by itself: the network (status 0), a busy or failing server, a
 * session to renew. A refusal (422, 403, 404) would be refused again: it waits for the teacher instead.
 */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiRequestError) || NOT_NOW.includes(error.status) || error.status >= 500;

/** A refusal's words, for the fields of the screen. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiRequestError) {
    const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    return { message: error.message, errors };
  }
  return { message: error instanceof Error ? error.message : 'Erro ao enviar.', errors: {} };
}
