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
        <Route path="/grades/registrar-template" element={<GridTemplateRegisterPage />} />
        <Route path="/turmas/:id/disciplinas/*" element={<TeamDisciplinesPage />} />
        <Route path="/configuracoes" element={<SchoolSettingsPage />} />
        <Route path="/reports/*" element={<ReportPage />} />
        <Route path="/historico/:student/registrar" element={<HistoryPage />} />
        <Route path="/certificado/:student/registrar" element={<CertificatePage />} />
        <Route path="/minha-conta" element={<AccountPage />} />
        <Route path="/minha-conta/duas-etapas" element={<TwoStepPage />} />
        <Route path="/minhas-aulas/*" element={<LessonsPage />} />
        <Route path="/tarefas" element={<JobsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
