import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useRecordContext, useRefresh, useResourceContext } from 'react-admin';

export const CONFIRM_TEXTS = {
  title: 'Deseja confirmar a ação?',
  content: 'Você não será capaz de reverter isso!',
  confirm: 'Sim, apague!',
  cancel: 'Não, cancele!',
};

export interface ConfirmDialogProps {
  open: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation every deletion asks for (spec §2.9). */
export function ConfirmDeleteDialog({ open, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-delete-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-delete-title" sx={{ textAlign: 'center', pt: 3 }}>
        {CONFIRM_TEXTS.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }}>{CONFIRM_TEXTS.content}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy} autoFocus>
          {CONFIRM_TEXTS.confirm}
        </Button>
        <Button variant="contained" color="inherit" onClick={onCancel} disabled={busy}>
          {CONFIRM_TEXTS.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A record's deletion: `ask` opens the confirmation, `dialog` must be rendered; on yes, deletes on the
 * server and shows its message (success or refusal).
 */
export function useConfirmDelete() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const confirm = () =>
    record &&
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('Registro apagado com sucesso!', { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : 'Erro ao apagar o registro.', { type: 'error' });
        },
      },
    );
  return {
    ask: () => setOpen(true),
    dialog: (
      <ConfirmDeleteDialog
        open={open}
        busy={isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    ),
  };
}

/** Row delete: asks first, then deletes on the server and shows its message (success or refusal). */
export function ConfirmDeleteButton({ label = 'Remover' }: { label?: string }) {
  const record = useRecordContext();
  const { ask, dialog } = useConfirmDelete();
  if (!record) return null;
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} color="error" size="small" onClick={ask}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {dialog}
    </>
  );
}
