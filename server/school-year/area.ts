import type { Area } from '../area';
import { schoolYearHooks, teamYearHooks } from './hooks';

/** School years (issue 38): the years, each team's year, and the calendar of each year. */
export const schoolYearArea: Area = {
  hooks: ({ db }) => ({ 'school-years': schoolYearHooks(db), teams: teamYearHooks(db) }),
};
