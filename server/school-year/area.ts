import type { Area } from '../area';
import { registerCalendarRoutes } from './calendar-routes';
import { schoolYearHooks, teamYearHooks } from './hooks';
import { registerWorkloadRoute } from './workload';

/** School years (issue 38): the years, each team's year, and the calendar of each year. */
export const schoolYearArea: Area = {
  routes: (app, { db }) => {
    registerCalendarRoutes(app, db);
    registerWorkloadRoute(app, db);
  },
  hooks: ({ db }) => ({ 'school-years': schoolYearHooks(db), teams: teamYearHooks(db) }),
  // A year's calendar goes with it (cascade); a stage dated in a calendar stays.
  dependents: {
    stages: [
      {
        table: 'school_year_stages',
        foreignKey: 'stage_id',
        singular: 'data no calendário de um ano letivo',
        plural: 'datas no calendário dos anos letivos',
      },
    ],
  },
};
