import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { formatDate, schoolDayOf } from '../../resources/format';
import { registrationDateFields } from '../../resources/registrations';
import { useApi } from '../api/useApi';
import { useServerWrite, type FieldErrors } from '../components/serverErrors';

const [ENROLLED_ON, LEFT_ON] = registrationDateFields;
const FIELDS = [ENROLLED_ON.name, LEFT_ON.name];

/** An enrolment's dates as the student's record carries them (issue 37). */
export interface EnrolmentDates {
  id: number;
  number: string;
  enrolled_on: string;
  left_on: string | null;
}

/** "Matrícula em 10/03/2026 · saída em 30/06/2026", or without the exit while the student studies there. */
export function enrolmentDatesText(e: Pick<EnrolmentDates, 'enrolled_on' | 'left_on'>): string {
  const since = `Matrícula em ${formatDate(e.enrolled_on)}`;
  return e.left_on ? `${since} · saída em ${formatDate(e.left_on)}` : since;
}

/**
 * "Alterar datas" of an enrolment (`PUT /registrations/{id}`): the day the student counts in the team from, and the
 * day they left. The server checks them (never a future day, the exit not before the enrolment); its words go under
 * the field in red. The native date input shows dd/mm/aaaa in a pt-BR browser and never offers a day after today.
 */
export function EnrolmentDatesDialog({ enrolment, onClose }: { enrolment: EnrolmentDates; onClose: () => void }) {
  const api = useApi();
  const write = useServerWrite();
  const [draft, setDraft] = useState({ enrolled_on: enrolment.enrolled_on, left_on: enrolment.left_on ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const today = schoolDayOf();
  const save = async () => {
    setBusy(true);
    const result = await write(
      () => api.saveEnrolmentDates(enrolment.id, { enrolled_on: draft.enrolled_on, left_on: draft.left_on || null }),
      { fallback: 'Erro ao salvar as datas da matrícula.', fields: FIELDS },
    );
    setBusy(false);
    if (result.ok) onClose();
    else setErrors(result.errors);
  };
  const field = (name: 'enrolled_on' | 'left_on', label: string, helper: string) => ({
    type: 'date',
    label,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft({ ...draft, [name]: event.target.value });
      setErrors({ ...errors, [name]: '' });
    },
    error: Boolean(errors[name]),
    helperText: errors[name] || helper,
    fullWidth: true,
    slotProps: { inputLabel: { shrink: true }, htmlInput: { max: today } },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="datas-matricula-titulo">
      <DialogTitle id="datas-matricula-titulo">Datas da matrícula {enrolment.number}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...field('enrolled_on', ENROLLED_ON.label, ENROLLED_ON.helperText)} required />
          <TextField {...field('left_on', LEFT_ON.label, LEFT_ON.helperText)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
