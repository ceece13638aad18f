/* The student's attendance per discipline, drawn alike in the back office's tab and in the families' portal
   (which must not load react-admin's data layer: hence a file of its own). */
import {
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { plural } from '../../resources/format';

/** One line of `GET /students/{id}/attendance`: the student's attendance in one discipline of one team. */
export interface AttendanceLine {
  registration_id: number;
  team: { id: number; name: string };
  discipline: { id: number; name: string };
  periods: number;
  absences: number;
  justified: number;
  /** Percent with one decimal; null when no lesson was given since the enrolment. */
  frequency: number | null;
}

export interface StudentAttendance {
  data: AttendanceLine[];
  /** The school's minimum attendance for approval, in percent. */
  minimum_attendance: number;
}

const percent = (value: number) => `${value.toFixed(1).replace('.', ',')}%`;
const below = (line: AttendanceLine, minimum: number) => line.frequency !== null && line.frequency < minimum;
const frequencyOf = (line: AttendanceLine) => (line.frequency === null ? '—' : percent(line.frequency));

/** Per team and discipline: lessons given, absences, justified, frequency — in red under the school's minimum. */
export function AttendanceTable({ data, minimum_attendance: minimum }: StudentAttendance) {
  // A phone has no room for six columns: each discipline as two lines, in the same order.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (data.length === 0) return <Typography>Nenhuma aula registrada nas turmas deste aluno.</Typography>;
  const failing = data.filter((line) => below(line, minimum));
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color={failing.length ? 'error' : 'text.secondary'}>
        {failing.length
          ? `Abaixo da frequência mínima (${minimum}%) em ${failing.map((l) => l.discipline.name).join(', ')}.`
          : `Frequência mínima para aprovação: ${minimum}%.`}
      </Typography>
      {phone ? (
        <List dense disablePadding aria-label="Frequência do aluno">
          {data.map((line) => (
            <ListItem key={`${line.registration_id}:${line.discipline.id}`} divider disableGutters>
              <ListItemText
                primary={`${line.discipline.name}: ${frequencyOf(line)}`}
                secondary={`${line.team.name} · ${plural(line.periods, 'aula', 'aulas')} · ${plural(line.absences, 'falta', 'faltas')} (${plural(line.justified, 'justificada', 'justificadas')})`}
                slotProps={{ primary: { color: below(line, minimum) ? 'error' : undefined } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Table size="small" aria-label="Frequência do aluno">
          <TableHead>
            <TableRow>
              {['Turma', 'Disciplina', 'Aulas dadas', 'Faltas', 'Justificadas', 'Frequência'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((line) => (
              <TableRow key={`${line.registration_id}:${line.discipline.id}`}>
                <TableCell>{line.team.name}</TableCell>
                <TableCell>{line.discipline.name}</TableCell>
                <TableCell>{line.periods}</TableCell>
                <TableCell>{line.absences}</TableCell>
                <TableCell>{line.justified}</TableCell>
                <TableCell
                  sx={below(line, minimum) ? { color: 'error.main', fontWeight: 700 } : undefined}
                  aria-label={below(line, minimum) ? `${frequencyOf(line)}, abaixo do mínimo` : undefined}
                >
                  {frequencyOf(line)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
