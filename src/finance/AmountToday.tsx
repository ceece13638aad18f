import { Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../resources/format';
import { apiRequest } from '../api/http';
import type { Charge } from './charges';

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
 * The "Valor hoje" cell of an overdue charge: today's total with fine and interest (and any scholarship), asked of
 * the server, which alone applies the money rules; its parts in the tooltip. Other charges show a dash.
 */
export function AmountToday({ charge, overdue }: { charge: Pick<Charge, 'id'>; overdue: boolean }) {
  const [due, setDue] = useState<AmountDue | null>(null);
  useEffect(() => {
    if (!overdue) return;
    let live = true;
    apiRequest<AmountDue>(`/financials/${charge.id}/amount-due`)
      .then((answer) => live && typeof answer?.total === 'number' && setDue(answer))
      .catch(() => live && setDue(null));
    return () => {
      live = false;
    };
  }, [charge.id, overdue]);
  if (!overdue || !due) return <>—</>;
  return (
    <Tooltip title={partsText(due)}>
      <Typography component="span" variant="inherit" sx={{ fontWeight: 600 }}>
        {formatBRL(due.total)}
      </Typography>
    </Tooltip>
  );
}
