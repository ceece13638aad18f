import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { reportByPath } from '../../reports';
import { GeneralReportPage } from './GeneralReportPage';
import { ReportFormPage } from './ReportFormPage';

/** `/admin/reports/{path}`: the registry's report of that path, a form for a file or the general report's table. */
export function ReportPage() {
  const { '*': path = '' } = useParams();
  const report = reportByPath(path);
  if (!report) {
    return (
      <Card sx={{ mt: 2 }}>
        <Title title="Relatórios" />
        <CardContent>
          <Typography variant="h6" component="h1">
            Relatório não encontrado
          </Typography>
          <Typography>Escolha um dos relatórios do painel ou do menu Relatórios.</Typography>
        </CardContent>
      </Card>
    );
  }
  // Keyed by path: moving from one report to another starts a clean form.
  return report.kind === 'table' ? (
    <GeneralReportPage key={report.path} report={report} />
  ) : (
    <ReportFormPage key={report.path} report={report} />
  );
}
