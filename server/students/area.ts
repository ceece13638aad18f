import type { Area } from '../area';
import { registerPhotoRoutes } from './photo';
import { observationsOf } from './queries';
import { registerStudentRoutes } from './routes';

/** Students: status and history, observations, photo and the LGPD export; the record carries observations. */
export const studentsArea: Area = {
  routes: (app, { db, storage }) => {
    registerStudentRoutes(app, db);
    registerPhotoRoutes(app, db, storage);
  },
  hooks: ({ db }) => ({ students: { decorateRecord: async (row) => ({ ...row, observations: await observationsOf(db, Number(row.id)) }) } }),
};
