import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { SIMULATION_NOTICE } from '../finance/charges';
import { formatBRL } from '../format';
import { portalApi, type Charge, type Payment, type PaymentMethod } from './api';

const METHODS: { method: PaymentMethod; label: string }[] = [
  { method: 'pix', label: 'PIX' },
  { method: 'boleto', label: 'Boleto' },
  { method: 'card', label: 'Cartão de crédito' },
];

/** A code to paste in the bank's app, with a "Copiar" button: the thing a phone needs most. */
function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Código copiado. Cole no aplicativo do seu banco.');
    } catch {
      setCopied('Não foi possível copiar: selecione o código e copie.');
    }
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={value}
        multiline
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
      />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        Copiar
      </Button>
      {copied && (
        <Typography role="status" variant="body2" color="success.main">
          {copied}
        </Typography>
      )}
    </Stack>
  );
}

/** What the payment provider gave: PIX copy-and-paste and QR, the boleto's digitable line and link, or a card link. */
export function PaymentDetails({ payment }: { payment: Payment }) {
  return (
    <Stack spacing={2}>
      {/* The demo's simulation says so, as the office's PIX dialog does. */}
      {payment.sandbox && (
        <Alert severity="warning" role="note">
          {SIMULATION_NOTICE}.
        </Alert>
      )}
      {payment.pix && (
        <>
          {payment.pix.qr_code_base64 && (
            <Box
              component="img"
              src={`data:image/png;base64,${payment.pix.qr_code_base64}`}
              alt="QR code do PIX"
              sx={{ width: 220, height: 220, alignSelf: 'center', imageRendering: 'pixelated' }}
            />
          )}
          <CopyField label="PIX copia e cola" value={payment.pix.qr_code} />
        </>
      )}
      {payment.boleto && (
        <>
          <CopyField label="Linha digitável" value={payment.boleto.digitable_line} />
          <Link href={payment.boleto.url} target="_blank" rel="noopener noreferrer">
            Abrir o boleto
          </Link>
        </>
      )}
      {/* A boleto's page is often its own link, already shown above. */}
      {payment.ticket_url && payment.ticket_url !== payment.boleto?.url && (
        <Link href={payment.ticket_url} target="_blank" rel="noopener noreferrer">
          {payment.sandbox ? 'Abrir a página de pagamento (simulação)' : 'Abrir a página de pagamento'}
        </Link>
      )}
      {payment.card && (
        <Button variant="contained" component="a" href={payment.card.url} target="_blank" rel="noopener noreferrer">
          Pagar com cartão
        </Button>
      )}
    </Stack>
  );
}

/** "Pagar": choose PIX, boleto or card; the server asks the school's payment provider (as the office's "Cobrar"). */
export function PaymentDialog({
  studentId,
  charge,
  onClose,
}: {
  studentId: number;
  charge: Charge | null;
  onClose: () => void;
}) {
  const [payment, setPayment] = useState<Payment | null>(null);
  const [busy, setBusy] = useState<PaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPayment(null);
    setError(null);
  }, [charge]);
  const choose = async (method: PaymentMethod) => {
    if (!charge) return;
    setBusy(method);
    setError(null);
    try {
      setPayment(await portalApi.pay(studentId, charge.id, method));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Não foi possível gerar o pagamento.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open={charge !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pagar-titulo">
      <DialogTitle id="pagar-titulo">Pagar {charge?.description}</DialogTitle>
      <DialogContent>
        {charge && (
          <Typography sx={{ mb: 2 }}>
            Valor hoje: <strong>{formatBRL(charge.amount_due_today)}</strong>
          </Typography>
        )}
        {payment ? (
          <PaymentDetails payment={payment} />
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              Como deseja pagar?
            </Typography>
            {METHODS.map(({ method, label }) => (
              <Button
                key={method}
                variant="outlined"
                size="large"
                disabled={busy !== null}
                onClick={() => void choose(method)}
                startIcon={busy === method ? <CircularProgress size={18} /> : undefined}
              >
                {label}
              </Button>
            ))}
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {payment && <Button onClick={() => setPayment(null)}>Outra forma</Button>}
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
