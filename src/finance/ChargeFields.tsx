import { Checkbox, FormControlLabel, Grid, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { messages, schoolDayOf } from '../../resources/format';
import { dropsCharacters } from '../resources/digitsProps';
import { MoneyInput } from '../components/MoneyInput';
import { maskCents, moneyToNumber, type Charge, type FinanceEnrolment, type Option } from './charges';
import type { FieldErrors } from './useFinanceCall';

/** A charge as its form holds it: text of the inputs (the value as typed, '1.500' or '1.234,56'; dates ISO). */
export interface ChargeDraft {
  registration_id: string;
  value: string;
  due_date: string;
  service_type_id: string;
  payment_type: string;
  paid: boolean;
  pay_day: string;
  quota: string;
  observations: string;
  financial_observation: string;
  repetitions: string;
}

export const emptyDraft = (enrolments: FinanceEnrolment[]): ChargeDraft => ({
  registration_id: enrolments.length === 1 ? String(enrolments[0].id) : '',
  value: '',
  due_date: '',
  service_type_id: '',
  payment_type: '',
  paid: false,
  pay_day: '',
  quota: '',
  observations: '',
  financial_observation: '',
  repetitions: '1',
});

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

export const draftOf = (charge: Charge): ChargeDraft => ({
  registration_id: String(charge.registration_id),
  value: maskCents(charge.value_cents),
  due_date: text(charge.due_date),
  service_type_id: text(charge.service_type_id),
  payment_type: text(charge.payment_type_id),
  paid: Number(charge.paid) !== 0,
  pay_day: text(charge.pay_day),
  quota: text(charge.quota),
  observations: text(charge.observations),
  financial_observation: text(charge.financial_observation),
  repetitions: '1',
});

const orNull = (v: string) => (v.trim() === '' ? null : v);
const idOrNull = (v: string) => (v === '' ? null : Number(v));

/** The JSON of `POST /financials` (create) or `PUT /financials/{id}` (edit); the value as a decimal number. */
export function bodyOf(draft: ChargeDraft, mode: 'create' | 'edit', repetitions = 1): Record<string, unknown> {
  const body: Record<string, unknown> = {
    registration_id: idOrNull(draft.registration_id),
    // What is no amount is sent as typed, and the server names the field.
    value: moneyToNumber(draft.value) ?? draft.value,
    due_date: draft.due_date,
    service_type_id: idOrNull(draft.service_type_id),
    payment_type: idOrNull(draft.payment_type),
    paid: draft.paid ? 1 : 0,
    observations: orNull(draft.observations),
  };
  if (draft.paid) body.pay_day = orNull(draft.pay_day);
  // The first instalment's number is optional on create: left empty, the server takes the next free one.
  if (mode === 'create')
    Object.assign(body, { repetitions }, draft.quota.trim() === '' ? {} : { quota: Number(draft.quota) });
  else
    Object.assign(body, { quota: idOrNull(draft.quota), financial_observation: orNull(draft.financial_observation) });
  return body;
}

interface Props {
  mode: 'create' | 'edit';
  draft: ChargeDraft;
  onChange: (draft: ChargeDraft) => void;
  errors: FieldErrors;
  enrolments: FinanceEnrolment[];
  serviceTypes: Option[];
  paymentTypes: Option[];
}

/** The inputs of a charge, each labelled and marked with its field error (the server's or ours). */
export function ChargeFields({ mode, draft, onChange, errors, enrolments, serviceTypes, paymentTypes }: Props) {
  const set = (patch: Partial<ChargeDraft>) => onChange({ ...draft, ...patch });
  const err = (field: string) => ({ error: Boolean(errors[field]), helperText: errors[field] });
  // The number fields keep digits only; a dropped letter is told under its field, not swallowed.
  const [dropped, setDropped] = useState<Partial<Record<'quota' | 'repetitions', boolean>>>({});
  const number = (field: 'quota' | 'repetitions', label: string, hint?: string) => (
    <TextField
      id={`${prefix}-${field}`}
      label={label}
      value={draft[field]}
      onChange={(e) => {
        setDropped((old) => ({ ...old, [field]: dropsCharacters(e.target.value) }));
        set({ [field]: e.target.value.replace(/\D/g, '').slice(0, 3) });
      }}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric' },
        formHelperText: dropped[field] && !errors[field] ? { sx: { color: 'warning.dark' } } : undefined,
      }}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? (dropped[field] ? messages.onlyDigits(label) : hint)}
    />
  );
  const prefix = mode === 'create' ? 'nova' : 'edit';
  const select = (
    field: 'registration_id' | 'service_type_id' | 'payment_type',
    label: string,
    options: { id: number; name: string }[],
  ) => (
    <TextField
      select
      id={`${prefix}-${field}`}
      label={label}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      fullWidth
      {...err(field)}
    >
      <MenuItem value="">-- Selecione --</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const date = (field: 'due_date' | 'pay_day', label: string) => (
    <TextField
      id={`${prefix}-${field}`}
      type="date"
      label={label}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
      {...err(field)}
    />
  );
  return (
    <Grid container spacing={1.5}>
      <Grid size={{ xs: 12, md: mode === 'create' ? 6 : 8 }}>
        {select(
          'registration_id',
          'Matrícula',
          enrolments.map((e) => ({ id: e.id, name: `${e.number} / ${e.team.name.toLocaleUpperCase('pt-BR')}` })),
        )}
      </Grid>
      {mode === 'edit' && <Grid size={{ xs: 12, md: 4 }}>{number('quota', 'Parcela')}</Grid>}
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <MoneyInput
          id={`${prefix}-value`}
          label="Valor"
          value={draft.value}
          onChange={(value) => set({ value })}
          fullWidth
          {...err('value')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        {date('due_date', mode === 'create' ? 'Primeiro vencimento' : 'Vencimento')}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{select('service_type_id', 'Serviço', serviceTypes)}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{select('payment_type', 'Forma de pagamento', paymentTypes)}</Grid>
      <Grid size={{ xs: 12, md: mode === 'create' ? 6 : 12 }}>
        <TextField
          id={`${prefix}-observations`}
          label="Observações"
          value={draft.observations}
          onChange={(e) => set({ observations: e.target.value })}
          fullWidth
          multiline
          maxRows={4}
          {...err('observations')}
        />
      </Grid>
      {mode === 'create' && (
        <>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            {number('quota', 'Primeira parcela', 'Em branco: a seguinte à última.')}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{number('repetitions', 'Quantidade de parcelas')}</Grid>
        </>
      )}
      {mode === 'edit' && (
        <Grid size={12}>
          <TextField
            id="edit-financial_observation"
            label="Observação financeira"
            value={draft.financial_observation}
            onChange={(e) => set({ financial_observation: e.target.value })}
            fullWidth
            multiline
            maxRows={4}
            {...err('financial_observation')}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.paid}
              onChange={(e) =>
                set({ paid: e.target.checked, pay_day: e.target.checked ? draft.pay_day || schoolDayOf() : '' })
              }
            />
          }
          label="Pago"
        />
      </Grid>
      {draft.paid && <Grid size={{ xs: 12, sm: 6 }}>{date('pay_day', 'Data de pagamento')}</Grid>}
    </Grid>
  );
}
