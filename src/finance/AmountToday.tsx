import { Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../resources/format';
import { apiRequest } from '../api/http';
import type { Charge, ChargeState } from './charges';

/** What `GET /financials/{id}/amount-due` answers, in centavos (issue 27). */
export interface AmountDue {
  principal: number;
  discount: number;
  fine: number;
  interest: number;
  total: number;
}

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
 * The "Valor hoje" cell of an unpaid charge: today's total, asked of the server, which alone applies the money rules;
 * its parts in the tooltip. Shown when the charge is overdue (fine and interest) or when today's total is not its
 * value (a scholarship, the punctuality discount); otherwise, and for a paid charge, a dash.
 */
export function AmountToday({ charge, state }: { charge: Pick<Charge, 'id'>; state: ChargeState }) {
  const [due, setDue] = useState<AmountDue | null>(null);
  const unpaid = state !== 'paid';
  useEffect(() => {
    if (!unpaid) return;
    let live = true;
    apiRequest<AmountDue>(`/financials/${charge.id}/amount-due`)
      .then((answer) => live && typeof answer?.total === 'number' && setDue(answer))
      .catch(() => live && setDue(null));
    return () => {
      live = false;
    };
  }, [charge.id, unpaid]);
  if (!unpaid || !due || (state !== 'overdue' && due.total === due.principal)) return <>—</>;
  return (
    <Tooltip title={partsText(due)}>
      <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
        {formatBRL(due.total)}
      </Typography>
    </Tooltip>
  );
}
