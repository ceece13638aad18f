import type { ReactNode } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { resources } from '../../resources';
import { useBranding } from '../branding';
import { i18nProvider } from '../i18n';
import { LoginPage } from '../public/LoginPage';
import { resourceElement } from '../resources/resourceElement';
import { AdminNotFound } from '../components/AdminNotFound';
import { AdminAccessDenied } from '../components/AdminAccessDenied';
import { AdminLayout } from './AdminLayout';
import { Dashboard } from './Dashboard';
import { buildTheme } from './theme';
import { ToastNotification } from './ToastNotification';
import { GridTemplateRegisterPage } from '../grids/GridTemplateRegisterPage';
import { TeamDisciplinesPage } from '../teams/TeamDisciplinesPage';
import { SchoolSettingsPage } from '../school/SchoolSettingsPage';
import { CertificatePage } from '../documents/CertificatePage';
import { HistoryPage } from '../documents/HistoryPage';
import { ReportPage } from '../reports/ReportPage';
import { AccountPage } from '../account/AccountPage';
import { TwoStepPage } from '../account/TwoStepPage';
import { LessonsPage } from '../lessons/LessonsPage';
import { JobsPage } from '../jobs/JobsPage';
import { LowAttendancePage } from './LowAttendancePage';
import { OnlyFor } from './OnlyFor';

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
      loginPage={LoginPage}
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
        <Route path="/reports/*" element={<ReportPage />} />
        <Route path="/historico/:student/registrar" element={only('students.write', <HistoryPage />)} />
        <Route path="/certificado/:student/registrar" element={only('students.write', <CertificatePage />)} />
        <Route path="/minha-conta" element={<AccountPage />} />
        <Route path="/minha-conta/duas-etapas" element={<TwoStepPage />} />
        <Route path="/minhas-aulas/*" element={<LessonsPage />} />
        <Route path="/tarefas" element={only('settings.manage', <JobsPage />)} />
        <Route path="/baixa-frequencia" element={only('reports.general', <LowAttendancePage />)} />
      </CustomRoutes>
    </Admin>
  );
}
