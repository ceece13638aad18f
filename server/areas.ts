import type { Area } from './area';
import { registerAuthRoutes } from './auth/routes';
import { registerPasswordReset } from './auth/password-reset';
import { booksArea } from './books/routes';
import { brasilApi, CepLookup, viaCep } from './cep/lookup';
import { registerCepRoutes } from './cep/routes';
import { registerMunicipalityRoutes } from './municipalities/routes';
import { registerContractRoutes } from './contracts/routes';
import { documentsArea } from './documents/routes';
import { financeArea } from './finance/routes';
import { plansArea } from './finance/plans';
import { gradesArea } from './grades/routes';
import { resultsArea } from './results/routes';
import { gridsArea } from './grids/routes';
import { registerIndicatorRoutes } from './indicators/routes';
import { paymentsArea } from './payments/routes';
import { registerPublicRoutes } from './public/routes';
import { registrationsArea } from './registrations/routes';
import { movementsArea } from './school-year/movements/routes';
import { generalReportArea } from './reports/general-routes';
import { reportsArea } from './reports/routes';
import { registerSchoolRoutes } from './school/routes';
import { registerSettingsRoutes } from './school/settings';
import { studentsArea } from './students/area';
import { teamsArea } from './teams/routes';
import { schoolYearArea } from './school-year/area';
import { usersArea } from './users/hooks';
import { rolesArea } from './roles/routes';
import { lessonsArea } from './lessons/routes';
import { guardiansArea } from './guardians/routes';
import { portalArea } from './portal/routes';
import { enrolmentAcceptArea } from './enrolment/accept';
import { signaturesArea } from './signatures/routes';
import { notificationsArea } from './notifications/area';
import { pushArea } from './push/area';
import { jobsArea } from './jobs/routes';
import { mergeArea } from './merge/routes';
import { importsArea } from './imports/routes';
import { legacyImportsArea } from './imports/legacy/routes';
import { enrolmentCampaignArea } from './enrolment/campaign-area';
import { admissionsArea } from './enrolment/admissions-area';
import { invoicesArea } from './invoices/routes';
import { invoiceFlowArea } from './invoices/flow-area';
import { censusArea } from './census/routes';

/**
 * Every domain area of the server, in one list: `app.ts` registers their routes and gives the resource
 * engine their hooks and dependents. A new capability (finance, grades, reports) joins by adding its area.
 */
export const areas: Area[] = [
  {
    routes: (app, c) =>
      registerAuthRoutes(app, c.db, {
        tokens: c.tokens,
        limits: c.settings.loginLimits,
        captcha: c.captcha,
        resources: c.resources,
      }),
  },
  {
    routes: (app, c) =>
      registerPasswordReset(app, c.db, {
        mailer: c.mailer,
        tokens: c.tokens,
        appUrl: c.settings.appUrl,
        rateLimit: c.settings.resetRateLimit,
      }),
  },
  { routes: (app, c) => registerSchoolRoutes(app, c.db, c.storage) },
  { routes: (app, c) => registerSettingsRoutes(app, c.db) },
  {
    routes: (app, c) =>
      registerPublicRoutes(app, c.db, { captcha: c.captcha, mailer: c.mailer, rateLimit: c.settings.publicRateLimit }),
  },
  { routes: (app, c) => registerIndicatorRoutes(app, c.db) },
  {
    routes: (app, c) =>
      registerCepRoutes(app, new CepLookup([viaCep(c.settings.cep.viaCepUrl), brasilApi(c.settings.cep.brasilApiUrl)])),
  },
  // Issue 40: the IBGE municipalities of the census's selects.
  { routes: (app) => registerMunicipalityRoutes(app) },
  usersArea,
  studentsArea,
  registrationsArea,
  movementsArea,
  financeArea,
  plansArea,
  paymentsArea,
  booksArea,
  documentsArea,
  signaturesArea,
  { routes: registerContractRoutes },
  gridsArea,
  teamsArea,
  schoolYearArea,
  gradesArea,
  resultsArea,
  reportsArea,
  generalReportArea,
  rolesArea,
  lessonsArea,
  guardiansArea,
  portalArea,
  enrolmentAcceptArea,
  notificationsArea,
  pushArea,
  jobsArea,
  mergeArea,
  importsArea,
  legacyImportsArea,
  enrolmentCampaignArea,
  admissionsArea,
  invoicesArea,
  invoiceFlowArea,
  censusArea,
];
