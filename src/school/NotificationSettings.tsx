import { FormControlLabel, FormHelperText, Stack, Switch, TextField, Typography } from '@mui/material';
import { wholeOrTyped } from './typed';

/** The school's switches for families' e-mails, as `GET /school-settings` answers them (issue 26). */
export interface Notifications {
  grades: boolean;
  documents: boolean;
  charge_due: boolean;
  charge_due_days: number;
  charge_overdue: boolean;
  /** Days after the due date the overdue reminder goes (issue 27). */
  charge_overdue_days: number;
}

type Days = 'charge_due_days' | 'charge_overdue_days';

/** What the form holds: the days as typed, sent as a number when they are one (else as typed, for the message). */
export type NotificationsForm = Omit<Notifications, Days> & Record<Days, string>;

export const notificationsForm = (n: Notifications): NotificationsForm => ({
  ...n,
  charge_due_days: String(n.charge_due_days),
  // A server from before issue 27 does not send it: the day after, as it did.
  charge_overdue_days: String(n.charge_overdue_days ?? 1),
});

export function notificationsBody(form: NotificationsForm): Record<string, unknown> {
  return {
    ...form,
    charge_due_days: wholeOrTyped(form.charge_due_days),
    charge_overdue_days: wholeOrTyped(form.charge_overdue_days),
  };
}

const SWITCHES: { key: 'grades' | 'documents' | 'charge_due' | 'charge_overdue'; label: string }[] = [
  { key: 'grades', label: 'Notas publicadas de uma etapa' },
  { key: 'documents', label: 'Documento emitido para o aluno' },
  { key: 'charge_due', label: 'Cobrança perto do vencimento' },
  { key: 'charge_overdue', label: 'Cobrança vencida' },
];

/**
 * "Avisos por e-mail às famílias" on Configurações da escola: each kind on or off, and how many days before and after a
 * due date the reminders go. Errors come as the server names them (`notifications.charge_due_days`).
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
  const overdueError = errors['notifications.charge_overdue_days']?.[0];
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
      <TextField
        label="Avisar quantos dias depois do vencimento"
        value={value.charge_overdue_days}
        onChange={(event) => onChange({ ...value, charge_overdue_days: event.target.value })}
        disabled={!value.charge_overdue}
        error={Boolean(overdueError)}
        helperText={overdueError ?? 'De 1 a 30 dias; o aviso vai uma vez por cobrança, nunca para uma já paga.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}
