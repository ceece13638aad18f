import { FormControlLabel, FormHelperText, Stack, Switch, TextField, Typography } from '@mui/material';

/** The school's switches for families' e-mails, as `GET /school-settings` answers them (issue 26). */
export interface Notifications {
  grades: boolean;
  documents: boolean;
  charge_due: boolean;
  charge_due_days: number;
  charge_overdue: boolean;
}

/** What the form holds: the days as typed, sent as a number when they are one (else as typed, for the message). */
export type NotificationsForm = Omit<Notifications, 'charge_due_days'> & { charge_due_days: string };

export const notificationsForm = (n: Notifications): NotificationsForm => ({
  ...n,
  charge_due_days: String(n.charge_due_days),
});

export function notificationsBody(form: NotificationsForm): Record<string, unknown> {
  const days = form.charge_due_days.trim();
  return { ...form, charge_due_days: /^\d+$/.test(days) ? Number(days) : days };
}

const SWITCHES: { key: 'grades' | 'documents' | 'charge_due' | 'charge_overdue'; label: string }[] = [
  { key: 'grades', label: 'Notas publicadas de uma etapa' },
  { key: 'documents', label: 'Documento emitido para o aluno' },
  { key: 'charge_due', label: 'Cobrança perto do vencimento' },
  { key: 'charge_overdue', label: 'Cobrança vencida (na primeira semana de atraso)' },
];

/**
 * "Avisos por e-mail às famílias" on Configurações da escola: each kind on or off, and how many days before a due
 * date the reminder goes. Errors come as the server names them (`notifications.charge_due_days`).
 */
export function NotificationSettings({
  value,
  onChange,
  errors,
}: {
  value: NotificationsForm;
  onChange: (next: NotificationsForm) => void;
  errors: Record<string, string[]>;
}) {
  const daysError = errors['notifications.charge_due_days']?.[0] ?? errors.notifications?.[0];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" sx={{ pt: 1 }}>
        Avisos por e-mail às famílias
      </Typography>
      <FormHelperText sx={{ mt: 0 }}>
        Cada responsável com e-mail cadastrado recebe um aviso por acontecimento; as cobranças, só o responsável
        financeiro. Um aluno maior de idade sem responsável recebe no próprio e-mail.
      </FormHelperText>
      {SWITCHES.map((s) => (
        <FormControlLabel
          key={s.key}
          control={<Switch checked={value[s.key]} onChange={(_event, on) => onChange({ ...value, [s.key]: on })} />}
          label={s.label}
        />
      ))}
      <TextField
        label="Avisar quantos dias antes do vencimento"
        value={value.charge_due_days}
        onChange={(event) => onChange({ ...value, charge_due_days: event.target.value })}
        disabled={!value.charge_due}
        error={Boolean(daysError)}
        helperText={daysError ?? 'De 1 a 30 dias.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}
