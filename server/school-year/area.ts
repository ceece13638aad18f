import type { Area } from '../area';
import { schoolYearHooks, teamYearHooks } from './hooks';
import { registerNextYearRoutes } from './routes';

/** School years (issue 38): the years, each team's year, each year's calendar, next year's teams and the rollover. */
export const schoolYearArea: Area = {
  routes: registerNextYearRoutes,
  hooks: ({ db }) => ({ 'school-years': schoolYearHooks(db), teams: teamYearHooks(db) }),
};
