import {
  Box,
  Chip,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReportCard, Verdict } from './api';
import { gradeText, percentText } from './numbers';

type Discipline = ReportCard['disciplines'][number];

const VERDICT_COLOUR: Record<Verdict, 'default' | 'success' | 'error'> = {
  '': 'default',
  'EM CURSO': 'default',
  APROVADO: 'success',
  REPROVADO: 'error',
  'REPROVADO POR FALTA': 'error',
};

function Result({ result }: { result: Verdict }) {
  if (!result) return <>—</>;
  return <Chip size="small" label={result} color={VERDICT_COLOUR[result]} variant="outlined" />;
}

const belowAverage = (d: Discipline, card: ReportCard) => d.average !== null && d.average < card.minimum_average;
const belowFrequency = (d: Discipline, card: ReportCard) =>
  d.frequency !== null && d.frequency < card.minimum_attendance;
const warn = (on: boolean) => (on ? { color: 'error.main', fontWeight: 700 } : undefined);

/** A phone: each discipline as a block — its grades by stage in a row, then average, absences and frequency. */
function PhoneCard({ card }: { card: ReportCard }) {
  return (
    <List disablePadding aria-label="Boletim">
      {card.disciplines.map((d) => (
        <ListItem key={d.id} divider disableGutters sx={{ display: 'block' }}>
          <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
            <Typography sx={{ fontWeight: 700 }}>{d.name}</Typography>
            <Result result={d.result} />
          </Stack>
          <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            {card.stages.map((stage, i) => (
              <Box key={stage.id}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {stage.name}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {gradeText(d.grades[i])}
                </Typography>
              </Box>
            ))}
            <Box>
              <Typography component="dt" variant="caption" color="text.secondary">
                Média
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, ...warn(belowAverage(d, card)) }}>
                {gradeText(d.average)}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="caption" color="text.secondary">
                Faltas
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {d.absences}
              </Typography>
            </Box>
            <Box>
              <Typography component="dt" variant="caption" color="text.secondary">
                Frequência
              </Typography>
              <Typography component="dd" sx={{ m: 0, ...warn(belowFrequency(d, card)) }}>
                {percentText(d.frequency)}
              </Typography>
            </Box>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

function WideCard({ card }: { card: ReportCard }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Boletim">
        <TableHead>
          <TableRow>
            <TableCell>Disciplina</TableCell>
            {card.stages.map((s) => (
              <TableCell key={s.id} align="center">
                {s.name}
              </TableCell>
            ))}
            <TableCell align="center">Média</TableCell>
            <TableCell align="center">Faltas</TableCell>
            <TableCell align="center">Frequência</TableCell>
            <TableCell>Resultado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {card.disciplines.map((d) => (
            <TableRow key={d.id}>
              <TableCell component="th" scope="row">
                {d.name}
              </TableCell>
              {card.stages.map((s, i) => (
                <TableCell key={s.id} align="center">
                  {gradeText(d.grades[i])}
                </TableCell>
              ))}
              <TableCell align="center" sx={{ fontWeight: 700, ...warn(belowAverage(d, card)) }}>
                {gradeText(d.average)}
              </TableCell>
              <TableCell align="center">{d.absences}</TableCell>
              <TableCell align="center" sx={warn(belowFrequency(d, card))}>
                {percentText(d.frequency)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Result result={d.result} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Boletim: grades by stage, average, absences, frequency and result, as the school publishes them. */
export function ReportCardView({ card }: { card: ReportCard }) {
  // Nine columns need a laptop's width: a phone or a small tablet reads a block per discipline.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (!card.team) return <Typography>O aluno não tem matrícula ativa: não há boletim para mostrar.</Typography>;
  // "8º ano A — 2026" already says the year.
  const title = card.team.name.includes(String(card.team.year))
    ? card.team.name
    : `${card.team.name} (${card.team.year})`;
  const waiting = card.stages.filter((s) => s.published === false).map((s) => s.name);
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="h6" component="h2">
          Boletim — {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Média para aprovação: {gradeText(card.minimum_average)} · Frequência mínima:{' '}
          {percentText(card.minimum_attendance).replace(',0%', '%')}
        </Typography>
        {waiting.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Ainda não publicadas pela escola: {waiting.join(', ')}.
          </Typography>
        )}
      </Box>
      {card.disciplines.length === 0 ? (
        <Typography>Nenhuma nota publicada ainda.</Typography>
      ) : narrow ? (
        <PhoneCard card={card} />
      ) : (
        <WideCard card={card} />
      )}
    </Stack>
  );
}
