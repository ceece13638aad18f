import type { Area } from '../area';
import { registerOfficeAdmissionRoutes } from './admissions-office';
import { registerPublicAdmissionRoutes } from './admissions-public';

/**
 * Admission of new families (issue 39): the public form and its follow link, and the office's decisions. The list and
 * the record are the `admissions` resource's generic routes (resources/admissions.ts).
 */
export const admissionsArea: Area = {
  routes(app, ctx) {
    registerPublicAdmissionRoutes(app, ctx);
    registerOfficeAdmissionRoutes(app, ctx);
  },
};
