import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { schoolDayOf } from '../../resources/format';
import { leaveFields, transferFields } from '../../resources/movements';
import type { FieldConfig } from '../../resources/types';
import { apiBlob, openBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { useServerWrite, type FieldErrors } from '../components/serverErrors';
import type { MovementDocument } from '../../dataProvider/movements';

interface Target {
  id: number;
  number: string;
  enrolled_on: string;
}

/** Opens an issued paper of a transfer (the server's link is under `/api`). */
export async function openMovementDocument(url: string): Promise<void> {
  openBlob(await apiBlob(url.replace(/^\/api(?=\/)/, '')));
}

/** The links to the papers a transfer issued, as the dialog shows them once it is done and the enrolment keeps them. */
export function TransferPapers({ declaration, history }: { declaration: string | null; history: string | null }) {
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      {declaration && (
        <Button size="small" onClick={() => void openMovementDocument(declaration)}>
          Declaração de transferência
        </Button>
      )}
      {history && (
        <Button size="small" onClick={() => void openMovementDocument(history)}>
          Histórico escolar
        </Button>
      )}
    </Stack>
  );
}

type Values = Record<string, string>;

/**
 * One of the two dialogs: its fields from the config (resources/movements.ts), the server's words under each in red.
 * Sends through react-admin's data layer (`useApi`) in a react-query mutation; `useServerWrite` tells the outcome and
 * refreshes the student's record, whose MATRÍCULAS tab then shows the exit.
 */
function MovementDialog<T>({
  title,
  fields,
  target,
  send,
  onClose,
  done,
}: {
  title: string;
  fields: readonly FieldConfig[];
  target: Target;
  send: (values: Values) => Promise<T>;
  onClose: () => void;
  done?: (answer: T) => React.ReactNode;
}) {
  const write = useServerWrite();
  const [values, setValues] = useState<Values>({ date: schoolDayOf() });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [answer, setAnswer] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      write(() => send(values), { fallback: 'Erro ao registrar a saída.', fields: fields.map((f) => f.name) }),
    onSuccess: (result) => {
      if (!result.ok) return setErrors(result.errors);
      if (done) setAnswer(result.body);
      else onClose();
    },
  });
  const titleId = `movimento-${target.id}-titulo`;
  const input = (field: FieldConfig) => ({
    label: field.label,
    value: values[field.name] ?? '',
    required: field.required === true,
    onChange: (event: { target: { value: string } }) => {
      setValues({ ...values, [field.name]: event.target.value });
      setErrors({ ...errors, [field.name]: '' });
    },
    error: Boolean(errors[field.name]),
    helperText: errors[field.name] || field.helperText,
    fullWidth: true,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {title} — matrícula {target.number}
      </DialogTitle>
      <DialogContent>
        {answer !== null && done ? (
          done(answer)
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fields.map((field) =>
              field.type === 'date' ? (
                <TextField
                  {...input(field)}
                  key={field.name}
                  type="date"
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { min: target.enrolled_on, max: schoolDayOf() },
                  }}
                />
              ) : field.type === 'select' ? (
                <TextField {...input(field)} key={field.name} select>
                  {(field.options ?? []).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  {...input(field)}
                  key={field.name}
                  multiline={field.name === 'reason' || field.name === 'note'}
                />
              ),
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {answer !== null ? (
          <Button variant="contained" onClick={onClose}>
            Fechar
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancelar</Button>
            <Button variant="contained" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
              Confirmar
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** "Transferir": the day, the destination school and city, the reason; then the links to the papers issued. */
export function TransferDialog({ enrolment, onClose }: { enrolment: Target; onClose: () => void }) {
  const api = useApi();
  return (
    <MovementDialog
      title="Transferir"
      fields={transferFields}
      target={enrolment}
      send={(values) => api.transferEnrolment(enrolment.id, values)}
      onClose={onClose}
      done={(answer: { data: { declaration: MovementDocument; history: MovementDocument } }) => (
        <Stack spacing={2}>
          <Alert severity="success">
            Transferência registrada. Entregue à família a declaração de transferência e o histórico escolar.
          </Alert>
          <TransferPapers declaration={answer.data.declaration.url} history={answer.data.history.url} />
        </Stack>
      )}
    />
  );
}

/** "Registrar saída": abandonment, death or completion, the day and a note. */
export function LeaveDialog({ enrolment, onClose }: { enrolment: Target; onClose: () => void }) {
  const api = useApi();
  return (
    <MovementDialog
      title="Registrar saída"
      fields={leaveFields}
      target={enrolment}
      send={(values) => api.recordLeaving(enrolment.id, values)}
      onClose={onClose}
    />
  );
}
