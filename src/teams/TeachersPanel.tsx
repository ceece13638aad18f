import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Grid,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { FieldErrors } from '../components/serverErrors';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';

/** `GET /teams/{id}/teachers`: one teacher × discipline of the team. */
export interface TeacherAssignment {
  id: number;
  user: { id: number; name: string };
  discipline: { id: number; name: string };
}

export interface Option {
  id: number;
  name: string;
}

const EMPTY = { user_id: '', discipline_id: '' };

/**
 * The PROFESSORES tab as it is drawn: the add form (a teacher, one of the team's disciplines) and the list with
 * a remove button that asks first. `onAdd` answers the fields the server refused (empty when it saved).
 */
export function TeachersPanel({
  assignments,
  candidates,
  disciplines,
  onAdd,
  onRemove,
}: {
  assignments: TeacherAssignment[];
  candidates: Option[];
  disciplines: Option[];
  onAdd: (values: { user_id: string; discipline_id: string }) => Promise<FieldErrors>;
  onRemove: (assignment: TeacherAssignment) => Promise<void>;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<TeacherAssignment | null>(null);
  const change = (key: keyof typeof EMPTY, value: string) => {
    setValues({ ...values, [key]: value });
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const add = async () => {
    setBusy(true);
    try {
      const refused = await onAdd(values);
      setErrors(refused);
      // The teacher stays chosen: the next discipline is often theirs too.
      if (Object.keys(refused).length === 0) setValues({ ...values, discipline_id: '' });
    } finally {
      setBusy(false);
    }
  };
  const marks = (key: keyof typeof EMPTY) => (errors[key] ? { error: true, helperText: errors[key] } : {});
  const remove = async () => {
    if (removing) await onRemove(removing);
    setRemoving(null);
  };
  return (
    <>
      <Grid container spacing={1.5} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <TextField
            select
            label="Professor"
            value={values.user_id}
            onChange={(e) => change('user_id', e.target.value)}
            fullWidth
            {...marks('user_id')}
          >
            <MenuItem value="">-- Selecione --</MenuItem>
            {candidates.map((u) => (
              <MenuItem key={u.id} value={String(u.id)}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <TextField
            select
            label="Disciplina"
            value={values.discipline_id}
            onChange={(e) => change('discipline_id', e.target.value)}
            fullWidth
            {...marks('discipline_id')}
          >
            <MenuItem value="">-- Selecione --</MenuItem>
            {disciplines.map((d) => (
              <MenuItem key={d.id} value={String(d.id)}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Button variant="contained" onClick={() => void add()} disabled={busy}>
            Adicionar
          </Button>
        </Grid>
      </Grid>
      {disciplines.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Esta turma ainda não tem disciplinas na sua grade: inclua-as na grade para atribuir professores.
        </Typography>
      )}
      {assignments.length === 0 ? (
        <Typography>Nenhum professor atribuído a esta turma.</Typography>
      ) : (
        <Table size="small" aria-label="Professores da turma">
          <TableHead>
            <TableRow>
              <TableCell>Professor</TableCell>
              <TableCell>Disciplina</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {assignments.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.user.name}</TableCell>
                <TableCell>{a.discipline.name}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={`Remover ${a.user.name} de ${a.discipline.name}`}
                    color="error"
                    onClick={() => setRemoving(a)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
