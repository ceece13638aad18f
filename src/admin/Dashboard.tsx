import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { Link, Navigate } from 'react-router-dom';
import { useBranding } from '../branding';
import { byMonth, byTeam, IndicatorChart, useIndicator } from './DashboardCharts';
import { menuIcon } from './icons';
import { storedPermissions } from '../../authProvider';
import { reportsFor } from '../../authProvider/access';
import { CARD_COLOURS } from './reports';
import { CensusCard } from '../census/CensusCard';
import { LowAttendanceCard } from './LowAttendanceCard';
import { ReceivablesPanel } from './ReceivablesPanel';
import { CertificateExpiryCard } from '../invoices/CertificateExpiryCard';
import { isTeacher, LESSONS_PATH } from './landing';
import { SchoolYearSelect, useSchoolYearChoice } from '../school-year/SchoolYearSelect';

/**
 * The landing after sign-in (and /admin): the school's dashboard, or for a teacher, whose day is their classes
 * and whose menu has no Gestão, Minhas aulas.
 */
export function Dashboard() {
  return isTeacher() ? <Navigate to={LESSONS_PATH} replace /> : <SchoolDashboard />;
}

/** 'Dashboard de Gestão Escolar': welcome, three indicators and the report shortcuts (spec §2.6). */
function SchoolDashboard() {
  const { data: identity } = useGetIdentity();
  const branding = useBranding();
  const students = useIndicator('studentsPerMonth', byMonth('total_students'));
  const registrations = useIndicator('registrationsPerMonth', byMonth('total_registrations'));
  // "Alunos por turma" opens on the current school year's teams; the office may choose another year, or all.
  const year = useSchoolYearChoice();
  const perTeam = useIndicator(
    'studentsPerTeam',
    byTeam,
    year.settled ? { school_year_id: year.id ?? undefined } : null,
  );
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Gestão" />
      <Typography variant="h5" component="h1" gutterBottom>
        Dashboard de Gestão Escolar
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Bem-vindo(a){identity?.fullName ? `, ${identity.fullName}` : ''}! Este é o painel de gestão da{' '}
        {branding.school_name}.
      </Typography>
      <CertificateExpiryCard />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <IndicatorChart title="Alunos cadastrados por mês" data={students} testId="grafico-alunos" />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <IndicatorChart title="Matrículas por mês" data={registrations} testId="grafico-matriculas" />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <IndicatorChart
            title="Alunos por turma"
            data={perTeam}
            testId="grafico-turmas"
            action={<SchoolYearSelect value={year.id} onChange={year.choose} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <LowAttendanceCard />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <CensusCard />
        </Grid>
      </Grid>
      <ReceivablesPanel />
      <Typography variant="h6" component="h2" id="relatorios" gutterBottom>
        Relatórios
      </Typography>
      {/* One card per report of the registry the role may open, in its order (spec §2.6). */}
      <Grid container spacing={2} component="section" aria-labelledby="relatorios">
        {reportsFor(storedPermissions()).map((report, i) => {
          const Icon = menuIcon(report.icon);
          return (
            <Grid key={report.path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card sx={{ bgcolor: CARD_COLOURS[i % CARD_COLOURS.length], color: '#fff', height: '100%' }}>
                <CardActionArea component={Link} to={`/admin/reports/${report.path}`} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Icon fontSize="large" />
                    <Typography fontWeight={600}>{report.title}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
