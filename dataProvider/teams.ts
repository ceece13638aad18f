import type { StagePublication } from '../src/teams/PublicationsTab';
import type { Option, TeacherAssignment } from '../src/teams/TeachersPanel';
import { request } from './request';

const team = (id: number | string) => `/teams/${encodeURIComponent(String(id))}`;

/** A team's own screens (server/teams): its teachers, its disciplines, the publication of its grades. */
export const teamMethods = {
  getTeamTeachers: (teamId: number) => request<TeacherAssignment[]>(`${team(teamId)}/teachers`),
  /** The users that may teach. */
  getTeacherCandidates: (teamId: number) => request<Option[]>(`${team(teamId)}/teachers/candidates`),
  /** The disciplines of the team's grid, with what the grade sheet needs. */
  getTeamDisciplines: <T extends { id: number; discipline: string }>(teamId: number | string) =>
    request<T[]>(`${team(teamId)}/disciplines`),
  /** The team's name (its students' route answers it first). */
  getTeamName: async (teamId: number | string) => (await request<{ name: string }>(`${team(teamId)}/students`)).name,
  assignTeacher: (teamId: number, values: { user_id: string; discipline_id: string }) =>
    request<{ message?: string }>(`${team(teamId)}/teachers`, { method: 'POST', body: values }),
  removeTeacher: (teamId: number, assignmentId: number) =>
    request<{ message?: string }>(`${team(teamId)}/teachers/${assignmentId}`, { method: 'DELETE' }),
  getGradePublications: async (teamId: number) =>
    (await request<{ data: StagePublication[] }>(`${team(teamId)}/grade-publications`)).data,
  /** `confirm`: published although grades are missing (the person saw how many). */
  publishGrades: (teamId: number, stageId: number, confirm: boolean) =>
    request<{ message?: string }>(`${team(teamId)}/grade-publications`, {
      method: 'POST',
      body: { stage_id: stageId, ...(confirm ? { confirm: true } : {}) },
    }),
  withdrawGrades: (teamId: number, stageId: number) =>
    request<{ message?: string }>(`${team(teamId)}/grade-publications/${stageId}`, { method: 'DELETE' }),
};
