import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { formatBRL, formatDate, formatDateTime, schoolDayOf } from '../../resources/format';
import type { AmountDue } from '../../resources/receivables';
import { openBoleto, openPix, SIMULATION_NOTICE, type Charge } from './charges';
import { useApi } from '../api/useApi';
import { useFinanceCall } from './useFinanceCall';
import { PayerFixButton, payerFixOf, type PayerFix } from '../students/PayerDialog';

export type PaymentMethod = 'boleto' | 'pix';
export const NO_URL = 'URL não encontrada no response';

/** The parts of the provider's payment answer the screen shows (Mercado Pago's shape). */
export interface PaymentAnswer {
  id?: number | string;
  sandbox?: boolean;
  digitable_line?: string;
  barcode?: { content?: string };
  transaction_details?: { external_resource_url?: string | null };
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string; ticket_url?: string } };
  /** What the payment asks, in reais (the provider's shape), and when it was made. */
  transaction_amount?: number;
  date_created?: string;
  message?: string;
}

/** Where the payer pays: the boleto's page, or the PIX's ticket page (the local page in the sandbox). */
export const paymentUrl = (answer: PaymentAnswer): string | null =>
  answer.transaction_details?.external_resource_url ||
  answer.point_of_interaction?.transaction_data?.ticket_url ||
  null;

function PixCode({ code }: { code: string }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      notify('Código PIX copiado.', { type: 'success' });
    } catch {
      notify('Não foi possível copiar: selecione o código e copie manualmente.', { type: 'warning' });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        id="pix-copia-e-cola"
        label="PIX copia e cola"
        value={code}
        fullWidth
        multiline
        maxRows={4}
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(e) => e.target.select()}
      />
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
        Copiar código
      </Button>
    </Stack>
  );
}

/** What came back: a simulation notice in the sandbox, the boleto's line and link, or the PIX QR code. */
export function PaymentAnswerView({ method, answer }: { method: PaymentMethod; answer: PaymentAnswer }) {
  const url = paymentUrl(answer);
  const pix = answer.point_of_interaction?.transaction_data;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {answer.sandbox && (
        <Alert severity="warning" role="note">
          <strong>{SIMULATION_NOTICE}.</strong> Esta cobrança é do ambiente de demonstração: nenhum banco é consultado.
          {url && (
            <>
              {' '}
              <Link href={url} target="_blank" rel="noopener">
                Abrir a página de pagamento (simulação)
              </Link>
            </>
          )}
        </Alert>
      )}
      {method === 'boleto' && (
        <Box>
          {answer.digitable_line && (
            <Typography sx={{ wordBreak: 'break-all' }}>
              Linha digitável: <code>{answer.digitable_line}</code>
            </Typography>
          )}
          {url && !answer.sandbox && (
            <Link href={url} target="_blank" rel="noopener">
              Abrir o boleto
            </Link>
          )}
        </Box>
      )}
      {method === 'pix' && pix?.qr_code && (
        <Box>
          {pix.qr_code_base64 && (
            <Box
              component="img"
              src={`data:image/png;base64,${pix.qr_code_base64}`}
              alt="QR Code PIX"
              sx={{ width: 200, height: 200, display: 'block', mb: 1 }}
            />
          )}
          <PixCode code={pix.qr_code} />
        </Box>
      )}
    </Stack>
  );
}

/** "Valor R$ 500,00 + multa R$ 10,00 + juros R$ 1,67": what today's amount is made of. */
export function partsLine(a: AmountDue): string {
  return [
    `Valor ${formatBRL(a.principal)}`,
    a.discount ? `− desconto ${formatBRL(a.discount)}` : '',
    a.fine ? `+ multa ${formatBRL(a.fine)}` : '',
    a.interest ? `+ juros ${formatBRL(a.interest)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The dialog's head: what the charge asks today, with its parts when they differ from the value (a PIX of an overdue
 * charge asks the fine and interest too); or, once paid (here, on the portal or at the bank), that it was paid.
 */
function AmountHead({ charge }: { charge: Charge }) {
  if (Number(charge.paid) !== 0) {
    const received = charge.paid_parts?.total ?? charge.value_cents;
    return (
      <Alert severity="success" role="status" sx={{ mt: 2 }}>
        <AlertTitle>Pago{charge.pay_day ? ` em ${formatDate(charge.pay_day)}` : ''}</AlertTitle>
        {`${formatBRL(received)} recebidos${charge.paid_user ? ` (${charge.paid_user.name})` : ''}. Nada mais a cobrar desta pendência.`}
      </Alert>
    );
  }
  const due = charge.amount_due;
  const total = due?.total ?? charge.value_cents;
  return (
    <Box sx={{ mt: 1 }} data-testid="valor-hoje">
      <Typography>
        A pagar hoje: <strong>{formatBRL(total)}</strong>
      </Typography>
      {due && due.total !== due.principal && (
        <Typography variant="body2" color="text.secondary">
          {partsLine(due)}
        </Typography>
      )}
    </Box>
  );
}

/** A PIX made before (reopened): when, for how much, and whether today's amount is still what it asks. */
function StoredPixNote({ answer, charge }: { answer: PaymentAnswer; charge: Charge }) {
  const asked = typeof answer.transaction_amount === 'number' ? Math.round(answer.transaction_amount * 100) : null;
  const today = charge.amount_due?.total ?? charge.value_cents;
  return (
    <Alert severity={asked !== null && asked !== today ? 'warning' : 'info'} sx={{ mt: 2 }}>
      PIX já gerado{answer.date_created ? ` em ${formatDateTime(answer.date_created)}` : ''}
      {asked !== null ? `, de ${formatBRL(asked)}` : ''}.
      {asked !== null && asked !== today
        ? ` Hoje a pendência pede ${formatBRL(today)}: gere um novo PIX.`
        : ' Ele continua valendo; você pode gerar um novo.'}
    </Alert>
  );
}

interface Props {
  charge: Charge;
  method: PaymentMethod;
  onClose: () => void;
  /** An answer already at hand (stories). */
  answer?: PaymentAnswer;
}

/**
 * Boleto or PIX of one charge through `POST /mercadopago/ticket/{id}`, headed by what the charge asks today and its
 * parts. An unpaid boleto-type charge with a stored boleto warns first, with its link; the due-date option is
 * pre-checked when that boleto was tied to the charge (it has an external reference). A PIX already made shows again
 * when the dialog is reopened. The charge follows the record (read again every few seconds while the dialog is open):
 * paid meanwhile — on the portal, at the bank —, the dialog says so.
 */
export function PaymentDialog({ charge, method, onClose, answer: initial }: Props) {
  const call = useFinanceCall();
  const api = useApi();
  const notify = useNotify();
  const stored = method === 'boleto' ? openBoleto(charge) : null;
  // Reopening "Cobrar › PIX" shows the PIX already made (its QR code), not an empty dialog.
  const [storedPix] = useState(() => (method === 'pix' && !initial ? (openPix(charge) as PaymentAnswer | null) : null));
  const paid = Number(charge.paid) !== 0;
  // A due date already gone cannot be the boleto's: said in the dialog, never silently dropped.
  const dueGone = charge.due_date < schoolDayOf();
  const [useDueDate, setUseDueDate] = useState(!dueGone && (stored?.externalReference ?? false));
  const [answer, setAnswer] = useState<PaymentAnswer | null>(initial ?? storedPix);
  const [problem, setProblem] = useState<string | null>(null);
  // An incomplete payer: the refusal offers to complete them here (issue 35).
  const [fix, setFix] = useState<PayerFix | null>(null);
  const [busy, setBusy] = useState(false);
  // Made in this dialog now (not the PIX made before).
  const [fresh, setFresh] = useState(false);
  const label = method === 'boleto' ? 'boleto' : 'PIX';
  const generate = async () => {
    setBusy(true);
    setProblem(null);
    const result = await call(
      () =>
        api.generatePayment<PaymentAnswer>(charge.id, {
          method,
          date_of_expiration: method === 'boleto' && useDueDate,
        }),
      `Erro ao gerar o ${label}.`,
      { quiet: true },
    );
    setBusy(false);
    if (!result.ok) {
      setFix(payerFixOf(result.body));
      return setProblem(result.errors.student ?? null);
    }
    setAnswer(result.body);
    setFresh(true);
    const url = paymentUrl(result.body);
    if (method === 'boleto') {
      if (!url) return notify(NO_URL, { type: 'error' });
      window.open(url, '_blank', 'noopener');
    }
    notify(
      result.body.sandbox
        ? `${method === 'boleto' ? 'Boleto gerado' : 'PIX gerado'} (${SIMULATION_NOTICE.toLowerCase()}).`
        : `${method === 'boleto' ? 'Boleto gerado' : 'PIX gerado'}.`,
      { type: 'success' },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pagamento-titulo">
      <DialogTitle id="pagamento-titulo">
        {method === 'boleto' ? 'Boleto' : 'PIX'} — parcela {charge.quota ?? '—'}
      </DialogTitle>
      <DialogContent>
        <Typography>
          {charge.service_type?.name ?? 'Pendência'} · vencimento {formatDate(charge.due_date)}
        </Typography>
        <AmountHead charge={charge} />
        {!paid && stored && !answer && (
          <Alert severity="info" sx={{ mt: 2 }}>
            <strong>Já existe um boleto em aberto para esta pendência.</strong>{' '}
            {stored.url && (
              <Link href={stored.url} target="_blank" rel="noopener">
                Abrir o boleto em aberto
              </Link>
            )}{' '}
            <span>Você pode gerar um novo.</span>
          </Alert>
        )}
        {!paid && method === 'boleto' && (
          <FormControlLabel
            sx={{ mt: 1 }}
            disabled={dueGone}
            control={<Checkbox checked={useDueDate} onChange={(e) => setUseDueDate(e.target.checked)} />}
            label="Usar o vencimento da pendência"
          />
        )}
        {!paid && method === 'boleto' && dueGone && (
          <Typography variant="body2" color="text.secondary">
            O vencimento desta pendência ({formatDate(charge.due_date)}) já passou: o boleto não pode vencer nesse dia e
            terá o prazo padrão.
          </Typography>
        )}
        {problem && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              fix && (
                <PayerFixButton
                  fix={fix}
                  onSaved={() => (
                    setProblem(null),
                    notify(`Cadastro completo: gere o ${label} de novo.`, { type: 'success' })
                  )}
                />
              )
            }
          >
            {problem}
          </Alert>
        )}
        {!paid && answer && !fresh && answer === storedPix && <StoredPixNote answer={answer} charge={charge} />}
        {!paid && answer && <PaymentAnswerView method={method} answer={answer} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
        {!paid && (
          <Button variant="contained" onClick={() => void generate()} disabled={busy}>
            {answer || stored ? `Gerar novo ${label}` : `Gerar ${label}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
