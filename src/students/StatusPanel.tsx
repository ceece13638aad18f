import HistoryIcon from '@mui/icons-material/History';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { STUDENT_STATUSES } from '../../resources/students';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';

export interface StatusHistoryEntry {
  id: number;
  previous_status: string | null;
  new_status: string;
  created_at_formatted: string;
  user: { name: string };
}

/** The history table (spec: #, Status Anterior, Novo Status, Usuário, Data/Hora). */
export function StatusHistoryTable({ entries }: { entries: StatusHistoryEntry[] }) {
  if (entries.length === 0) return <Typography>Nenhum histórico de status encontrado para este aluno.</Typography>;
  return (
    <Table size="small" aria-label="Histórico de status">
      <TableHead>
        <TableRow>
          {['#', 'Status Anterior', 'Novo Status', 'Usuário', 'Data/Hora'].map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id}>
            <TableCell>{e.id}</TableCell>
            <TableCell>{e.previous_status ?? '—'}</TableCell>
            <TableCell>{e.new_status}</TableCell>
            <TableCell>{e.user.name}</TableCell>
            <TableCell>{e.created_at_formatted}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Status select sent at once (`PUT /students/{id}/status`) and the history button. */
export function StatusPanel() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useApi();
  const write = useServerWrite();
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<StatusHistoryEntry[] | null>(null);
  if (!record) return null;
  const change = async (status: string) => {
    // On failure too the student is reloaded, so the select shows what is really stored (spec).
    const result = await write(() => api.setStudentStatus(Number(record.id), status), {
      fallback: 'Erro ao atualizar status',
      fields: [],
    });
    if (!result.ok) refresh();
  };
  const openHistory = async () => {
    try {
      // Keyed under the student: a change of status (react-admin's refresh) makes it read again.
      const entries = await queryClient.fetchQuery({
        queryKey: ['alunos', Number(record.id), 'historico-de-status'],
        queryFn: () => api.getStudentStatusHistory(Number(record.id)),
      });
      setHistory(entries);
    } catch {
      notify('Erro ao carregar histórico', { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField
            select
            label="Status"
            value={String(record.status ?? '')}
            onChange={(e) => void change(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="" disabled>
              -- Selecione --
            </MenuItem>
            {STUDENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<HistoryIcon />} onClick={() => void openHistory()}>
            Histórico de status
          </Button>
        </Stack>
      </CardContent>
      <Dialog open={history !== null} onClose={() => setHistory(null)} maxWidth="md" fullWidth>
        <DialogTitle>Histórico de status</DialogTitle>
        <DialogContent>{history && <StatusHistoryTable entries={history} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setHistory(null)}>Fechar</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
