import type { Area } from '../area';
import { logStudentAccess } from '../audit/access';
import { registerAccessLogRoute } from './access-log';
import { registerPhotoRoutes } from './photo';
import { observationsOf, withAges, withPhotoFlags } from './queries';
import { registerStudentRoutes } from './routes';

/**
 * Students: status and history, observations, photo and the LGPD export; the record carries observations,
 * and the list and the record the student's `age` (from the birth date, on the school's calendar) and
 * `has_photo`.
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
      // Whether there is a photo to ask for (the list's cards, the record's header): no request for none.
      decorateList: async (rows) => withPhotoFlags(db, withAges(rows)),
      decorateRecord: async (row) => ({
        ...(await withPhotoFlags(db, withAges([row])))[0],
        observations: await observationsOf(db, Number(row.id)),
      }),
    },
  }),
};
