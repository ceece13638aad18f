import type { Area } from '../area';
import { logStudentAccess } from '../audit/access';
import { registerAccessLogRoute } from './access-log';
import { registerPhotoRoutes } from './photo';
import { observationsOf, withAges } from './queries';
import { registerStudentRoutes } from './routes';

/**
 * Students: status and history, observations, photo and the LGPD export; the record carries observations,
 * and the list and the record the student's `age` (from the birth date, on the school's calendar).
 */
export const studentsArea: Area = {
  routes: (app, { db, storage }) => {
    registerStudentRoutes(app, db);
    registerPhotoRoutes(app, db, storage);
    registerAccessLogRoute(app, db);
  },
  hooks: ({ db }) => ({
    students: {
      // The age tells the birth date: personal data, as the birth date is.
      personal: ['age'],
      // Opening the record is logged (LGPD); the list (id, name, status) is not: it opens no one's data.
      afterRecordRead: (id, request) => logStudentAccess(db, request, { studentId: id, action: 'view' }),
      decorateList: async (rows) => withAges(rows),
      decorateRecord: async (row) => ({
        ...withAges([row])[0],
        observations: await observationsOf(db, Number(row.id)),
      }),
    },
  }),
};
