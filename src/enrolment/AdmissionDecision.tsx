import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';

/** What the office is told before accepting: what the acceptance creates. */
const ACCEPT_TEXT =
  'Aceitar cadastra o aluno (Ativo) e o responsável — ou usa o já cadastrado com o mesmo CPF — como responsável ' +
  'financeiro, e envia o convite para o Portal das famílias, onde a família assina o contrato e paga a primeira parcela.';

/** Aceitar / Recusar on an undecided admission's page; a decided one shows what was decided. */
export function AdmissionDecision() {
  const record = useRecordContext();
  const api = useApi();
  const write = useServerWrite();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const id = Number(record.id);
  const undecided = record.status === 'pendente' || record.status === 'espera';
  const accept = async () => {
    setBusy(true);
    await write(() => api.acceptAdmission(id), { fallback: 'Não foi possível aceitar o pedido.', fields: [] });
    setBusy(false);
  };
  const decline = async () => {
    setBusy(true);
    const result = await write(() => api.declineAdmission(id, reason), {
      fallback: 'Não foi possível recusar o pedido.',
      fields: ['reason'],
    });
    setBusy(false);
    if (result.ok) setDeclining(false);
    else setError(result.errors?.reason);
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <CardContent>
        {undecided ? (
          <Stack spacing={2}>
            <Typography variant="body2">{ACCEPT_TEXT}</Typography>
            {record.status === 'espera' && (
              <Alert severity="info">
                Este pedido está na lista de espera: só pode ser aceito quando houver vaga livre na turma.
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={busy} onClick={accept}>
                Aceitar
              </Button>
              <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={() => setDeclining(true)}>
                Recusar
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography>
            {record.status === 'aceita'
              ? 'Pedido aceito: a família continua no Portal das famílias (contrato, assinatura e pagamento).'
              : 'Pedido recusado: o motivo foi enviado por e-mail à família.'}
          </Typography>
        )}
      </CardContent>
      <Dialog open={declining} onClose={() => setDeclining(false)} fullWidth maxWidth="sm">
        <DialogTitle>Recusar o pedido de matrícula</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            A família recebe o motivo por e-mail.
          </Typography>
          <TextField
            label="Motivo da recusa"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            multiline
            minRows={3}
            fullWidth
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(false)}>Cancelar</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={decline}>
            Recusar pedido
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
