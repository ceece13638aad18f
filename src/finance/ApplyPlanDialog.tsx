import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { formatBRL, formatDate, parseDate } from '../../resources/format';
import { planInstalments, planStart } from '../../resources/instalments';

/** A payment plan as `GET /payment-plans` answers it. */
export interface PaymentPlan {
  id: number;
  name: string;
  instalments: number;
  value_cents: number;
  due_day: number;
  first_month: string;
  service_type?: { id: number; name: string } | null;
  payment_type?: { id: number; name: string } | null;
}

export interface PlanEnrolment {
  id: number;
  number: string;
  team: { name: string };
}

/**
 * The payment plans, sorted by name (a school has a handful), loaded once `enabled`; `given`: already at hand,
 * nothing loaded. Null until they arrive.
 */
export function usePaymentPlans(enabled: boolean, given?: PaymentPlan[]): PaymentPlan[] | null {
  const api = useApi();
  const { data, isError } = useQuery({
    queryKey: ['planos-de-pagamento', 'todos'],
    queryFn: () => api.getPaymentPlans(),
    enabled: enabled && !given,
    retry: false,
  });
  // A refused load offers no plan rather than waiting for ever.
  return given ?? data ?? (isError ? [] : null);
}

/** The instalments the server will create (the same calendar: resources/instalments.ts), quotas from 1 here. */
export function previewOf(plan: PaymentPlan, firstDue: string | null) {
  const { first, day } = planStart(plan, firstDue);
  return planInstalments(first, plan.instalments, 1, day);
}

interface Props {
  open: boolean;
  enrolments: PlanEnrolment[];
  /** The enrolment chosen beforehand (its row's button); the first one otherwise. */
  enrolmentId?: number;
  /** The plans, when the caller has them (a story); loaded from `/payment-plans` otherwise. */
  plans?: PaymentPlan[];
  /** The plan chosen when the dialog opens. */
  planId?: number;
  onClose: () => void;
}

/**
 * "Aplicar plano": choose the enrolment and the plan, optionally move the first due date, see every instalment
 * with its due date and value, then confirm (`POST /registrations/{id}/apply-plan`).
 */
export function ApplyPlanDialog({ open, enrolments, enrolmentId, onClose, ...given }: Props) {
  const plans = usePaymentPlans(open, given.plans);
  const api = useApi();
  const write = useServerWrite();
  const marks = useFieldErrors();
  const [registration, setRegistration] = useState<number | ''>(enrolmentId ?? enrolments[0]?.id ?? '');
  const [planId, setPlanId] = useState<number | ''>(given.planId ?? '');
  const [firstDue, setFirstDue] = useState('');
  const [sending, setSending] = useState(false);
  const plan = plans?.find((p) => p.id === planId);
  const firstDueIso = firstDue ? parseDate(firstDue) : null;
  const preview = plan ? previewOf(plan, firstDueIso) : [];

  const confirm = async () => {
    if (!planId) return marks.setErrors({ payment_plan_id: 'Selecione o plano de pagamento.' });
    setSending(true);
    const body = { payment_plan_id: planId, first_due_date: firstDue || null };
    const result = await write(() => api.applyPaymentPlan(registration, body), {
      fallback: 'Erro ao aplicar o plano.',
      fields: ['payment_plan_id', 'first_due_date'],
    });
    setSending(false);
    if (result.ok) onClose();
    else marks.setErrors(result.errors);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="aplicar-plano-titulo">
      <DialogTitle id="aplicar-plano-titulo">Aplicar plano de pagamento</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {enrolments.length > 1 && (
            <TextField
              select
              label="Matrícula"
              value={registration}
              onChange={(e) => setRegistration(Number(e.target.value))}
            >
              {enrolments.map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {e.number} / {e.team.name.toLocaleUpperCase('pt-BR')}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            label="Plano de pagamento"
            value={planId}
            onChange={(e) => {
              setPlanId(Number(e.target.value));
              marks.clear('payment_plan_id');
            }}
            {...marks.props('payment_plan_id')}
            helperText={
              marks.errors.payment_plan_id ??
              (plans?.length === 0 ? 'Nenhum plano cadastrado (Financeiro › Planos de pagamento).' : undefined)
            }
          >
            {(plans ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="Primeiro vencimento (opcional)"
            value={firstDue}
            onChange={(e) => {
              setFirstDue(e.target.value);
              marks.clear('first_due_date');
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            {...marks.props('first_due_date')}
            helperText={marks.errors.first_due_date ?? 'Em branco: no dia do plano, a partir do mês do plano.'}
          />
          {plan && (
            <>
              <Typography variant="body2">
                {plan.instalments} × {formatBRL(plan.value_cents)} = {formatBRL(plan.instalments * plan.value_cents)}
                {plan.service_type ? ` · ${plan.service_type.name}` : ''}
                {plan.payment_type ? ` · ${plan.payment_type.name}` : ''}
              </Typography>
              <Table size="small" aria-label="Parcelas do plano">
                <TableHead>
                  <TableRow>
                    <TableCell>Parcela</TableCell>
                    <TableCell>Vencimento</TableCell>
                    <TableCell align="right">Valor</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.map((p) => (
                    <TableRow key={p.quota}>
                      <TableCell>
                        {p.quota}/{plan.instalments}
                      </TableCell>
                      <TableCell>{formatDate(p.due_date)}</TableCell>
                      <TableCell align="right">{formatBRL(plan.value_cents)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={sending || !registration}>
          Aplicar plano
        </Button>
      </DialogActions>
    </Dialog>
  );
}
