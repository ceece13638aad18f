import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { useAllows } from '../admin/useAllows';

export interface Observation {
  id: number;
  observation: string;
  created_at_formatted: string;
  user: { name: string };
}

/** Tab OBSERVAÇÕES: add, edit in a modal, delete; each shows its author and time. */
export function ObservationsTab({ studentId, observations }: { studentId: number; observations: Observation[] }) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Observation | null>(null);
  const [removing, setRemoving] = useState<Observation | null>(null);
  const canWrite = useAllows()('students.write');
  const api = useApi();
  const write = useServerWrite();
  // The new observation's marks, and the edit dialog's.
  const addMarks = useFieldErrors();
  const editMarks = useFieldErrors();
  const add = async () => {
    if (!text.trim()) {
      addMarks.setErrors({ observation: 'A observação é obrigatória.' });
      return notify('A observação é obrigatória.', { type: 'warning' });
    }
    const result = await write(() => api.addObservation(studentId, text), {
      fallback: 'Erro ao adicionar observação',
      fields: ['observation'],
    });
    if (result.ok) setText('');
    addMarks.setErrors(result.ok ? {} : result.errors);
  };
  const save = async () => {
    if (!editing) return;
    if (!editing.observation.trim()) {
      editMarks.setErrors({ observation: 'A observação é obrigatória.' });
      return notify('A observação é obrigatória.', { type: 'warning' });
    }
    const result = await write(() => api.saveObservation(studentId, editing.id, editing.observation), {
      fallback: 'Erro ao atualizar observação',
      fields: ['observation'],
    });
    if (result.ok) setEditing(null);
    editMarks.setErrors(result.ok ? {} : result.errors);
  };
  const startEditing = (o: Observation | null) => {
    editMarks.setErrors({});
    setEditing(o);
  };
  const remove = async () => {
    if (removing)
      await write(() => api.removeObservation(studentId, removing.id), {
        fallback: 'Erro ao remover observação',
        fields: [],
      });
    setRemoving(null);
  };
  return (
    <>
      {canWrite && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <TextField
            label="Nova observação"
            value={text}
            onChange={(e) => (setText(e.target.value), addMarks.clear('observation'))}
            multiline
            minRows={2}
            fullWidth
            {...addMarks.props('observation')}
          />
          <Button variant="contained" onClick={() => void add()} sx={{ alignSelf: 'flex-start' }}>
            Adicionar observação
          </Button>
        </Stack>
      )}
      {observations.length === 0 ? (
        <Typography>Nenhuma observação registrada para este aluno.</Typography>
      ) : (
        <List aria-label="Observações">
          {observations.map((o) => (
            <ListItem
              key={o.id}
              divider
              secondaryAction={
                canWrite && (
                  <>
                    <IconButton aria-label="Editar observação" onClick={() => startEditing(o)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label="Remover observação" color="error" onClick={() => setRemoving(o)}>
                      <DeleteIcon />
                    </IconButton>
                  </>
                )
              }
            >
              <ListItemText
                primary={o.observation}
                secondary={`${o.user.name} — ${o.created_at_formatted}`}
                sx={{ pr: 10, whiteSpace: 'pre-wrap' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={editing !== null} onClose={() => startEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>Editar observação</DialogTitle>
        <DialogContent>
          <TextField
            label="Observação"
            value={editing?.observation ?? ''}
            onChange={(e) =>
              editing && (setEditing({ ...editing, observation: e.target.value }), editMarks.clear('observation'))
            }
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
            {...editMarks.props('observation')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => startEditing(null)}>Cancelar</Button>
          <Button variant="contained" onClick={() => void save()}>
            Salvar
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
