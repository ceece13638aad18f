import { Button, Chip, MenuItem, Stack, TextField as MuiTextField, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, List, SimpleList, useListContext, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatBRL, formatDate } from '../../resources/format';
import { useApi } from '../api/useApi';
import { INVOICE_STATUS, INVOICES_RESOURCE, type InvoiceRow, type InvoiceStatus } from './invoices';

const STATUS_FILTERS: { value: string; label: string }[] = [
  { value: 'rejeitada', label: 'Rejeitadas' },
  { value: 'pendente', label: 'Em emissão' },
  { value: 'emitida', label: 'Emitidas' },
  { value: 'cancelada', label: 'Canceladas' },
  { value: 'a_cancelar', label: 'Pagamento desfeito (cancelar)' },
  { value: '', label: 'Todas' },
];

export function StatusChip({ status }: { status: InvoiceStatus }) {
  const { text, color } = INVOICE_STATUS[status];
  return <Chip size="small" color={color} label={text} variant={status === 'rejeitada' ? 'filled' : 'outlined'} />;
}

/** The situation filter: rejected ones first (the clerk's work), then the others. */
function StatusFilter(_: { source: string; alwaysOn?: boolean }) {
  const { filterValues, setFilters } = useListContext();
  const current = filterValues.cancel_suggested ? 'a_cancelar' : String(filterValues.status ?? '');
  return (
    <MuiTextField
      select
      size="small"
      label="Situação"
      value={current}
      onChange={(event) => {
        const value = event.target.value;
        setFilters(value === 'a_cancelar' ? { cancel_suggested: true } : value ? { status: value } : {}, {});
      }}
      sx={{ minWidth: 240, mb: 1 }}
    >
      {STATUS_FILTERS.map((s) => (
        <MenuItem key={s.value} value={s.value}>
          {s.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

const errorsText = (row: InvoiceRow) => row.errors.map((e) => `${e.code}: ${e.message}`).join(' ');

/** "Reenviar" of a rejected row: the same DPS sent again, and the list read again. */
function ResubmitButton({ row }: { row: InvoiceRow }) {
  const api = useApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => api.issueChargeInvoice(row.financial_id),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: [INVOICES_RESOURCE] });
    },
    onError: (failure: unknown) =>
      notify(failure instanceof Error ? failure.message : 'Não foi possível reenviar a nota.', { type: 'error' }),
  });
  if (row.status !== 'rejeitada') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={resend.isPending}
      onClick={(event) => {
        event.stopPropagation();
        resend.mutate();
      }}
      aria-label={`Reenviar a nota de ${row.student.name}, parcela ${row.quota}`}
    >
      Reenviar
    </Button>
  );
}

const chargeLink = (row: InvoiceRow) => `/admin/alunos/${row.student.id}/editar?aba=financeiro`;

/**
 * Financeiro › Notas fiscais (`invoices.manage`): the invoices of the paid charges, the rejected ones first (the
 * service's or the office's errors, to fix in the payer's record or the settings and resubmit). Each row opens the
 * charge's student on the FINANCEIRO tab.
 */
export function InvoicesPage() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      resource={INVOICES_RESOURCE}
      title="Notas fiscais"
      filterDefaultValues={{ status: 'rejeitada' }}
      filters={[<StatusFilter key="status" alwaysOn source="status" />]}
      actions={false}
      sort={{ field: 'id', order: 'DESC' }}
      empty={false}
      disableSyncWithLocation
    >
      {phone ? (
        <SimpleList<InvoiceRow>
          primaryText={(row) => `${row.student.name} — parcela ${row.quota}`}
          secondaryText={(row) => (
            <Stack component="span" spacing={0.5} sx={{ display: 'flex' }}>
              <span>
                {formatBRL(row.amount_cents)} · {INVOICE_STATUS[row.status].text}
                {row.number ? ` · nº ${row.number}` : ''}
              </span>
              {row.errors.length > 0 && (
                <Typography component="span" variant="body2" color="error">
                  {errorsText(row)}
                </Typography>
              )}
            </Stack>
          )}
          tertiaryText={(row) => <ResubmitButton row={row} />}
          linkType={false}
          rowClick={(_, __, row) => chargeLink(row as InvoiceRow)}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={(_, __, row) => chargeLink(row as InvoiceRow)}>
          <FunctionField<InvoiceRow>
            label="Aluno"
            render={(row) => (
              <RouterLink to={chargeLink(row)} onClick={(event) => event.stopPropagation()}>
                {row.student.name}
              </RouterLink>
            )}
          />
          <FunctionField<InvoiceRow>
            label="Parcela"
            render={(row) => `${row.quota} (venc. ${formatDate(row.due_date)})`}
          />
          <FunctionField<InvoiceRow> label="Valor" render={(row) => formatBRL(row.amount_cents)} />
          <FunctionField<InvoiceRow> label="Situação" render={(row) => <StatusChip status={row.status} />} />
          <FunctionField<InvoiceRow> label="Número" render={(row) => row.number ?? '—'} />
          <FunctionField<InvoiceRow>
            label="Erros"
            render={(row) =>
              row.errors.length ? (
                <Typography variant="body2" color="error" sx={{ maxWidth: 420 }}>
                  {errorsText(row)}
                </Typography>
              ) : row.cancel_suggested ? (
                <Typography variant="body2">Pagamento desfeito: cancele a nota.</Typography>
              ) : (
                '—'
              )
            }
          />
          <FunctionField<InvoiceRow> label="" render={(row) => <ResubmitButton row={row} />} />
        </Datagrid>
      )}
    </List>
  );
}
