import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { REQUEST_STATUSES, REQUEST_STEPS, type CampaignRequest } from '../../resources/enrolment-campaigns';

const chip = (options: typeof REQUEST_STEPS, value: string) => {
  const option = options.find((o) => o.value === value);
  return <Chip size="small" label={option?.label ?? value} color={option?.colour ?? 'default'} variant="outlined" />;
};

export interface RequestFilters {
  step: string;
  status: string;
}

/**
 * The families of a campaign, each with its step and status as chips, filtered by step and status; "Aceitar" and
 * "Devolver" on those the office reviews.
 */
export function CampaignRequests({
  rows,
  filters,
  onFilters,
  onAccept,
  onReturn,
  busy = false,
}: {
  rows: CampaignRequest[];
  filters: RequestFilters;
  onFilters(filters: RequestFilters): void;
  onAccept(row: CampaignRequest): void;
  onReturn(row: CampaignRequest, note: string): void;
  /** An acceptance or a return on its way: a second press would only meet "já foi aceito". */
  busy?: boolean;
}) {
  const [returning, setReturning] = useState<CampaignRequest | null>(null);
  const [note, setNote] = useState('');
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        <TextField
          select
          size="small"
          label="Etapa"
          value={filters.step}
          onChange={(e) => onFilters({ ...filters, step: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Todas</MenuItem>
          {REQUEST_STEPS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Situação"
          value={filters.status}
          onChange={(e) => onFilters({ ...filters, status: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Todas</MenuItem>
          {REQUEST_STATUSES.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {/* Scrolls sideways on a phone: reachable by keyboard, named for a screen reader (axe). */}
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Famílias da campanha">
        <Table size="small" aria-label="Famílias da campanha">
          <TableHead>
            <TableRow>
              <TableCell>Aluno</TableCell>
              <TableCell>Responsável</TableCell>
              <TableCell>Turma de destino</TableCell>
              <TableCell>Etapa</TableCell>
              <TableCell>Situação</TableCell>
              <TableCell>Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.student.name}</TableCell>
                <TableCell>{r.guardian?.name ?? '—'}</TableCell>
                <TableCell>{r.to_team?.name ?? '—'}</TableCell>
                <TableCell>{chip(REQUEST_STEPS, r.step)}</TableCell>
                <TableCell>{chip(REQUEST_STATUSES, r.status)}</TableCell>
                <TableCell>
                  {r.status === 'enviado' && (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="contained" disabled={busy} onClick={() => onAccept(r)}>
                        Aceitar
                      </Button>
                      <Button size="small" disabled={busy} onClick={() => setReturning(r)}>
                        Devolver
                      </Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={returning !== null} onClose={() => setReturning(null)} fullWidth>
        <DialogTitle>Devolver o pedido de {returning?.student.name}</DialogTitle>
        <DialogContent>
          <TextField
            label="Observação para a família"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReturning(null)}>Cancelar</Button>
          <Button
            variant="contained"
            disabled={!note.trim()}
            onClick={() => {
              onReturn(returning!, note.trim());
              setReturning(null);
              setNote('');
            }}
          >
            Devolver
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
