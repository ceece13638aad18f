import { Tooltip, Typography } from '@mui/material';
import { formatBRL } from '../../resources/format';
import type { AmountDue } from '../../resources/receivables';
import type { Charge, ChargeState } from './charges';

const partsText = (a: AmountDue) =>
  [
    `Valor ${formatBRL(a.principal)}`,
    a.discount ? `desconto ${formatBRL(a.discount)}` : '',
    a.fine ? `multa ${formatBRL(a.fine)}` : '',
    a.interest ? `juros ${formatBRL(a.interest)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The "Valor hoje" cell of an unpaid charge: today's total as the server priced it with the student's record (the
 * server alone applies the money rules); its parts in the tooltip. Shown when the charge is overdue (fine and
 * interest) or when today's total is not its value (a scholarship, the punctuality discount); otherwise, and for a
 * paid charge, a dash.
 */
export function AmountToday({ charge, state }: { charge: Pick<Charge, 'amount_due'>; state: ChargeState }) {
  const due = charge.amount_due;
  if (state === 'paid' || !due || (state !== 'overdue' && due.total === due.principal)) return <>—</>;
  return (
    <Tooltip title={partsText(due)}>
      <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
        {formatBRL(due.total)}
      </Typography>
    </Tooltip>
  );
}
