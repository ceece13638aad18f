import { FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { MoneyInput } from '../components/MoneyInput';
import { wholeOrTyped } from './typed';

/** The school's late fine, monthly interest and punctuality discount, as `GET /school-settings` answers them. */
export interface LateFees {
  fine_percent: number;
  interest_percent: number;
  punctuality: { kind: 'percent' | 'amount'; value: number; days_before: number } | null;
}

export const LATE_FEES_DEFAULT: LateFees = { fine_percent: 2, interest_percent: 1, punctuality: null };

/** What the form holds: numbers as typed (Brazilian decimals), and the discount's switch. */
export interface LateFeesForm {
  fine_percent: string;
  interest_percent: string;
  punctual: boolean;
  kind: 'percent' | 'amount';
  value: string;
  days_before: string;
}

const decimal = (n: number, places?: number) =>
  (places === undefined ? String(n) : n.toFixed(places)).replace('.', ',');

export const lateFeesForm = (f: LateFees): LateFeesForm => ({
  fine_percent: decimal(f.fine_percent),
  interest_percent: decimal(f.interest_percent),
  punctual: f.punctuality !== null,
  kind: f.punctuality?.kind ?? 'percent',
  value: f.punctuality ? decimal(f.punctuality.value, f.punctuality.kind === 'amount' ? 2 : undefined) : '',
  days_before: String(f.punctuality?.days_before ?? 0),
});

/** The body's `late_fees`: the server reads "1,5" and "25,50"; whole days go as a number, anything else as typed. */
export function lateFeesBody(form: LateFeesForm): Record<string, unknown> {
  return {
    fine_percent: form.fine_percent.trim(),
    interest_percent: form.interest_percent.trim(),
    punctuality: form.punctual
      ? { kind: form.kind, value: form.value.trim(), days_before: wholeOrTyped(form.days_before) }
      : null,
  };
}

/**
 * "Multa, juros e descontos" on Configurações da escola (issue 27). The server answers one message for the
 * section (`errors.late_fees`), shown under it.
 */
export function LateFeeSettings({
  value,
  onChange,
  errors,
  readOnly,
}: {
  value: LateFeesForm;
  onChange: (next: LateFeesForm) => void;
  errors: Record<string, string[]>;
  /** Shown, not changed (a role without `settings.manage`): the select too, which a disabled fieldset leaves open. */
  readOnly?: boolean;
}) {
  const error = errors.late_fees?.[0];
  const set = (key: keyof LateFeesForm) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        Multa, juros e descontos
      </Typography>
      <FormHelperText sx={{ mt: 0 }}>
        Depois do vencimento: multa uma vez (no máximo 2%, CDC art. 52 § 1º) e juros simples por dia de atraso (1/30 da
        taxa mensal). Vencimento no sábado ou domingo pode ser pago na segunda-feira sem acréscimo. Nada acadêmico é
        retido por dívida (Lei 9.870/99, art. 6º).
      </FormHelperText>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Multa por atraso (%)"
          value={value.fine_percent}
          onChange={set('fine_percent')}
          helperText="De 0 a 2."
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
        />
        <TextField
          label="Juros de mora ao mês (%)"
          value={value.interest_percent}
          onChange={set('interest_percent')}
          helperText="Cobrados por dia de atraso."
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
        />
      </Stack>
      <FormControlLabel
        control={<Switch checked={value.punctual} onChange={(_event, on) => onChange({ ...value, punctual: on })} />}
        label="Desconto de pontualidade"
      />
      {value.punctual && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Tipo do desconto"
            value={value.kind}
            onChange={set('kind')}
            slotProps={{ input: { readOnly } }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="percent">Percentual (%)</MenuItem>
            <MenuItem value="amount">Valor (R$)</MenuItem>
          </TextField>
          {value.kind === 'amount' ? (
            <MoneyInput
              label="Desconto (R$)"
              value={value.value}
              onChange={(text) => onChange({ ...value, value: text })}
            />
          ) : (
            <TextField
              label="Desconto (%)"
              value={value.value}
              onChange={set('value')}
              slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }}
            />
          )}
          <TextField
            label="Dias antes do vencimento"
            value={value.days_before}
            onChange={set('days_before')}
            helperText="0: até o próprio vencimento."
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          />
        </Stack>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
