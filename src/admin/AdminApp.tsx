import { Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { resources } from '../../resources';
import { useBranding } from '../branding';
import { i18nProvider } from '../i18n';
import { resourceElement } from '../resources/resourceElement';
import { AdminNotFound } from '../components/AdminNotFound';
import { AdminAccessDenied } from '../components/AdminAccessDenied';
import { lazyNamed } from '../components/lazyNamed';
import { AdminLayout } from './AdminLayout';
import { buildTheme } from './theme';
import { ToastNotification } from './ToastNotification';
import { OnlyFor } from './OnlyFor';

// Every screen is a chunk of its own, fetched when first drawn: the first load of an address is the layout and
// that screen only. A teacher on a phone opening Minhas aulas gets the roll call, not the back office (issue 36).
const LoginPage = lazyNamed(() => import('../public/LoginPage'), 'LoginPage');
const Dashboard = lazyNamed(() => import('./Dashboard'), 'Dashboard');
const GridTemplateRegisterPage = lazyNamed(
  () => import('../grids/GridTemplateRegisterPage'),
  'GridTemplateRegisterPage',
);
const TeamDisciplinesPage = lazyNamed(() => import('../teams/TeamDisciplinesPage'), 'TeamDisciplinesPage');
const SchoolSettingsPage = lazyNamed(() => import('../school/SchoolSettingsPage'), 'SchoolSettingsPage');
const NfseSettingsPage = lazyNamed(() => import('../invoices/NfseSettingsPage'), 'NfseSettingsPage');
const CertificatePage = lazyNamed(() => import('../documents/CertificatePage'), 'CertificatePage');
const HistoryPage = lazyNamed(() => import('../documents/HistoryPage'), 'HistoryPage');
const ReportPage = lazyNamed(() => import('../reports/ReportPage'), 'ReportPage');
const AccountPage = lazyNamed(() => import('../account/AccountPage'), 'AccountPage');
const TwoStepPage = lazyNamed(() => import('../account/TwoStepPage'), 'TwoStepPage');
const LessonsPage = lazyNamed(() => import('../lessons/LessonsPage'), 'LessonsPage');
const JobsPage = lazyNamed(() => import('../jobs/JobsPage'), 'JobsPage');
const ImportPage = lazyNamed(() => import('../imports/ImportPage'), 'ImportPage');
const LowAttendancePage = lazyNamed(() => import('./LowAttendancePage'), 'LowAttendancePage');
const CensusPage = lazyNamed(() => import('../census/CensusPage'), 'CensusPage');
const DuplicatesPage = lazyNamed(() => import('../duplicates/DuplicatesPage'), 'DuplicatesPage');
const InvoicesPage = lazyNamed(() => import('../invoices/InvoicesPage'), 'InvoicesPage');

/** The login page outside the layout (and its Suspense): a session ended while the admin is open. */
function SignInAgain() {
  return (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
}

/** A bespoke screen for the roles holding `access` (the permission its routes ask); access denied for the others. */
const only = (access: string, screen: ReactNode) => <OnlyFor access={access}>{screen}</OnlyFor>;

/** The signed-in area under /admin: every resource config becomes list, create, edit and show screens. */
export function AdminApp() {
  const branding = useBranding();
  return (
    <Admin
      basename="/admin"
      title={branding.school_name}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={buildTheme(branding)}
      layout={AdminLayout}
      notification={ToastNotification}
      loginPage={SignInAgain}
      dashboard={Dashboard}
      catchAll={AdminNotFound}
      accessDenied={AdminAccessDenied}
      requireAuth
      disableTelemetry
    >
      {resources.map(resourceElement)}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        {/* Each bespoke screen for the roles its routes serve (the others: access denied, not a 403 on SALVAR). */}
        <Route path="/grades/registrar-template" element={only('master.write', <GridTemplateRegisterPage />)} />
        <Route path="/turmas/:id/disciplinas/*" element={<TeamDisciplinesPage />} />
        {/* Open to every role: read-only without settings.manage. */}
        <Route path="/configuracoes" element={<SchoolSettingsPage />} />
        <Route path="/configuracoes/nota-fiscal" element={only('settings.manage', <NfseSettingsPage />)} />
        <Route path="/reports/*" element={<ReportPage />} />
        <Route path="/historico/:student/registrar" element={only('students.write', <HistoryPage />)} />
        <Route path="/certificado/:student/registrar" element={only('students.write', <CertificatePage />)} />
        <Route path="/minha-conta" element={<AccountPage />} />
        <Route path="/minha-conta/duas-etapas" element={<TwoStepPage />} />
        <Route path="/minhas-aulas/*" element={<LessonsPage />} />
        <Route path="/tarefas" element={only('settings.manage', <JobsPage />)} />
        <Route path="/importar" element={only('imports.run', <ImportPage />)} />
        <Route path="/notas-fiscais" element={only('invoices.manage', <InvoicesPage />)} />
        <Route path="/baixa-frequencia" element={only('reports.general', <LowAttendancePage />)} />
        <Route path="/censo" element={only('census.manage', <CensusPage />)} />
        <Route path="/alunos/duplicados" element={only('students.write', <DuplicatesPage kind="students" />)} />
        <Route path="/responsaveis/duplicados" element={only('students.write', <DuplicatesPage kind="guardians" />)} />
      </CustomRoutes>
    </Admin>
  );
}
