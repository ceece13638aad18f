import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { upper } from '../format';
import { historyVerdict, type HistoryData } from '../../resources/history';
import { frequencyText } from '../../resources/standing';
import { MONTH_NAMES } from '../../resources/format';

export type { HistoryData };

export interface HistoryPlace {
  city: string;
  uf: string;
  day: string;
  month: string;
  year: string;
  average: string;
}

const cell = { border: 1, borderColor: 'grey.400', px: 1, py: 0.5 } as const;

/**
 * What the issued history will show: header, disciplines × stages with the frequency and the result (judged
 * against the passing average typed in the form, as the PDF does), totals and the place and date.
 */
export function HistoryPreview({
  data,
  place,
  code,
}: {
  data: HistoryData;
  place: HistoryPlace;
  code?: string | null;
}) {
  const month = MONTH_NAMES[Number(place.month) - 1];
  const date =
    place.city && place.day && month && place.year
      ? `${place.city} - ${place.uf}, ${Number(place.day)} de ${month} de ${place.year}.`
      : '';
  return (
    <Box
      component="section"
      aria-label="Prévia do histórico"
      sx={{ border: 1, borderColor: 'divider', p: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="subtitle2" align="center">
        {data.school.name}
      </Typography>
      <Typography variant="h6" component="h2" align="center" gutterBottom>
        HISTÓRICO ESCOLAR
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 2,
          mb: 2,
          '& p': { fontSize: 14 },
        }}
      >
        <Typography>
          <strong>Nome:</strong> {upper(data.student.name)}
        </Typography>
        <Typography>
          <strong>Mãe:</strong> {data.student.mother}
        </Typography>
        <Typography>
          <strong>Naturalidade:</strong> {data.student.naturalness}
        </Typography>
        <Typography>
          <strong>Nascimento:</strong> {data.student.birthDate}
        </Typography>
        <Typography>
          <strong>CPF:</strong> {data.student.cpf}
        </Typography>
        <Typography>
          <strong>Turma:</strong> {upper(data.team.name)}
          {data.team.course ? ` — ${data.team.course}` : ''}
        </Typography>
        <Typography>
          <strong>Código de validação:</strong> {code ?? 'gerado ao salvar'}
        </Typography>
        <Typography>
          <strong>Etapas:</strong> {data.ordinals || '—'}
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Notas do histórico" sx={{ '& td, & th': cell }}>
          <TableHead>
            <TableRow>
              <TableCell rowSpan={2}>Disciplina</TableCell>
              <TableCell rowSpan={2} align="center">
                C.H.
              </TableCell>
              {data.stages.map((s) => (
                <TableCell key={s} colSpan={2} align="center">
                  {s}ª etapa
                </TableCell>
              ))}
              <TableCell rowSpan={2} align="center">
                Frequência
              </TableCell>
              <TableCell rowSpan={2} align="center">
                Resultado
              </TableCell>
            </TableRow>
            <TableRow>
              {data.stages.flatMap((s) => [
                <TableCell key={`${s}-w`} align="center">
                  C.H.
                </TableCell>,
                <TableCell key={`${s}-g`} align="center">
                  Nota
                </TableCell>,
              ])}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.discipline}>
                <TableCell>{upper(row.discipline)}</TableCell>
                <TableCell align="center">{row.workload}</TableCell>
                {row.cells.flatMap((c) => [
                  <TableCell key={`${c.stage}-w`} align="center">
                    {c.workload ?? '—'}
                  </TableCell>,
                  <TableCell key={`${c.stage}-g`} align="center">
                    {c.grade ?? '—'}
                  </TableCell>,
                ])}
                <TableCell align="center">{frequencyText(row.frequency)}</TableCell>
                <TableCell align="center">{historyVerdict(row, data.minimum, place.average) || '—'}</TableCell>
              </TableRow>
            ))}
            {data.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4 + data.stages.length * 2}>A grade desta turma não tem disciplinas.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', gap: 4, mt: 1.5, flexWrap: 'wrap' }}>
        <Typography>
          <strong>Carga horária total:</strong> {data.totalWorkload} h
        </Typography>
        <Typography>
          <strong>Média de aprovação:</strong> {place.average || '0'}
        </Typography>
        <Typography>
          <strong>Frequência mínima:</strong> {data.minimum}%
        </Typography>
      </Box>
      {date && (
        <Typography align="right" sx={{ mt: 2 }}>
          {date}
        </Typography>
      )}
    </Box>
  );
}
