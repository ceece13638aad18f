import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import {
  Box,
  Button,
  IconButton,
  Menu,
  MenuItem,
  Radio,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { formatBRL, formatDate, schoolDayOf } from '../../resources/format';
import { AmountToday } from './AmountToday';
import {
  BOLETO_TYPE_ID,
  chargeState,
  paidByProvider,
  paidBySimulation,
  type Charge,
  type ChargeState,
} from './charges';

export type PayAction = 'boleto' | 'pix' | 'card';

interface Props {
  charges: Charge[];
  /** Team and number, to name the table and its radio group. */
  caption: string;
  selectedId: number | null;
  onSelect: (charge: Charge) => void;
  onEdit: (charge: Charge) => void;
  onDelete: (charge: Charge) => void;
  onPay: (charge: Charge, action: PayAction) => void;
  /** "Cobrar por WhatsApp" on an unpaid charge (issue 27); absent, no such button. */
  onWhatsApp?: (charge: Charge) => void;
  /** Without the right to change charges: no edit, remove or "Cobrar" (and no "Ações" column). */
  readOnly?: boolean;
  /** Today in São Paulo (ISO); a prop so that stories and tests can fix it. */
  today?: string;
}

const ROW_COLOURS: Record<ChargeState, object> = {
  paid: { bgcolor: '#e3f4e4', '& > td:first-of-type': { boxShadow: 'inset 4px 0 #2e7d32' } },
  overdue: { bgcolor: '#fde7e7', '& > td:first-of-type': { boxShadow: 'inset 4px 0 #c62828' } },
  open: {},
};

/** A settled payment the provider took back: what happened and how much went back, for the finance clerk. */
function Reversal({ charge }: { charge: Charge }) {
  const reversal = charge.payment_reversal;
  if (!reversal) return null;
  const back = reversal.refunded_cents === null ? '' : ` (${formatBRL(reversal.refunded_cents)} devolvido)`;
  return (
    <Typography
      component="span"
      variant="body2"
      display="block"
      sx={{ color: '#8a4b00', fontWeight: 600 }}
      data-estorno={reversal.status}
    >
      {reversal.reopened ? 'Reaberta' : 'Atenção'}: pagamento {reversal.label}
      {back} em {formatDate(schoolDayOf(reversal.at))}
    </Typography>
  );
}

function PaidCell({ charge, state }: { charge: Charge; state: ChargeState }) {
  // A narrow column wraps after "em"; the date itself has no break opportunity (digits around "/").
  if (state === 'paid')
    return (
      <>
        Sim{charge.pay_day ? `, em ${formatDate(charge.pay_day)}` : ''}
        {paidBySimulation(charge) ? ' (Simulação)' : ''}
        <Reversal charge={charge} />
      </>
    );
  const divergence = charge.payment_divergence;
  if (divergence) {
    // Not paid by the provider's word alone: what arrived differs from what was asked, a person decides.
    const paid =
      divergence.paid_cents === null
        ? 'valor não informado'
        : `${formatBRL(divergence.paid_cents)}${divergence.currency && divergence.currency !== 'BRL' ? ` (${divergence.currency})` : ''} pago`;
    return (
      <Typography
        component="span"
        variant="body2"
        sx={{ color: '#8a4b00', fontWeight: 600 }}
        title={divergence.reasons.join('; ')}
      >
        Não — pagamento divergente: {paid}, esperado {formatBRL(divergence.expected_cents)}
      </Typography>
    );
  }
  return (
    <>
      {state === 'overdue' ? (
        <Typography component="span" variant="body2" sx={{ color: '#b71c1c', fontWeight: 600 }}>
          Não — vencida
        </Typography>
      ) : (
        'Não'
      )}
      <Reversal charge={charge} />
    </>
  );
}

function People({ charge }: { charge: Charge }) {
  const lines = [
    ['Criado por', charge.user?.name],
    ['Atualizado por', charge.updated_user?.name],
    ['Pago por', charge.paid_user?.name],
  ].filter(([, name]) => name);
  return (
    <>
      {lines.map(([label, name]) => (
        <Typography key={label} variant="caption" component="div" sx={{ lineHeight: 1.35, minWidth: 120 }}>
          {label}: <strong>{name}</strong>
        </Typography>
      ))}
    </>
  );
}

/**
 * The pendencies of one enrolment: paid rows green, unpaid past-due rows red (also said in words), a
 * radio to choose the charge of the receipt, and per row edit, delete and the payment links.
 */
/**
 * What a charge's payment type lets the office send (spec §4/§9): types 1 and 2 a pay link, 4 a boleto,
 * 3 (cash) nothing; a charge without a type, or of a type the office made, any of them.
 */
export function payActionsOf(charge: Pick<Charge, 'payment_type_id'>): PayAction[] {
  switch (charge.payment_type_id) {
    case 1:
    case 2:
      return ['card'];
    case 3:
      return [];
    case BOLETO_TYPE_ID:
      return ['boleto'];
    default:
      return ['boleto', 'pix', 'card'];
  }
}

/** By due date, then instalment: an overdue charge comes before the future ones, whatever its number. */
export const byDueDate = (charges: Charge[]) =>
  [...charges].sort((a, b) => a.due_date.localeCompare(b.due_date) || (a.quota ?? 0) - (b.quota ?? 0) || a.id - b.id);

const PAY_LABELS: Record<PayAction, string> = { boleto: 'Boleto', pix: 'PIX', card: 'Cartão (link)' };

/** The payment links an unpaid charge's type allows, in a menu so that the row stays narrow. */
function PayMenu({ charge, onPay }: { charge: Charge; onPay: Props['onPay'] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const quota = charge.quota ?? '—';
  const actions = payActionsOf(charge);
  if (actions.length === 0) return null;
  const choose = (action: PayAction) => {
    setAnchor(null);
    onPay(charge, action);
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-label={`Cobrar parcela ${quota}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Cobrar
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {PAY_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function PendenciesTable({
  charges,
  caption,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
  onPay,
  onWhatsApp,
  readOnly = false,
  today = schoolDayOf(),
}: Props) {
  if (charges.length === 0) return <Typography sx={{ p: 1 }}>Nenhuma pendência financeira nesta matrícula.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        sx={{ '& td, & th': { px: 0.75, fontSize: '0.8125rem' } }}
        aria-label={`Pendências financeiras da matrícula ${caption}`}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                Selecionar
              </Box>
            </TableCell>
            {[
              'Parcela',
              'Serviço',
              'Forma de pagamento',
              'Vencimento',
              'Valor',
              'Valor hoje',
              'Pago',
              'Observações',
              // Staff who created and changed the charge, and who paid it: not the student's guardians.
              'Quem registrou',
              ...(readOnly ? [] : ['Ações']),
            ].map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {byDueDate(charges).map((c) => {
            const state = chargeState(c, today);
            const quota = c.quota ?? '—';
            return (
              <TableRow
                key={c.id}
                data-situacao={state}
                selected={selectedId === c.id}
                onClick={() => onSelect(c)}
                sx={ROW_COLOURS[state]}
              >
                <TableCell padding="checkbox">
                  <Radio
                    size="small"
                    checked={selectedId === c.id}
                    onChange={() => onSelect(c)}
                    name="pendencia-selecionada"
                    value={String(c.id)}
                    slotProps={{ input: { 'aria-label': `Selecionar parcela ${quota}` } }}
                  />
                </TableCell>
                <TableCell>{quota}</TableCell>
                <TableCell>{c.service_type?.name ?? '—'}</TableCell>
                <TableCell>{c.payment_type?.name ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.due_date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBRL(c.value_cents)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <AmountToday charge={c} state={state} />
                </TableCell>
                <TableCell sx={{ minWidth: 70 }}>
                  <PaidCell charge={c} state={state} />
                </TableCell>
                <TableCell sx={{ maxWidth: 130, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {[c.observations, c.financial_observation].filter(Boolean).join('\n')}
                </TableCell>
                <TableCell>
                  <People charge={c} />
                </TableCell>
                {!readOnly && (
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Stack direction="row" alignItems="center" flexWrap="wrap" sx={{ maxWidth: 110 }}>
                      {/* What the provider paid is its record: it is not edited by hand (spec §4). */}
                      {!paidByProvider(c) && (
                        <Tooltip title="Editar">
                          <IconButton size="small" aria-label={`Editar parcela ${quota}`} onClick={() => onEdit(c)}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title="Remover">
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`Remover parcela ${quota}`}
                          onClick={() => onDelete(c)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      {state !== 'paid' && onWhatsApp && (
                        <Tooltip title="Cobrar por WhatsApp">
                          <IconButton
                            size="small"
                            color="success"
                            aria-label={`Enviar a cobrança da parcela ${quota} por WhatsApp`}
                            onClick={() => onWhatsApp(c)}
                          >
                            <WhatsAppIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {state !== 'paid' && <PayMenu charge={c} onPay={onPay} />}
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
