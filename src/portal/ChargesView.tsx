import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { formatBRL, formatDate } from '../format';
import type { Charge, Charges } from './api';

const METHOD_NAMES: Record<string, string> = { pix: 'PIX', boleto: 'Boleto', card: 'Cartão de crédito' };
export const methodName = (method: string | null) => (method ? (METHOD_NAMES[method.toLowerCase()] ?? method) : '');

function OpenCharge({ charge, onPay }: { charge: Charge; onPay: (charge: Charge) => void }) {
  const grown = charge.overdue && charge.amount_due_today !== charge.value;
  return (
    <Card variant="outlined" component="li" sx={{ borderColor: charge.overdue ? 'error.main' : undefined }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{charge.description}</Typography>
          {charge.overdue && <Chip size="small" color="error" label="Vencida" />}
        </Stack>
        <Typography variant="body2" color={charge.overdue ? 'error' : 'text.secondary'}>
          Vencimento: {formatDate(charge.due_date)}
        </Typography>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-end" spacing={1} sx={{ mt: 1 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              Valor hoje
            </Typography>
            <Typography variant="h6" component="p">
              {formatBRL(charge.amount_due_today)}
            </Typography>
            {grown && (
              <Typography variant="caption" color="text.secondary">
                Valor original {formatBRL(charge.value)}, com multa e juros
              </Typography>
            )}
          </Box>
          <Button variant="contained" onClick={() => onPay(charge)} aria-label={`Pagar ${charge.description}`}>
            Pagar
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PaidCharge({
  charge,
  onReceipt,
  onInvoice,
}: {
  charge: Charge;
  onReceipt: (charge: Charge) => void;
  onInvoice?: (charge: Charge) => void;
}) {
  const how = methodName(charge.payment_method);
  return (
    <Card variant="outlined" component="li">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{charge.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              Pago em {formatDate(charge.paid_at)} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatBRL(charge.paid_value ?? charge.value)}
              </Box>
              {how ? ` · ${how}` : ''}
            </Typography>
          </Box>
          {charge.receipt_url && (
            <Button
              startIcon={<ReceiptIcon />}
              onClick={() => onReceipt(charge)}
              aria-label={`Recibo de ${charge.description}`}
              sx={{ flexShrink: 0 }}
            >
              Recibo
            </Button>
          )}
          {charge.nfse && onInvoice && (
            <Button
              onClick={() => onInvoice(charge)}
              aria-label={`Nota fiscal nº ${charge.nfse.number} de ${charge.description}`}
              sx={{ flexShrink: 0 }}
            >
              Nota fiscal
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 } as const;

/** Financeiro: the open charges (amount due today, the overdue marked, Pagar) and the paid ones (Recibo). */
export function ChargesView({
  charges,
  onPay,
  onReceipt,
  onInvoice,
}: {
  charges: Charges;
  onPay: (charge: Charge) => void;
  onReceipt: (charge: Charge) => void;
  /** The DANFSe of a paid charge's service invoice, beside its receipt. */
  onInvoice?: (charge: Charge) => void;
}) {
  const overdue = charges.open.filter((c) => c.overdue);
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="em-aberto">
        <Typography variant="h6" component="h2" id="em-aberto" sx={{ mb: 1 }}>
          Em aberto
        </Typography>
        {overdue.length > 0 && (
          <Typography color="error" sx={{ mb: 1 }}>
            {overdue.length === 1 ? '1 cobrança vencida' : `${overdue.length} cobranças vencidas`}:{' '}
            {formatBRL(overdue.reduce((sum, c) => sum + c.amount_due_today, 0))} hoje.
          </Typography>
        )}
        {charges.open.length === 0 ? (
          <Typography>Nenhuma cobrança em aberto.</Typography>
        ) : (
          <Box component="ul" sx={listSx}>
            {charges.open.map((c) => (
              <OpenCharge key={c.id} charge={c} onPay={onPay} />
            ))}
          </Box>
        )}
      </Box>
      <Box component="section" aria-labelledby="pagas">
        <Typography variant="h6" component="h2" id="pagas" sx={{ mb: 1 }}>
          Pagas
        </Typography>
        {charges.paid.length === 0 ? (
          <Typography>Nenhum pagamento registrado.</Typography>
        ) : (
          <Box component="ul" sx={listSx}>
            {charges.paid.map((c) => (
              <PaidCharge key={c.id} charge={c} onReceipt={onReceipt} onInvoice={onInvoice} />
            ))}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
