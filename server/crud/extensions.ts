import type { Db } from '../db/connection';
import type { ResourceHooks, TableDependent } from './hooks';
import { userHooks } from '../users/hooks';
import { studentHooks } from '../students/hooks';

/** Hooks per resource name. */
export function resourceHooks(db: Db): Record<string, ResourceHooks> {
  return { users: userHooks(db), students: studentHooks(db) };
}

/** Non-resource tables that reference a resource, per resource name. */
export const tableDependents: Record<string, TableDependent[]> = {
  students: [
    { table: 'registrations', foreignKey: 'student_id', singular: 'matrícula', plural: 'matrículas' },
    { table: 'documents', foreignKey: 'student_id', singular: 'documento emitido', plural: 'documentos emitidos' },
  ],
  teams: [
    { table: 'registrations', foreignKey: 'team_id', singular: 'matrícula', plural: 'matrículas' },
    { table: 'grades', foreignKey: 'team_id', singular: 'nota lançada', plural: 'notas lançadas' },
  ],
  grids: [{ table: 'grid_templates', foreignKey: 'grid_id', singular: 'linha de grade', plural: 'linhas de grade' }],
  disciplines: [
    { table: 'grid_templates', foreignKey: 'discipline_id', singular: 'linha de grade', plural: 'linhas de grade' },
    { table: 'grades', foreignKey: 'discipline_id', singular: 'nota lançada', plural: 'notas lançadas' },
  ],
  stages: [
    { table: 'grid_templates', foreignKey: 'stage_id', singular: 'linha de grade', plural: 'linhas de grade' },
    { table: 'grades', foreignKey: 'stage_id', singular: 'nota lançada', plural: 'notas lançadas' },
  ],
  courses: [{ table: 'grid_templates', foreignKey: 'course_id', singular: 'linha de grade', plural: 'linhas de grade' }],
};
