import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { formatDateTime } from '../../resources/format';
import { apiBlob, saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { CANCEL_REASONS, INVOICES_RESOURCE, type ChargeInvoice as Invoice } from './invoices';
import { StatusChip } from './InvoicesPage';

const failureText = (failure: unknown, fallback: string) =>
  failure instanceof Error && failure.message ? failure.message : fallback;

/** "Cancelar nota": the reason of the layout and, for "Outros", its words. */
function CancelDialog({
  onCancel,
  onClose,
  busy,
}: {
  onCancel: (reason: string, text?: string) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('2');
  const [text, setText] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancelar-nota-titulo">
      <DialogTitle id="cancelar-nota-titulo">Cancelar nota fiscal</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          O cancelamento é enviado ao serviço da NFS-e e não pode ser desfeito.
        </Typography>
        <TextField
          select
          fullWidth
          label="Motivo"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ mb: 2 }}
        >
          {CANCEL_REASONS.map((r) => (
            <MenuItem key={r.code} value={r.code}>
              {r.code} — {r.label}
            </MenuItem>
          ))}
        </TextField>
        {reason === '9' && (
          <TextField
            fullWidth
            multiline
            label="Descreva o motivo"
            helperText="Pelo menos 15 caracteres."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Voltar</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => onCancel(reason, text || undefined)}>
          Cancelar nota
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The NFS-e of the selected paid charge, beside its receipt on the FINANCEIRO tab: its situation, number and
 * DANFSe, the service's errors, and "Emitir nota", "Reenviar" or "Cancelar nota". Read with the student's data
 * (`['alunos', studentId, 'nfse', chargeId]`), so that react-admin's refresh reads it again.
 */
export function ChargeInvoice({ studentId, chargeId }: { studentId: number; chargeId: number }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const key = ['alunos', studentId, 'nfse', chargeId];
  const { data: invoice, isPending } = useQuery({
    queryKey: key,
    queryFn: () => api.getChargeInvoice(chargeId),
    // While it is being issued, read again until the service answers.
    refetchInterval: (query) => (query.state.data?.status === 'pendente' ? 2_000 : false),
  });
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: [INVOICES_RESOURCE] }),
    ]);
  const issue = useMutation({
    mutationFn: () => api.issueChargeInvoice(chargeId),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      return reload();
    },
    onError: (failure) => notify(failureText(failure, 'Não foi possível emitir a nota.'), { type: 'error' }),
  });
  const cancel = useMutation({
    mutationFn: ({ reason, text }: { reason: string; text?: string }) =>
      api.cancelChargeInvoice(chargeId, { reason, text }),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      setCancelling(false);
      return reload();
    },
    onError: (failure) => notify(failureText(failure, 'Não foi possível cancelar a nota.'), { type: 'error' }),
  });
  const pdf = async (doc: NonNullable<Invoice['document']>) => {
    try {
      saveBlob(await apiBlob(`/financials/${chargeId}/nfse/pdf`), doc.file_name);
    } catch (failure) {
      notify(failureText(failure, 'Erro ao baixar a nota.'), { type: 'error' });
    }
  };
  if (isPending) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1.5 }} aria-label="Nota fiscal da parcela selecionada" role="region">
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Nota fiscal:
        </Typography>
        {invoice ? <StatusChip status={invoice.status} /> : <Typography variant="body2">não emitida</Typography>}
        {invoice?.number && (
          <Typography variant="body2">
            nº {invoice.number}
            {invoice.issued_at ? `, emitida em ${formatDateTime(invoice.issued_at)}` : ''}
            {invoice.simulated ? ' (simulação, sem valor fiscal)' : ''}
          </Typography>
        )}
        {invoice?.document && (
          <Link component="button" type="button" onClick={() => void pdf(invoice.document!)} sx={{ fontWeight: 600 }}>
            DANFSe (PDF)
          </Link>
        )}
        {(!invoice || invoice.status === 'cancelada') && (
          <Button size="small" variant="outlined" disabled={issue.isPending} onClick={() => issue.mutate()}>
            Emitir nota
          </Button>
        )}
        {invoice?.status === 'rejeitada' && (
          <Button size="small" variant="outlined" disabled={issue.isPending} onClick={() => issue.mutate()}>
            Reenviar
          </Button>
        )}
        {invoice?.status === 'emitida' && (
          <Button size="small" color="error" onClick={() => setCancelling(true)}>
            Cancelar nota
          </Button>
        )}
      </Stack>
      {invoice?.errors.length ? (
        <Alert severity="error">
          {invoice.errors.map((e) => (
            <div key={`${e.code}-${e.message}`}>
              {e.code}: {e.message}
            </div>
          ))}
        </Alert>
      ) : null}
      {invoice?.cancel_suggested && (
        <Alert severity="warning">O pagamento desta parcela foi desfeito: cancele a nota fiscal, se for o caso.</Alert>
      )}
      {cancelling && (
        <CancelDialog
          busy={cancel.isPending}
          onClose={() => setCancelling(false)}
          onCancel={(reason, text) => cancel.mutate({ reason, text })}
        />
      )}
    </Stack>
  );
}
