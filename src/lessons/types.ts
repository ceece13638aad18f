/** The shapes of the class diary as `/api` answers them (server/lessons/routes.ts). */

/** A lesson given (aula dada): `GET /teams/{team}/lessons`, `POST /lessons`. */
export interface Lesson {
  id: number;
  team_id: number;
  discipline_id: number;
  stage_id: number;
  /** The school's calendar day, ISO (`2026-11-25`): never an instant, so it never shifts a day. */
  date: string;
  periods: number;
  content: string;
}

/** What `POST /lessons` and `PUT /lessons/{id}` take. */
export type LessonFields = Omit<Lesson, 'id'>;

/** One student of a roll call: `GET /lessons/{id}/attendance`. */
export interface RollEntry {
  registration_id: number;
  number: string;
  student: { id: number; name: string; has_photo: boolean };
  absences: number;
  justified: boolean;
  reason: string | null;
}

/** A discipline the signed-in user may give lessons of in a team, with the stages of the team's grid. */
export interface ClassDiscipline {
  id: number;
  name: string;
  stages: { id: number; stage: number }[];
}

/** A team of the user (a professor's own; any for the office) and what they teach in it. */
export interface ClassTeam {
  id: number;
  name: string;
  disciplines: ClassDiscipline[];
}

/** A 422's words: the summary and each field's messages (`content`, `attendance.3.absences`…). */
export interface Refusal {
  message: string;
  errors: Record<string, string[]>;
}

export const stageLabel = (stage: number) => `${stage}ª etapa`;
export const periodsLabel = (periods: number) => (periods === 1 ? '1 aula' : `${periods} aulas`);
