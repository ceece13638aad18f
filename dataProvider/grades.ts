import { request } from './request';

/* What the grade sheet reads and writes (server/grades, server/teams, server/grids). */

export interface TeamStudents {
  registrations: { id: number; student: { id: number; name: string } }[];
}
/** One stage of a discipline in `GET /grids/{team}/get-full-grid`; `{}` where the discipline lacks the stage. */
export interface FullGridSlot {
  stage_id?: number;
  stage?: number;
  discipline_id?: number;
}
/** The original server's shape: `list` keyed by discipline name, one entry per number of `stagesNumbers`. */
export interface FullGrid {
  list: Record<string, FullGridSlot[]>;
  stagesNumbers: number[];
}
/** `GET /teams/{id}/grades`: a plain list, each grade as text with one decimal ("7.5"). */
export type TeamGrades = { student_id: number; stage_id: number; discipline_id: number; grade: string | number }[];

/** One cell of `POST /grades`: `grade` null clears it. */
export interface GradeCell {
  student_id: number;
  stage_id: number;
  discipline_id: number;
  team_id: number;
  grade: string | number | null;
}

const team = (id: number | string) => encodeURIComponent(String(id));

export const gradeMethods = {
  /** The team's enrolments with their students. */
  getTeamStudents: (teamId: number | string) => request<TeamStudents>(`/teams/${team(teamId)}/students`),
  /** The team's grid as the original server draws it, for one discipline. */
  getDisciplineGrid: (teamId: number | string, disciplineId: number | string) =>
    request<FullGrid>(`/grids/${team(teamId)}/get-full-grid`, { query: { discipline_id: String(disciplineId) } }),
  /** Every grade stored for the team. */
  getTeamGrades: (teamId: number | string) => request<TeamGrades>(`/teams/${team(teamId)}/grades`),
  /** A whole sheet at once: all saved or none (422 naming the refused cells). */
  saveGrades: (grades: GradeCell[]) => request<{ message: string }>('/grades', { method: 'POST', body: { grades } }),
};
