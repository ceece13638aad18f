import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { ALL_ROWS } from '../../dataProvider';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import type { RolloverAnswer, RolloverLine, SuccessorProposal } from '../../resources/next-year';
import { RolloverResult } from './RolloverResult';

interface Year {
  id: number;
  year: number;
}
type Row = RolloverLine & { chosen: boolean; from: SuccessorProposal['from_team'] };

/** Next year's team for the promoted (the successor made from this one) and for the retained (same grid). */
function prefill(proposals: SuccessorProposal[], targets: { id: number; grid_id: number }[]): Row[] {
  return proposals.map((p) => {
    const promoted = p.existing?.id ?? null;
    const retained = targets.find((t) => t.grid_id === p.from_team.grid_id && t.id !== promoted)?.id ?? null;
    return {
      from: p.from_team,
      from_team_id: p.from_team.id,
      promoted_team_id: promoted,
      retained_team_id: retained,
      chosen: p.from_team.closed && (promoted !== null || retained !== null),
    };
  });
}

/**
 * "Rematrícula automática": the target year, each closed team's targets (prefilled from the successors), the dry run
 * per student ("Simular"), then the run ("Confirmar") and its summary.
 */
export function RolloverDialog({ yearId, years, onClose }: { yearId: number; years: Year[]; onClose: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const [toId, setToId] = useState<number | null>(years[0]?.id ?? null);
  // Applying plans is the finance permission's (the server answers 403 without it): offered only with it.
  const mayApplyPlans = useAllows()('finance.write');
  const [applyPlans, setApplyPlans] = useState(mayApplyPlans);
  const [rows, setRows] = useState<Row[]>([]);
  const [preview, setPreview] = useState<RolloverAnswer | null>(null);
  const [done, setDone] = useState<RolloverAnswer | null>(null);
  const { data: proposals } = useQuery({
    queryKey: ['anos-letivos', yearId, 'sucessoras', toId],
    queryFn: () => api.getSuccessors(yearId, toId!),
    enabled: toId !== null,
  });
  const { data: targets } = useGetList(
    'turmas',
    {
      pagination: { page: 1, perPage: ALL_ROWS },
      sort: { field: 'name', order: 'ASC' },
      filter: { school_year_id: toId },
    },
    { enabled: toId !== null },
  );
  useEffect(() => {
    if (proposals && targets)
      setRows(
        prefill(
          proposals,
          targets.map((t) => ({ id: Number(t.id), grid_id: Number(t.grid_id) })),
        ),
      );
    setPreview(null);
  }, [proposals, targets]);
  const lines = rows
    .filter((r) => r.chosen)
    .map(({ from_team_id, promoted_team_id, retained_team_id }) => ({
      from_team_id,
      promoted_team_id,
      retained_team_id,
    }));
  const run = useMutation({
    mutationFn: (dryRun: boolean) =>
      api.rollover(yearId, { to_year_id: toId!, teams: lines, apply_plans: applyPlans, dry_run: dryRun }),
    onSuccess: async (answer, dryRun) => {
      if (dryRun) return setPreview(answer);
      setDone(answer);
      notify(answer.message ?? 'Rematrícula concluída.', { type: 'success' });
      for (const key of ['turmas', 'alunos', 'matriculas']) await queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  const set = (i: number, patch: Partial<Row>) => {
    setRows((all) => all.map((r, n) => (n === i ? { ...r, ...patch } : r)));
    setPreview(null);
  };
  const teamChoice = (
    label: string,
    value: number | null,
    onChange: (id: number | null) => void,
    disabled: boolean,
  ) => (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="">Nenhuma</MenuItem>
      {(targets ?? []).map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {String(t.name)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="rematricula-titulo">
      <DialogTitle id="rematricula-titulo">Rematrícula automática</DialogTitle>
      <DialogContent>
        {done ? (
          <RolloverResult answer={done} done />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              size="small"
              label="Ano letivo de destino"
              value={toId ?? ''}
              onChange={(e) => setToId(Number(e.target.value))}
              sx={{ maxWidth: 240 }}
            >
              {years.map((y) => (
                <MenuItem key={y.id} value={y.id}>
                  {y.year}
                </MenuItem>
              ))}
            </TextField>
            {proposals && proposals.length === 0 && <Alert severity="info">Este ano letivo não tem turmas.</Alert>}
            {rows.length > 0 && (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Turmas da rematrícula">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">Incluir</TableCell>
                      <TableCell>Turma atual</TableCell>
                      <TableCell>Aprovados para</TableCell>
                      <TableCell>Retidos para</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r, i) => (
                      <TableRow key={r.from_team_id}>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={r.chosen}
                            disabled={!r.from.closed}
                            onChange={(e) => set(i, { chosen: e.target.checked })}
                            inputProps={{ 'aria-label': `Incluir ${r.from.name}` }}
                          />
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>
                          {r.from.name}
                          {!r.from.closed && (
                            <Alert severity="warning" sx={{ mt: 0.5, py: 0 }}>
                              Turma não encerrada
                            </Alert>
                          )}
                        </TableCell>
                        <TableCell>
                          {teamChoice(
                            'Aprovados',
                            r.promoted_team_id,
                            (id) => set(i, { promoted_team_id: id }),
                            !r.chosen,
                          )}
                        </TableCell>
                        <TableCell>
                          {teamChoice(
                            'Retidos',
                            r.retained_team_id,
                            (id) => set(i, { retained_team_id: id }),
                            !r.chosen,
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {mayApplyPlans && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={applyPlans}
                    onChange={(e) => (setApplyPlans(e.target.checked), setPreview(null))}
                  />
                }
                label="Aplicar o plano de pagamento da nova turma"
              />
            )}
            {preview && <RolloverResult answer={preview} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done ? 'Fechar' : 'Cancelar'}</Button>
        {!done && (
          <>
            <Button disabled={!lines.length || run.isPending} onClick={() => run.mutate(true)}>
              Simular
            </Button>
            <Button variant="contained" disabled={!preview || run.isPending} onClick={() => run.mutate(false)}>
              Confirmar
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
