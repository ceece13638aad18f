import { accountMethods } from './account';
import { censusMethods } from './census';
import { admissionMethods } from './admissions';
import { documentMethods } from './documents';
import { duplicateMethods } from './duplicates';
import { enrolmentCampaignMethods } from './enrolment-campaigns';
import { financeMethods } from './finance';
import { gradeMethods } from './grades';
import { gridMethods } from './grids';
import { importMethods } from './imports';
import { indicatorMethods } from './indicators';
import { invoiceFlowMethods } from './invoice-flow';
import { invoiceMethods } from './invoices';
import { jobMethods } from './jobs';
import { lessonMethods } from './lessons';
import { movementMethods } from './movements';
import { municipalityMethods } from './municipalities';
import { listMethods } from './lists';
import { optionMethods } from './options';
import { reportMethods } from './reports';
import { resultMethods } from './results';
import { roleMethods } from './roles';
import { schoolMethods } from './school';
import { schoolYearMethods } from './school-years';
import { signatureMethods } from './signatures';
import { pushMethods } from './push';
import { studentMethods } from './students';
import { teamMethods } from './teams';

/**
 * The custom dataProvider methods of every area, one file per area (dataProvider/<area>.ts, each exporting
 * an object of methods built on `request`). Names are unique across areas: a method says what it does
 * (`getMyClasses`, `saveRollCall`), never a path.
 */
export const customMethods = {
  ...indicatorMethods,
  ...invoiceMethods,
  ...schoolYearMethods,
  ...studentMethods,
  ...documentMethods,
  ...financeMethods,
  ...jobMethods,
  ...teamMethods,
  ...schoolMethods,
  ...accountMethods,
  ...gridMethods,
  ...gradeMethods,
  ...roleMethods,
  ...reportMethods,
  ...optionMethods,
  ...pushMethods,
  ...lessonMethods,
  ...listMethods,
  ...duplicateMethods,
  ...importMethods,
  ...movementMethods,
  ...resultMethods,
  ...enrolmentCampaignMethods,
  ...admissionMethods,
  ...signatureMethods,
  ...invoiceFlowMethods,
  ...censusMethods,
  ...municipalityMethods,
};
