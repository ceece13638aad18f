import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SelectInput, TextInput } from 'react-admin';
import { formatDate } from '../../resources/format';
import { DAY_KINDS, type CalendarDay, type DayKind } from './calendarTypes';

/** What the dialog answers: the day's new mark, or null for a plain day again. */
export type DayChoice = { kind: DayKind; description: string } | null;

const isSaturday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 6;

/** A day of the calendar: its kind (a plain day, a holiday, a recess, an event, a school Saturday) and description. */
export function DayDialog({
  date,
  current,
  busy,
  onClose,
  onSave,
}: {
  date: string | null;
  current?: CalendarDay;
  busy?: boolean;
  onClose: () => void;
  onSave: (choice: DayChoice) => void;
}) {
  const choices = [
    { id: 'comum', name: 'Dia comum' },
    ...Object.entries(DAY_KINDS)
      .filter(([kind]) => kind !== 'letivo' || (date && isSaturday(date)))
      .map(([kind, k]) => ({ id: kind, name: k.label })),
  ];
  return (
    <Dialog open={date !== null} onClose={onClose} aria-labelledby="day-dialog-title" fullWidth maxWidth="xs">
      {date && (
        <Form
          key={date}
          defaultValues={{ kind: current?.kind ?? 'comum', description: current?.description ?? '' }}
          onSubmit={(values: Record<string, unknown>) => {
            const kind = values.kind as DayKind | 'comum';
            onSave(kind === 'comum' ? null : { kind, description: String(values.description ?? '').trim() });
          }}
        >
          <DialogTitle id="day-dialog-title">{formatDate(date)}</DialogTitle>
          <DialogContent>
            <SelectInput source="kind" label="Tipo do dia" choices={choices} fullWidth helperText={false} />
            <TextInput
              source="description"
              label="Descrição"
              fullWidth
              helperText="Por exemplo: Aniversário da cidade"
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Salvar dia
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
