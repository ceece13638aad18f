import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { MoneyInput } from '../components/MoneyInput';
import { useServerWrite, type FieldErrors } from '../components/serverErrors';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { formatBRL, formatDate } from '../../resources/format';

/** An enrolment's scholarship as `GET /registrations/{id}/scholarship` answers it (issue 27). */
export interface Scholarship {
  kind: 'percent' | 'amount';
  /** The percent (10 = 10 %) or reais. */
  value: number;
  reason: string | null;
  valid_from: string | null;
  valid_until: string | null;
}

const FIELDS = ['kind', 'value', 'reason', 'valid_from', 'valid_until'];

/** "50,5% — Irmãos (de 01/01/2027 a 31/12/2027)", or "R$ 150,00 …". */
export function scholarshipText(s: Scholarship): string {
  const value = s.kind === 'percent' ? `${String(s.value).replace('.', ',')}%` : formatBRL(Math.round(s.value * 100));
  const from = s.valid_from ? ` de ${formatDate(s.valid_from)}` : '';
  const until = s.valid_until ? ` até ${formatDate(s.valid_until)}` : '';
  return `${value}${s.reason ? ` — ${s.reason}` : ''}${from || until ? ` (válida${from}${until})` : ''}`;
}

interface Draft {
  kind: 'percent' | 'amount';
  value: string;
  reason: string;
  valid_from: string;
  valid_until: string;
}

const draftOf = (s: Scholarship | null): Draft => ({
  kind: s?.kind ?? 'percent',
  value: s ? (s.kind === 'amount' ? s.value.toFixed(2) : String(s.value)).replace('.', ',') : '',
  reason: s?.reason ?? '',
  valid_from: s?.valid_from ?? '',
  valid_until: s?.valid_until ?? '',
});

function ScholarshipDialog({
  registrationId,
  current,
  onClose,
}: {
  registrationId: number;
  current: Scholarship | null;
  onClose: (changed: boolean) => void;
}) {
  const api = useApi();
  const write = useServerWrite();
  const [draft, setDraft] = useState(() => draftOf(current));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // 'Remover bolsa' asks first, as every deletion does (spec §2.9).
  const [removing, setRemoving] = useState(false);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: event.target.value });
    setErrors({ ...errors, [key]: '' });
  };
  const run = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    const result = await write(
      () =>
        method === 'PUT'
          ? api.saveScholarship(registrationId, {
              ...draft,
              valid_from: draft.valid_from || null,
              valid_until: draft.valid_until || null,
            })
          : api.removeScholarship(registrationId),
      { fallback: 'Erro ao salvar a bolsa.', fields: FIELDS },
    );
    setBusy(false);
    if (result.ok) onClose(true);
    else setErrors(result.errors);
  };
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: set(key),
    error: Boolean(errors[key]),
    helperText: errors[key] || undefined,
  });
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="bolsa-titulo">
      <DialogTitle id="bolsa-titulo">Bolsa da matrícula</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Tipo da bolsa" {...field('kind')}>
            <MenuItem value="percent">Percentual (%)</MenuItem>
            <MenuItem value="amount">Valor fixo (R$)</MenuItem>
          </TextField>
          {draft.kind === 'amount' ? (
            <MoneyInput
              label="Valor da bolsa (R$)"
              {...field('value')}
              onChange={(value) => set('value')({ target: { value } })}
            />
          ) : (
            <TextField
              label="Percentual da bolsa (%)"
              {...field('value')}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }}
            />
          )}
          <TextField label="Motivo" {...field('reason')} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label="Válida de"
              {...field('valid_from')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              label="Válida até"
              {...field('valid_until')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Vale para as parcelas com vencimento dentro da validade; sem datas, para todas.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        {current && (
          <Button color="error" onClick={() => setRemoving(true)} disabled={busy} sx={{ mr: 'auto' }}>
            Remover bolsa
          </Button>
        )}
        <Button onClick={() => onClose(false)}>Cancelar</Button>
        <Button variant="contained" onClick={() => void run('PUT')} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
      <ConfirmDeleteDialog
        open={removing}
        busy={busy}
        onConfirm={() => {
          setRemoving(false);
          void run('DELETE');
        }}
        onCancel={() => setRemoving(false)}
      />
    </Dialog>
  );
}

/** The "Bolsa" line of an enrolment on the MATRÍCULAS tab: who may see charges sees it; Financeiro edits it. */
export function ScholarshipLine({ registrationId }: { registrationId: number }) {
  const allows = useAllows();
  const canRead = allows('finance.read');
  const canWrite = allows('finance.write');
  const api = useApi();
  const [editing, setEditing] = useState(false);
  // Under the student's resource: the charges' screens and a saved scholarship refresh it with the record.
  const { data, isError } = useQuery({
    queryKey: ['alunos', 'matriculas', registrationId, 'bolsa'],
    queryFn: () => api.getScholarship(registrationId),
    enabled: canRead,
    retry: false,
  });
  // Unreadable, the line says "nenhuma", as before.
  const scholarship: Scholarship | null | undefined = isError ? null : data;
  if (!canRead || scholarship === undefined) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
      <Typography variant="body2">Bolsa: {scholarship ? scholarshipText(scholarship) : 'nenhuma'}</Typography>
      {canWrite && (
        <Button size="small" onClick={() => setEditing(true)}>
          {scholarship ? 'Editar bolsa' : 'Conceder bolsa'}
        </Button>
      )}
      {editing && (
        <ScholarshipDialog registrationId={registrationId} current={scholarship} onClose={() => setEditing(false)} />
      )}
    </Stack>
  );
}
