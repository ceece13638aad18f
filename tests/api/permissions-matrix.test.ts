import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

/**
 * Issue 24's rules, written by hand (not read from resources/permissions.ts or the routes): the permission
 * each route asks. The test checks the routes' declarations against it, then every route × every built-in
 * role (and a custom role with one permission) against the roles' table below, on the running server.
 */
const S = 'signed-in';
/** A family portal route (`config.portal`), which no staff token opens. */
const P = 'portal';
/** Per resource of the generic engine: [read, write]. */
const RESOURCES: Record<string, [string, string]> = {
  students: ['students.read', 'students.write'],
  // Guardians are personal data: read with it, changed by whoever changes students.
  guardians: ['students.personal', 'students.write'],
  teachings: ['master.read', 'master.write'],
  courses: ['master.read', 'master.write'],
  'text-documents': ['master.read', 'master.write'],
  polos: ['master.read', 'master.write'],
  disciplines: ['master.read', 'master.write'],
  stages: ['master.read', 'master.write'],
  grids: ['master.read', 'master.write'],
  teams: ['teams.read', 'teams.write'],
  // The school years (issue 38), as their teams.
  'school-years': ['teams.read', 'teams.write'],
  'service-types': ['finance.read', 'finance.write'],
  'payment-types': ['finance.read', 'finance.write'],
  'payment-plans': ['finance.read', 'finance.write'],
  // Every charge of the school (issue 36), listed only: written from the student's FINANCEIRO tab.
  charges: ['finance.read', 'finance.write'],
  users: ['users.manage', 'users.manage'],
  roles: ['users.manage', 'users.manage'],
  outbox: ['settings.manage', 'settings.manage'],
  // New families' admission requests (issue 39), listed and decided by whoever registers students — until the
  // enrolment season's own permission (enrolment.manage) arrives with the campaigns.
  admissions: ['enrolment.manage', 'enrolment.manage'],
};
const READ_ONLY = ['roles', 'outbox', 'charges', 'admissions'];

const ROUTES: Record<string, string> = {
  'POST /api/auth/me': S,
  'POST /api/auth/logout': S,
  // Minha conta: one's own name and password, whatever the role (issue 34).
  'PUT /api/auth/me': S,
  'PUT /api/auth/password': S,
  'GET /api/school-settings': S,
  'PUT /api/school-settings': 'settings.manage',
  // The school's logo (issue 35).
  'POST /api/school-settings/logo': 'settings.manage',
  'DELETE /api/school-settings/logo': 'settings.manage',
  'GET /api/jobs': 'settings.manage',
  'POST /api/jobs/:id/retry': 'settings.manage',
  // Spreadsheet imports (issue 37); sending a file or a template also asks the write permission of its kind.
  'GET /api/imports': 'imports.run',
  'GET /api/imports/:id': 'imports.run',
  // From the previous system: also the write permission of everything it copies (checked in the handler).
  'POST /api/imports/legacy': 'imports.run',
  'POST /api/imports': 'imports.run',
  'GET /api/imports/templates/:kind': 'imports.run',
  'POST /api/imports/annotated': 'imports.run',
  'GET /api/cep/:cep': S,
  // The census's municipality selects (issue 40): static data, for every signed-in form.
  'GET /api/municipalities': S,
  'POST /api/payments/sandbox/:id/pay': 'finance.write',
  'GET /api/indicators/number-students-per-month': 'students.read',
  'GET /api/indicators/number-registrations-per-month': 'students.read',
  'GET /api/indicators/number-students-per-teams': 'students.read',
  'GET /api/indicators/low-attendance': 'reports.general',
  'GET /api/indicators/low-attendance/students': 'reports.general',
  'GET /api/indicators/receivables': 'finance.read',
  'GET /api/students/:id/export': 'students.personal',
  'PUT /api/students/:id/status': 'students.write',
  'GET /api/students/:id/status-history': 'students.read',
  'GET /api/students/:id/observations': 'students.read',
  'POST /api/students/:id/observations': 'students.write',
  'PUT /api/students/:id/observations/:obs': 'students.write',
  // Likely duplicates and their merge (issue 37): whoever changes students (the pairs show personal data too).
  'GET /api/students/duplicates': 'students.write',
  'GET /api/guardians/duplicates': 'students.write',
  'POST /api/students/:id/merge': 'students.write',
  'POST /api/guardians/:id/merge': 'students.write',
  'DELETE /api/students/:id/observations/:obs': 'students.write',
  'GET /api/students/:id/get-image': 'students.read',
  'POST /api/registrations': 'students.write',
  // Enrolment dates (issue 37).
  'GET /api/registrations/:id': 'students.read',
  'PUT /api/registrations/:id': 'students.write',
  'POST /api/teams/register-student': 'students.write',
  'DELETE /api/registrations/:id': 'students.write',
  // Leaving the school (issue 38).
  'POST /api/registrations/:id/transfer': 'students.write',
  'POST /api/registrations/:id/leave': 'students.write',
  'GET /api/registrations/:id/prior-studies': 'students.read',
  'POST /api/registrations/:id/prior-studies': 'students.write',
  'DELETE /api/registrations/:id/prior-studies/:study': 'students.write',
  'POST /api/books': 'students.write',
  'DELETE /api/books/:id': 'students.write',
  'GET /api/documents/storage/:folder/:file': 'students.personal',
  'PUT /api/documents/:id': 'students.write',
  'GET /api/documents/:folder/:file/remove': 'students.write',
  'GET /api/documents/:student/history-data': 'students.personal',
  'POST /api/documents/:student/history': 'students.write',
  'POST /api/documents/:student/certificate': 'students.write',
  'POST /api/documents/:student/store-document': 'students.write',
  'GET /api/exports/student-contract/:student/:team': 'students.write',
  'POST /api/exports/student-contract/:student/:team': 'students.write',
  // Electronic signatures (issue 39): the school's side of a contract, and revocation by Administração.
  'GET /api/students/:student/documents/:id/signatures': 'students.write',
  'POST /api/students/:student/documents/:id/sign-code': 'students.write',
  'POST /api/students/:student/documents/:id/sign': 'students.write',
  'POST /api/signatures/:id/revoke': 'users.manage',
  'POST /api/financials': 'finance.write',
  'GET /api/financials/:id': 'finance.read',
  'PUT /api/financials/:id': 'finance.write',
  'DELETE /api/financials/:id': 'finance.write',
  'GET /api/financials/:id/whatsapp': 'finance.write',
  'GET /api/registrations/:id/scholarship': 'finance.read',
  'GET /api/financials/:id/amount-due': 'finance.read',
  // The NFS-e of each charge and the clerk's list (issue 41).
  'GET /api/financials/:id/nfse': 'invoices.manage',
  'POST /api/financials/:id/nfse': 'invoices.manage',
  'GET /api/financials/:id/nfse/pdf': 'invoices.manage',
  'POST /api/financials/:id/nfse/cancel': 'invoices.manage',
  'GET /api/nfse': 'invoices.manage',
  'PUT /api/registrations/:id/scholarship': 'finance.write',
  'DELETE /api/registrations/:id/scholarship': 'finance.write',
  'POST /api/registrations/:id/apply-plan': 'finance.write',
  // The office accepts a family's re-enrolment (issue 39).
  'POST /api/enrolment-requests/:id/accept': 'enrolment.manage',
  'GET /api/exports/receipt/:id': 'finance.read',
  'GET /api/exports/student-financial-history/:id': 'finance.read',
  'POST /api/mercadopago/ticket/:id': 'finance.write',
  'POST /api/mercadopago/preference/:id': 'finance.write',
  'GET /api/grids/get-grid-template/:id': 'master.read',
  'GET /api/grids/remove-template-from-grid/:id': 'master.write',
  'POST /api/grid-templates': 'master.write',
  'DELETE /api/grid-templates/:id': 'master.write',
  'GET /api/grids/:team/get-full-grid': 'teams.read',
  'GET /api/teams/:id/disciplines': 'teams.read',
  'GET /api/teams/:id/students': 'teams.read',
  'POST /api/grades': 'grades.write',
  'GET /api/grades/:student/get-grade-by-student': 'students.read',
  'GET /api/teams/:id/grades': 'teams.read',
  // The year's results (issue 38): seen with the team, make-ups entered by whoever grades (a council decision in
  // the body also asks results.manage, checked in the handler); closing by the office, reopening by Administração.
  'GET /api/teams/:id/results': 'teams.read',
  'GET /api/teams/:id/results/ata': 'teams.read',
  'PUT /api/teams/:id/results/:registration': 'grades.write',
  'POST /api/teams/:id/close': 'results.manage',
  'POST /api/teams/:id/reopen': 'teams.reopen',
  // Next year (issue 38): proposing and creating next year's teams, and the rollover, are writing teams (applying the
  // new teams' plans also asks finance.write, checked in the handler).
  'GET /api/school-years/:id/successors': 'teams.write',
  'POST /api/school-years/:id/successors': 'teams.write',
  'POST /api/school-years/:id/rollover': 'teams.write',
  // The enrolment season, the office's side (issue 39): the campaigns, their panel and families, all enrolment.manage.
  'GET /api/enrolment-campaigns': 'enrolment.manage',
  'GET /api/enrolment-campaigns/:id': 'enrolment.manage',
  'POST /api/enrolment-campaigns': 'enrolment.manage',
  'PUT /api/enrolment-campaigns/:id': 'enrolment.manage',
  'GET /api/enrolment-campaigns/prefill': 'enrolment.manage',
  'GET /api/enrolment-campaigns/:id/panel': 'enrolment.manage',
  'GET /api/enrolment-campaigns/:id/requests': 'enrolment.manage',
  'POST /api/enrolment-campaigns/:id/invite': 'enrolment.manage',
  'POST /api/enrolment-campaigns/:id/remind': 'enrolment.manage',
  'POST /api/enrolment-requests/:id/return': 'enrolment.manage',
  // The Censo Escolar (issue 40): its check, its files and INEP's return file, for Administração and Secretaria.
  'GET /api/educacenso/:year/check': 'census.manage',
  'GET /api/educacenso/:year/export': 'census.manage',
  'POST /api/educacenso/:year/return': 'census.manage',
  'GET /api/exports/class-diary': 'reports.general',
  'GET /api/exports/report-financial-by-team/:team': 'reports.financial',
  'GET /api/exports/students-per-class': 'reports.general',
  'GET /api/exports/report-of-student-data-by-class/:team': 'reports.general',
  'GET /api/exports/certificate-of-completion/:student/team/:team': 'reports.general',
  'GET /api/exports/registration-statement/:student/team/:team': 'reports.general',
  'GET /api/exports/student-report-card/:student/team/:team': 'reports.general',
  'GET /api/exports/transfer-report/:team/start_date/:start_date/end_date/:end_date': 'reports.financial',
  'GET /api/exports/annual-performance-report/:team': 'reports.general',
  'GET /api/exports/defaulters': 'reports.financial',
  'GET /api/exports/report-financial-with-filter': 'reports.financial',
  'GET /api/exports/low-attendance': 'reports.general',
  'GET /api/exports/student-movements': 'reports.general',
  'GET /api/exports/bolsa-familia': 'reports.general',
  'GET /api/reports/general-report-of-students': 'reports.general',
  'GET /api/reports/general-report-of-students.csv': 'reports.general',
  'GET /api/permissions': 'users.manage',
  'POST /api/roles': 'users.manage',
  'PUT /api/roles/:id': 'users.manage',
  'DELETE /api/roles/:id': 'users.manage',
  // A team's teachers: read with the team, assigned by whoever may change the team.
  'GET /api/teams/:id/teachers': 'teams.read',
  'GET /api/teams/:id/teachers/candidates': 'teams.write',
  'POST /api/teams/:id/teachers': 'teams.write',
  'DELETE /api/teams/:id/teachers/:assignment': 'teams.write',
  // A school year's calendar (issue 38), as the year itself.
  'GET /api/school-years/current': S,
  'GET /api/school-years/:id/calendar': 'teams.read',
  'PUT /api/school-years/:id/calendar': 'teams.write',
  // The LDB line of a team: its hours and its year's days against the minimums.
  'GET /api/teams/:id/workload': 'teams.read',
  // The LGPD access log: Administração only.
  'GET /api/students/:id/access-log': 'students.access_log',
  // One's own two-step sign-in; someone else's is reset by whoever manages users.
  'GET /api/auth/two-step': S,
  'POST /api/auth/two-step/enrol': S,
  'POST /api/auth/two-step/confirm': S,
  'POST /api/auth/two-step/disable': S,
  'POST /api/auth/two-step/recovery-codes': S,
  'GET /api/users/:id/two-step': 'users.manage',
  'DELETE /api/users/:id/two-step': 'users.manage',
  // The users' names for the financial reports' filters: whoever issues those reports.
  'GET /api/users/names': 'reports.financial',
  // The class diary (issue 25): read with the team, written with the teacher's permission.
  'GET /api/teams/:team/lessons': 'teams.read',
  'POST /api/lessons': 'grades.write',
  'PUT /api/lessons/:id': 'grades.write',
  'DELETE /api/lessons/:id': 'grades.write',
  'GET /api/lessons/:id/attendance': 'teams.read',
  'PUT /api/lessons/:id/attendance': 'grades.write',
  'GET /api/teams/:team/attendance': 'teams.read',
  // Families' notifications (issue 26): the office publishes a stage's grades.
  'GET /api/teams/:team/grade-publications': 'teams.read',
  'POST /api/teams/:team/grade-publications': 'teams.write',
  'DELETE /api/teams/:team/grade-publications/:stage': 'teams.write',
  'GET /api/students/:id/attendance': 'students.read',
  // A student's guardians (issue 26): personal data; linked by whoever changes students.
  'GET /api/students/:id/guardians': 'students.personal',
  'POST /api/students/:id/guardians': 'students.write',
  'PUT /api/students/:id/guardians/:guardian_id': 'students.write',
  'DELETE /api/students/:id/guardians/:guardian_id': 'students.write',
  // The family portal's access (issue 26): the office invites and revokes as it changes students.
  'POST /api/guardians/:id/invite': 'students.write',
  // The invitation handed over on paper: a letter with the link's QR code and a one-time code (issue 35).
  'POST /api/guardians/:id/invitation-letter': 'students.write',
  'POST /api/students/:id/invitation-letter': 'students.write',
  // Whoever pays a student: read with the personal data; completed (contact and address) by whoever changes students
  // or charges, which the route checks itself (issue 35).
  'GET /api/students/:id/payer': 'students.personal',
  'PUT /api/students/:id/payer': 'students.personal',
  'GET /api/guardians/:id/portal-access': 'students.personal',
  'DELETE /api/guardians/:id/portal-access': 'students.write',
  'POST /api/students/:id/invite': 'students.write',
  'GET /api/students/:id/portal-access': 'students.personal',
  'DELETE /api/students/:id/portal-access': 'students.write',
  // The portal's own routes take a portal session: every staff token is refused (401).
  'POST /api/portal/logout': P,
  'GET /api/portal/me': P,
  'GET /api/portal/students/:id/photo': P,
  'GET /api/portal/students/:id/report-card': P,
  'GET /api/portal/students/:id/attendance': P,
  'GET /api/portal/students/:id/documents': P,
  'GET /api/portal/students/:id/documents/:doc_id/file': P,
  'POST /api/portal/students/:id/declarations': P,
  'GET /api/portal/students/:id/charges': P,
  'POST /api/portal/students/:id/charges/:charge_id/payment': P,
  'GET /api/portal/students/:id/charges/:charge_id/receipt': P,
  // The family's re-enrolment (issue 39).
  'GET /api/portal/students/:id/re-enrolment': P,
  'PUT /api/portal/students/:id/re-enrolment': P,
  'POST /api/portal/students/:id/re-enrolment/documents': P,
  'GET /api/portal/students/:id/re-enrolment/contract': P,
  'POST /api/portal/students/:id/re-enrolment/sign-code': P,
  'POST /api/portal/students/:id/re-enrolment/sign': P,
  'POST /api/portal/students/:id/re-enrolment/submit': P,
  // A device opted in to Web Push, and out, by the family signed in on it (issue 36).
  'POST /api/portal/push/subscriptions': P,
  'DELETE /api/portal/push/subscriptions': P,
  // A teacher's device opted in, and out, from Minhas aulas or Minha conta: any staff user, their own device.
  'POST /api/push/subscriptions': S,
  'DELETE /api/push/subscriptions': S,
  // The family pays its own charge in the payment simulation (the demo only).
  'POST /api/portal/payments/sandbox/:id/pay': P,
  // The office's decision on a new family's admission (issue 39); the form itself is public.
  'POST /api/admissions/:id/accept': 'enrolment.manage',
  'POST /api/admissions/:id/decline': 'enrolment.manage',
  // The school as NFS-e issuer (issue 41): its settings and A1 certificate, with the school's settings.
  'GET /api/nfse/settings': 'settings.manage',
  'PUT /api/nfse/settings': 'settings.manage',
  'POST /api/nfse/certificate': 'settings.manage',
  // Its subject and expiry, for the dashboard's warning: whoever issues invoices.
  'GET /api/nfse/certificate': 'invoices.manage',
};
/**
 * A professor reaches only the teams they teach and their students (issue 24): the params of these routes name
 * a team or a student, and one outside their reach is not found. The generic lists and records of teams and
 * students are confined by the pipeline (resources' `teamScope`), checked below too.
 */
const TEAM = { id: 'teams' };
const STUDENT = { id: 'students' };
const REACH: Record<string, Record<string, string>> = {
  'GET /api/teams/:id/disciplines': TEAM,
  'GET /api/teams/:id/students': TEAM,
  'GET /api/teams/:id/grades': TEAM,
  'GET /api/teams/:id/results': TEAM,
  'GET /api/teams/:id/results/ata': TEAM,
  'PUT /api/teams/:id/results/:registration': TEAM,
  'GET /api/teams/:id/teachers': TEAM,
  'GET /api/teams/:id/workload': TEAM,
  'GET /api/teams/:id/teachers/candidates': TEAM,
  'POST /api/teams/:id/teachers': TEAM,
  'DELETE /api/teams/:id/teachers/:assignment': TEAM,
  'GET /api/grids/:team/get-full-grid': { team: 'teams' },
  'GET /api/students/:id/export': STUDENT,
  'PUT /api/students/:id/status': STUDENT,
  'GET /api/students/:id/status-history': STUDENT,
  'GET /api/students/:id/observations': STUDENT,
  'POST /api/students/:id/observations': STUDENT,
  'PUT /api/students/:id/observations/:obs': STUDENT,
  'DELETE /api/students/:id/observations/:obs': STUDENT,
  'POST /api/students/:id/merge': STUDENT,
  'GET /api/students/:id/get-image': STUDENT,
  'GET /api/students/:id/access-log': STUDENT,
  'GET /api/grades/:student/get-grade-by-student': { student: 'students' },
  'GET /api/exports/student-financial-history/:id': STUDENT,
  'GET /api/exports/student-contract/:student/:team': { student: 'students', team: 'teams' },
  'POST /api/exports/student-contract/:student/:team': { student: 'students', team: 'teams' },
  'GET /api/students/:student/documents/:id/signatures': { student: 'students' },
  'POST /api/students/:student/documents/:id/sign-code': { student: 'students' },
  'POST /api/students/:student/documents/:id/sign': { student: 'students' },
  'GET /api/documents/:student/history-data': { student: 'students' },
  'POST /api/documents/:student/history': { student: 'students' },
  'POST /api/documents/:student/certificate': { student: 'students' },
  'POST /api/documents/:student/store-document': { student: 'students' },
  // A lesson's own routes find it in reach in the service (a lesson is not a resource): tests/api/lessons.test.ts.
  'GET /api/teams/:team/lessons': { team: 'teams' },
  'GET /api/teams/:team/attendance': { team: 'teams' },
  'GET /api/teams/:team/grade-publications': { team: 'teams' },
  'POST /api/teams/:team/grade-publications': { team: 'teams' },
  'DELETE /api/teams/:team/grade-publications/:stage': { team: 'teams' },
  'GET /api/students/:id/attendance': STUDENT,
  'GET /api/students/:id/guardians': STUDENT,
  'POST /api/students/:id/guardians': STUDENT,
  'PUT /api/students/:id/guardians/:guardian_id': STUDENT,
  'DELETE /api/students/:id/guardians/:guardian_id': STUDENT,
  'POST /api/students/:id/invite': STUDENT,
  'POST /api/students/:id/invitation-letter': STUDENT,
  'GET /api/students/:id/payer': STUDENT,
  'PUT /api/students/:id/payer': STUDENT,
  'GET /api/students/:id/portal-access': STUDENT,
  'DELETE /api/students/:id/portal-access': STUDENT,
  // The reports naming a team or a student in their path (issue 34); those naming one in the query are below.
  'GET /api/exports/report-financial-by-team/:team': { team: 'teams' },
  'GET /api/exports/report-of-student-data-by-class/:team': { team: 'teams' },
  'GET /api/exports/certificate-of-completion/:student/team/:team': { student: 'students', team: 'teams' },
  'GET /api/exports/registration-statement/:student/team/:team': { student: 'students', team: 'teams' },
  'GET /api/exports/student-report-card/:student/team/:team': { student: 'students', team: 'teams' },
  'GET /api/exports/transfer-report/:team/start_date/:start_date/end_date/:end_date': { team: 'teams' },
  'GET /api/exports/annual-performance-report/:team': { team: 'teams' },
};

/**
 * Every report (issue 34), with an address naming the asker's team (`{team}`) and, where the report reads one, a
 * student (`{student}`): in the path or in the query alike. The general report names none.
 */
const REPORT_ADDRESSES: Record<string, string> = {
  'GET /api/exports/class-diary': '/api/exports/class-diary?team_id={team}',
  'GET /api/exports/report-financial-by-team/:team': '/api/exports/report-financial-by-team/{team}',
  'GET /api/exports/students-per-class': '/api/exports/students-per-class?team_id={team}',
  'GET /api/exports/report-of-student-data-by-class/:team': '/api/exports/report-of-student-data-by-class/{team}',
  'GET /api/exports/certificate-of-completion/:student/team/:team':
    '/api/exports/certificate-of-completion/{student}/team/{team}?confirm=1',
  'GET /api/exports/registration-statement/:student/team/:team':
    '/api/exports/registration-statement/{student}/team/{team}',
  'GET /api/exports/student-report-card/:student/team/:team': '/api/exports/student-report-card/{student}/team/{team}',
  'GET /api/exports/transfer-report/:team/start_date/:start_date/end_date/:end_date':
    '/api/exports/transfer-report/{team}/start_date/2026-01-01/end_date/2026-12-31',
  'GET /api/exports/annual-performance-report/:team': '/api/exports/annual-performance-report/{team}',
  'GET /api/exports/defaulters': '/api/exports/defaulters?team={team}',
  'GET /api/exports/report-financial-with-filter':
    '/api/exports/report-financial-with-filter?team[]={team}&student_id={student}',
  'GET /api/exports/low-attendance': '/api/exports/low-attendance?team_id={team}',
  'GET /api/exports/bolsa-familia': '/api/exports/bolsa-familia?team_id={team}',
  'GET /api/exports/student-movements':
    '/api/exports/student-movements?start_date=2026-01-01&end_date=2026-12-31&team_id={team}',
  'GET /api/reports/general-report-of-students': '/api/reports/general-report-of-students',
  'GET /api/reports/general-report-of-students.csv': '/api/reports/general-report-of-students.csv',
};

for (const [name, [read, write]] of Object.entries(RESOURCES)) {
  ROUTES[`GET /api/${name}`] = read;
  ROUTES[`GET /api/${name}/:id`] = read;
  if (READ_ONLY.includes(name)) continue;
  for (const route of [`POST /api/${name}`, `PUT /api/${name}/:id`, `POST /api/${name}/:id`, `DELETE /api/${name}/:id`])
    ROUTES[route] = write;
}

/** What each built-in role may do, as the issue says it. */
const READS = ['students.read', 'teams.read', 'master.read', 'finance.read'];
const ROLES: Record<keyof typeof ROLE_IDS, string[]> = {
  administracao: [
    ...READS,
    'students.write',
    'students.personal',
    'students.access_log',
    'teams.write',
    'grades.write',
    'results.manage',
    'enrolment.manage',
    'census.manage',
    'teams.reopen',
    'master.write',
    'finance.write',
    'invoices.manage',
    'reports.general',
    'reports.financial',
    'users.manage',
    'settings.manage',
    'imports.run',
  ],
  // Reads everything and every report, changes nothing.
  direcao: [...READS, 'students.personal', 'reports.general', 'reports.financial'],
  secretaria: [
    ...READS,
    'students.write',
    'students.personal',
    'teams.write',
    'grades.write',
    'results.manage',
    'enrolment.manage',
    'census.manage',
    'master.write',
    'reports.general',
  ],
  financeiro: [
    'students.read',
    'students.personal',
    'teams.read',
    'master.read',
    'finance.read',
    'finance.write',
    'invoices.manage',
    'reports.financial',
  ],
  professor: ['students.read', 'teams.read', 'grades.write', 'master.read'],
};

describeOnDatabases('every route × every role', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, { token: string; permissions: string[] }> = {};

  beforeAll(async () => {
    server = await startServer(dialect, { payments: { sandbox: true } });
    const admin = await server.session();
    const custom = await server.request('POST', '/api/roles', {
      token: admin,
      body: { name: 'Só turmas', permissions: ['teams.read'] },
    });
    expect(custom.status).toBe(201);
    const roles = { ...ROLE_IDS, so_turmas: custom.body.data.id as number };
    for (const [key, role_id] of Object.entries(roles)) {
      const email = `matriz.${key}@escolamodelo.edu.br`;
      const created = await server.request('POST', '/api/users', {
        token: admin,
        body: { name: `Matriz ${key}`, email, password: 'senha-da-matriz-1', role_id },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const permissions = key === 'so_turmas' ? ['teams.read'] : ROLES[key as keyof typeof ROLE_IDS];
      tokens[key] = { token: await server.session(email), permissions };
    }
  });
  afterAll(() => server.close());

  it('declares on every route the permission the rules give it', () => {
    const declared = Object.fromEntries(
      server.app.apiRoutes.filter((r) => !r.public).map((r) => [`${r.method} ${r.url}`, r.portal ? P : r.access]),
    );
    expect(declared).toEqual(ROUTES);
  });

  it("declares a teacher's reach on every route naming one team or one student", () => {
    const declared = Object.fromEntries(
      server.app.apiRoutes.filter((r) => r.reach).map((r) => [`${r.method} ${r.url}`, r.reach]),
    );
    expect(declared).toEqual(REACH);
  });

  it('answers a professor 404 (or 403) for a team or a student they do not teach, on every such route', async () => {
    const admin = await server.session();
    const team = (await server.request('GET', '/api/teams', { token: admin })).body.data[0].id as number;
    const created = await server.request('POST', '/api/students', { token: admin, body: { name: 'Aluna da Matriz' } });
    const student = created.body.data.id as number;
    const ids: Record<string, number> = { teams: team, students: student };
    const { token, permissions } = tokens.professor;
    const wrong: string[] = [];
    const routes = Object.entries(REACH).map(([name, reach]) => ({ name, reach }));
    routes.push({ name: 'GET /api/teams/:id', reach: TEAM }, { name: 'GET /api/students/:id', reach: STUDENT });
    for (const { name, reach } of routes) {
      const [method, path] = name.split(' ');
      const url = path.replace(/:(\w+)/g, (_, param: string) => String(reach[param] ? ids[reach[param]] : 999999));
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const { status } = await server.request(method, url, { token, body });
      const expected = permissions.includes(ROUTES[name]) ? 404 : 403;
      if (status !== expected) wrong.push(`${name}: ${status}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    // The same team and student are the office's to read.
    expect(
      (await server.request('GET', `/api/teams/${team}/students`, { token: tokens.secretaria.token })).status,
    ).toBe(200);
  });

  it('asks, besides imports.run, the write permission of the kind imported (issue 37)', async () => {
    const admin = await server.session();
    const permissions = ['imports.run', 'students.read', 'students.write'];
    const role = await server.request('POST', '/api/roles', {
      token: admin,
      body: { name: 'Só importa', permissions },
    });
    const body = { name: 'Matriz Importa', email: 'matriz.importa@escolamodelo.edu.br', password: 'senha-da-matriz-1' };
    expect(
      (await server.request('POST', '/api/users', { token: admin, body: { ...body, role_id: role.body.data.id } }))
        .status,
    ).toBe(201);
    const token = await server.session(body.email);
    const template = (kind: string) => server.request('GET', `/api/imports/templates/${kind}?format=csv`, { token });
    expect((await template('enrolments')).status).toBe(200);
    const charges = await template('charges');
    expect(charges.status).toBe(403);
    expect(charges.body.message).toMatch(/^Você não tem permissão para .+\.$/);
    expect((await template('grades')).status).toBe(403);
    // The file goes nowhere without the kind's permission either.
    const form = new FormData();
    form.append('kind', 'grades');
    form.append('file', new Blob(['Aluno;Turma\r\n']), 'notas.csv');
    const sent = await fetch(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sent.status).toBe(403);
  });

  it('answers 403 exactly where the role lacks the route’s permission', async () => {
    const wrong: string[] = [];
    for (const route of server.app.apiRoutes.filter((r) => !r.public)) {
      const name = `${route.method} ${route.url}`;
      // Signing out would end the session the rest of the matrix uses.
      if (name === 'POST /api/auth/logout') continue;
      // An id nothing has: a request that gets past the guard changes nothing.
      const url = route.url.replace(/:(\w+)/g, '999999');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      // The roles of one route at once: about a thousand requests, sequential only per route.
      await Promise.all(
        Object.entries(tokens).map(async ([role, { token, permissions }]) => {
          const rule = ROUTES[name];
          const allowed = rule === S || permissions.includes(rule);
          const { status, body: answer } = await server.request(route.method, url, { token, body });
          if (rule === P) {
            if (status !== 401) wrong.push(`${role} ${name}: ${status}, expected 401`);
            return;
          }
          if ((status === 403) === allowed || status === 401 || status >= 500)
            wrong.push(`${role} ${name}: ${status} ${JSON.stringify(answer).slice(0, 120)}`);
          else if (status === 403) expect(answer.message).toMatch(/^Você não tem permissão para .+\.$/);
        }),
      );
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describeOnDatabases('every report × a teacher given the reports (issue 34)', (dialect) => {
  let server: TestServer;
  let teacher: string;
  /** The teacher's team and a student of it; another team and a student of it only. */
  const ids = { team: 0, student: 0, otherTeam: 0, otherStudent: 0 };

  beforeAll(async () => {
    server = await startServer(dialect);
    const admin = await server.session();
    const as = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
    const teams = (await as('GET', '/api/teams?page=0&sortBy=id&sortDesc=0')).body.data as { id: number }[];
    [ids.team, ids.otherTeam] = [teams[0].id, teams[1].id];
    for (const [key, team] of [
      ['student', ids.team],
      ['otherStudent', ids.otherTeam],
    ] as const) {
      ids[key] = (await as('POST', '/api/students', { name: `Aluno ${key}` })).body.data.id;
      expect((await as('POST', '/api/registrations', { student_id: ids[key], team_id: team })).status).toBe(201);
    }
    const permissions = [...ROLES.professor, 'reports.general', 'reports.financial'];
    expect((await as('PUT', `/api/roles/${ROLE_IDS.professor}`, { permissions })).status).toBe(200);
    const body = {
      name: 'Matriz Professora',
      email: 'matriz.relatorios@escolamodelo.edu.br',
      password: 'senha-da-matriz-1',
    };
    const user = await as('POST', '/api/users', { ...body, role_id: ROLE_IDS.professor });
    const discipline = (await as('GET', `/api/teams/${ids.team}/disciplines`)).body[0].id;
    const assigned = await as('POST', `/api/teams/${ids.team}/teachers`, {
      user_id: user.body.data.id,
      discipline_id: discipline,
    });
    expect(assigned.status).toBe(201);
    teacher = await server.session(body.email);
  });
  afterAll(() => server.close());

  it('has an address for every report route', () => {
    const reports = server.app.apiRoutes
      .filter((r) => /^\/api\/(exports|reports)\//.test(r.url) && r.access?.startsWith('reports.'))
      .map((r) => `${r.method} ${r.url}`);
    expect(reports.sort()).toEqual(Object.keys(REPORT_ADDRESSES).sort());
  });

  it('answers the teacher for their class, and 404 for another team or its student, on every report', async () => {
    const wrong: string[] = [];
    const ask = async (address: string, team: number, student: number) => {
      const url = address.replace('{team}', String(team)).replace('{student}', String(student));
      const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${teacher}` } });
      const type = response.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await response.json() : (await response.arrayBuffer(), undefined);
      return { status: response.status, message: body?.message as string | undefined };
    };
    for (const [name, address] of Object.entries(REPORT_ADDRESSES)) {
      const own = await ask(address, ids.team, ids.student);
      if (own.status !== 200) wrong.push(`${name} (their class): ${own.status} ${own.message}`);
      if (address.includes('{team}')) {
        const other = await ask(address, ids.otherTeam, ids.student);
        if (other.status !== 404 || other.message !== 'Turma não encontrada.')
          wrong.push(`${name} (another team): ${other.status} ${other.message}`);
      }
      if (address.includes('{student}')) {
        const other = await ask(address, ids.team, ids.otherStudent);
        if (other.status !== 404 || other.message !== 'Aluno não encontrado.')
          wrong.push(`${name} (another student): ${other.status} ${other.message}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
