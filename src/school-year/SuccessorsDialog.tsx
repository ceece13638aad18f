import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, useGetList, useNotify } from 'react-admin';
import { ALL_ROWS } from '../../dataProvider';
import { useApi } from '../api/useApi';
import type { Named } from '../../resources/next-year';
import { draftOf, SuccessorsTable, type SuccessorDraft } from './SuccessorsTable';

const all = { pagination: { page: 1, perPage: ALL_ROWS }, sort: { field: 'name', order: 'ASC' as const } };
const named = (rows: { id: unknown; name?: unknown }[] = []): Named[] =>
  rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') }));

/** The first message of each line of a 422 (`teams.{i}.{field}`), by line. */
function lineErrors(error: unknown): Record<number, string> {
  const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string[]> }) : undefined;
  const out: Record<number, string> = {};
  for (const [key, messages] of Object.entries(body?.errors ?? {})) {
    const m = /^teams\.(\d+)\./.exec(key);
    if (m) out[Number(m[1])] ??= messages[0];
  }
  return out;
}

/** "Criar turmas de {ano}": the proposals of the year's teams for next year, edited and confirmed in one go. */
export function SuccessorsDialog(props: { yearId: number; to: { id: number; year: number }; onClose: () => void }) {
  const { yearId, to, onClose } = props;
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('md'));
  const { data: proposals } = useQuery({
    queryKey: ['anos-letivos', yearId, 'sucessoras', to.id],
    queryFn: () => api.getSuccessors(yearId, to.id),
  });
  const { data: grids } = useGetList('grades', all);
  const { data: polos } = useGetList('polos', all);
  const { data: plans } = useGetList('planos-de-pagamento', all);
  const [drafts, setDrafts] = useState<SuccessorDraft[]>([]);
  useEffect(() => setDrafts((proposals ?? []).map(draftOf)), [proposals]);
  const chosen = drafts.filter((d) => d.chosen && !d.existing);
  const create = useMutation({
    mutationFn: () =>
      api.createSuccessors(
        yearId,
        to.id,
        chosen.map(({ from_team, name, grid_id, polo_id, start_date, end_date, payment_plan_id }) => ({
          from_team_id: from_team.id,
          name,
          grid_id,
          polo_id,
          start_date,
          end_date,
          payment_plan_id,
        })),
      ),
    onSuccess: async (answer) => {
      notify(answer.message, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['turmas'] });
      await queryClient.invalidateQueries({ queryKey: ['anos-letivos'] });
      onClose();
    },
    onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
  });
  // The server numbers the lines among those sent: back to the table's rows.
  const sentErrors = lineErrors(create.error);
  const errors: Record<number, string> = {};
  chosen.forEach((d, i) => {
    if (sentErrors[i]) errors[drafts.indexOf(d)] = sentErrors[i];
  });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="sucessoras-titulo">
      <DialogTitle id="sucessoras-titulo">Criar turmas de {to.year}</DialogTitle>
      <DialogContent>
        {!proposals ? (
          'Carregando…'
        ) : drafts.length === 0 ? (
          <Alert severity="info">Este ano letivo não tem turmas.</Alert>
        ) : (
          <SuccessorsTable
            drafts={drafts}
            options={{ grids: named(grids), polos: named(polos), plans: named(plans) }}
            errors={errors}
            onChange={(i, d) => setDrafts((all) => all.map((x, n) => (n === i ? d : x)))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!chosen.length || create.isPending} onClick={() => create.mutate()}>
          {chosen.length === 1 ? 'Criar 1 turma' : `Criar ${chosen.length} turmas`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
