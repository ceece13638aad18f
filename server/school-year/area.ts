import type { Area } from '../area';
import { registerCalendarRoutes } from './calendar-routes';
import { schoolYearHooks, teamYearHooks } from './hooks';
import { registerWorkloadRoute } from './workload';
import { registerCurrentYearRoute, registerNextYearRoutes } from './routes';

/** School years (issue 38): the years, each team's year, each year's calendar, next year's teams and the rollover. */
export const schoolYearArea: Area = {
  routes: (app, context) => {
    registerCalendarRoutes(app, context.db);
    registerWorkloadRoute(app, context.db);
    registerNextYearRoutes(app, context);
    registerCurrentYearRoute(app, context);
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
