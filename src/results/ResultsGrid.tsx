import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../resources/format';
import type { DisciplineResult, StudentResult, TeamResultsData } from './types';

/** A grade as the school writes it: 7.5 → "7,5"; "—" without one. */
export const gradeText = (n: number | null) => (n === null ? '—' : n.toFixed(1).replace('.', ','));

/** Dark enough on white for small text (WCAG AA), one colour per kind of verdict. */
const VERDICT_COLOR: Record<string, string> = {
  APROVADO: '#1b5e20',
  'APROVADO APÓS RECUPERAÇÃO': '#1b5e20',
  'APROVADO PELO CONSELHO': '#1b5e20',
  REPROVADO: '#b71c1c',
  'REPROVADO POR FALTA': '#b71c1c',
  'EM RECUPERAÇÃO': '#7a4100',
};

function Verdict({ verdict }: { verdict: string }) {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ display: 'block', fontWeight: 600, color: VERDICT_COLOR[verdict] ?? 'text.secondary', lineHeight: 1.3 }}
    >
      {verdict || 'Sem notas'}
    </Typography>
  );
}

/** Where the council may still decide: the numbers fail (never by attendance, the law's minimum). */
const councilMay = (d: DisciplineResult) =>
  d.verdict === 'REPROVADO' || d.verdict === 'EM RECUPERAÇÃO' || d.verdict === 'APROVADO PELO CONSELHO';

/** The make-up cell: typed as the teacher writes it, saved when the field is left (Enter too). */
function MakeupInput({
  label,
  value,
  onSave,
}: {
  label: string;
  value: number | null;
  onSave: (grade: string | null) => Promise<string | null>;
}) {
  const initial = value === null ? '' : gradeText(value);
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (typed.trim() === initial) return;
    setError(await onSave(typed.trim() || null));
  };
  return (
    <TextField
      size="small"
      label="Recuperação"
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
      }}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 4, 'aria-label': label } }}
      sx={{ mt: 0.5, width: 132 }}
    />
  );
}

export interface ResultsGridProps {
  results: TeamResultsData;
  /** Whoever grades enters make-ups; whoever holds results.manage records council decisions and closes. */
  canEnterMakeup: boolean;
  canDecide: boolean;
  /** Saves a make-up; answers the server's message for the cell when refused, null when saved. */
  onMakeup: (row: StudentResult, d: DisciplineResult, grade: string | null) => Promise<string | null>;
  onCouncil: (row: StudentResult, d: DisciplineResult) => void;
}

/**
 * "Resultado final": the whole class on one grid (students × disciplines), each cell the final grade and its
 * verdict, a make-up field only where a make-up is open, the council's button where the numbers fail, and the
 * overall result per row. On a phone the grid scrolls sideways with the student's name kept in view.
 */
export function ResultsGrid({ results, canEnterMakeup, canDecide, onMakeup, onCouncil }: ResultsGridProps) {
  const disciplines = results.data[0]?.disciplines.map((d) => d.name) ?? [];
  const open = !results.closed;
  if (!results.data.length) return <Alert severity="info">Nenhum aluno matriculado nesta turma.</Alert>;
  return (
    <Stack spacing={1}>
      {results.closed && (
        <Alert severity="info">
          Turma encerrada em {formatDateTime(results.closed_at)}
          {results.closed_by ? ` por ${results.closed_by.name}` : ''}: notas, aulas e resultados não podem mais ser
          alterados.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Média para aprovação: {gradeText(results.passing / 10)}. Frequência mínima: {results.minimum}%. A nota mostrada
        é a final: a média anual, ou a recuperação onde ela a substitui.
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label="Resultado final da turma">
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 2, minWidth: 140 }}>
                Aluno
              </TableCell>
              {disciplines.map((name) => (
                <TableCell key={name} align="center" sx={{ minWidth: 120 }}>
                  {name}
                </TableCell>
              ))}
              <TableCell align="center" sx={{ minWidth: 130 }}>
                Resultado
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {results.data.map((row) => (
              <TableRow key={row.registration_id} hover>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1, fontWeight: 500 }}
                >
                  {row.student.name}
                </TableCell>
                {row.disciplines.map((d) => (
                  <TableCell key={d.discipline_id} align="center" sx={{ verticalAlign: 'top' }}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                      {gradeText(d.final)}
                    </Typography>
                    <Verdict verdict={d.verdict} />
                    {open && canEnterMakeup && (d.makeup_needed || d.makeup !== null) && (
                      <MakeupInput
                        key={`${d.makeup}`}
                        label={`Recuperação de ${row.student.name} em ${d.name}`}
                        value={d.makeup}
                        onSave={(grade) => onMakeup(row, d, grade)}
                      />
                    )}
                    {(!open || !canEnterMakeup) && d.makeup !== null && (
                      <Typography variant="caption" sx={{ display: 'block' }}>
                        Recuperação: {gradeText(d.makeup)}
                      </Typography>
                    )}
                    {open && canDecide && councilMay(d) && (
                      <Button
                        size="small"
                        onClick={() => onCouncil(row, d)}
                        aria-label={`Conselho de classe: ${row.student.name} em ${d.name}`}
                      >
                        Conselho
                      </Button>
                    )}
                  </TableCell>
                ))}
                <TableCell align="center" sx={{ verticalAlign: 'top' }}>
                  <Verdict verdict={row.verdict} />
                  {row.dependencias.length > 0 && (
                    <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                      Dependência: {row.dependencias.join(', ')}
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
