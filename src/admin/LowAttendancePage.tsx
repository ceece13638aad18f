import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { registrationNumber } from '../../resources/format';
import { frequencyText } from '../../resources/standing';
import { useApi } from '../api/useApi';
import { upper } from '../format';

/** One student under the minimum in one discipline, as `GET /indicators/low-attendance/students` answers it. */
export interface LowAttendanceRow {
  team: string;
  discipline: string;
  registration_id: number;
  student: { id: number; name: string };
  periods: number;
  absences: number;
  justified: number;
  frequency: number;
}

export interface LowAttendanceList {
  minimum: number;
  data: LowAttendanceRow[];
}

export const LOW_ATTENDANCE_TITLE = 'Alunos com baixa frequência';
const REPORT_PATH = '/admin/reports/alunos-com-baixa-frequencia';
const studentPath = (id: number) => `/admin/alunos/${id}/show`;

/** '3 faltas em 6 aulas' (1 justificada). */
function absencesText(r: LowAttendanceRow): string {
  const absences = `${r.absences} ${r.absences === 1 ? 'falta' : 'faltas'} em ${r.periods} ${r.periods === 1 ? 'aula' : 'aulas'}`;
  if (!r.justified) return absences;
  return `${absences} (${r.justified} ${r.justified === 1 ? 'justificada' : 'justificadas'})`;
}

function StudentLink({ row }: { row: LowAttendanceRow }) {
  return (
    <MuiLink component={Link} to={studentPath(row.student.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {upper(row.student.name)}
    </MuiLink>
  );
}

/** At a desk: one row per student and discipline, as the spreadsheet has them. */
function LowAttendanceTable({ rows }: { rows: LowAttendanceRow[] }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={LOW_ATTENDANCE_TITLE}>
        <TableHead>
          <TableRow>
            <TableCell>Aluno</TableCell>
            <TableCell>Matrícula</TableCell>
            <TableCell>Turma</TableCell>
            <TableCell>Disciplina</TableCell>
            <TableCell>Faltas</TableCell>
            <TableCell align="right">Frequência</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.registration_id}-${r.discipline}`} hover>
              <TableCell component="th" scope="row">
                <StudentLink row={r} />
              </TableCell>
              <TableCell>{registrationNumber(r.registration_id)}</TableCell>
              <TableCell>{upper(r.team)}</TableCell>
              <TableCell>{upper(r.discipline)}</TableCell>
              <TableCell>{absencesText(r)}</TableCell>
              <TableCell align="right" sx={{ color: 'error.main', fontWeight: 600 }}>
                {frequencyText(r.frequency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** On a phone: a card per student and discipline, the name whole. */
function LowAttendanceCards({ rows }: { rows: LowAttendanceRow[] }) {
  return (
    <Box
      component="ul"
      aria-label={LOW_ATTENDANCE_TITLE}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {rows.map((r) => (
        <Card key={`${r.registration_id}-${r.discipline}`} component="li" variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <StudentLink row={r} />
              <Typography sx={{ color: 'error.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
                {frequencyText(r.frequency)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {upper(r.discipline)} · {upper(r.team)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Matrícula {registrationNumber(r.registration_id)} · {absencesText(r)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The list itself (a table at a desk, cards on a phone), with the way to the spreadsheet. */
export function LowAttendanceView({ list }: { list: LowAttendanceList }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const students = new Set(list.data.map((r) => r.student.id)).size;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography sx={{ flex: '1 1 320px' }}>
          {students === 0
            ? `Nenhum aluno ativo abaixo da frequência mínima da escola (${list.minimum}%).`
            : `${students} ${students === 1 ? 'aluno ativo' : 'alunos ativos'} abaixo da frequência mínima da escola (${list.minimum}%) em alguma disciplina.`}
        </Typography>
        <Button component={Link} to={REPORT_PATH} variant="outlined" startIcon={<DownloadIcon />}>
          Baixar planilha
        </Button>
      </Box>
      {list.data.length > 0 &&
        (phone ? <LowAttendanceCards rows={list.data} /> : <LowAttendanceTable rows={list.data} />)}
    </>
  );
}

/**
 * Alunos com baixa frequência, on screen (the dashboard's card opens it): who is under the school's minimum, in
 * which discipline, with the spreadsheet (and the families' contacts, for the roles that see them) a click away.
 */
export function LowAttendancePage() {
  const api = useApi();
  const { data: list, error } = useQuery({
    queryKey: ['alunos', 'baixa-frequencia', 'lista'],
    queryFn: () => api.getLowAttendanceList(),
  });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={LOW_ATTENDANCE_TITLE} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {LOW_ATTENDANCE_TITLE}
        </Typography>
        {error && <Alert severity="error">{error.message || 'Erro ao carregar a lista.'}</Alert>}
        {!error && !list && <CircularProgress aria-label="Carregando" />}
        {list && <LowAttendanceView list={list} />}
      </CardContent>
    </Card>
  );
}
