import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import type { DisciplineResult, StudentResult } from './types';

export interface CouncilAsked {
  row: StudentResult;
  discipline: DisciplineResult;
}

/**
 * The class council's decision on one student in one discipline: approve (with the reason the ata prints), or
 * remove a decision recorded before. The server's 422 comes back under its field.
 */
export function CouncilDialog({
  asked,
  onCancel,
  onSave,
}: {
  asked: CouncilAsked;
  onCancel: () => void;
  /** Answers the server's errors by field, or null when saved. */
  onSave: (decision: 'aprovado' | null, reason: string) => Promise<Record<string, string> | null>;
}) {
  const current = asked.discipline.council;
  const [decision, setDecision] = useState<'aprovado' | ''>('aprovado');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      setErrors((await onSave(decision || null, reason)) ?? {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="council-title">
      <DialogTitle id="council-title">Conselho de classe</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {asked.row.student.name} em {asked.discipline.name}: {asked.discipline.verdict}. A decisão e o motivo vão para
          a ata de resultados finais, com quem a registrou.
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Decisão"
          value={decision}
          onChange={(e) => setDecision(e.target.value as 'aprovado' | '')}
          error={Boolean(errors.decision)}
          helperText={errors.decision}
          sx={{ mb: 2 }}
        >
          <MenuItem value="aprovado">Aprovado pelo conselho</MenuItem>
          {current && <MenuItem value="">Remover a decisão</MenuItem>}
        </TextField>
        {decision && (
          <TextField
            fullWidth
            multiline
            minRows={3}
            label="Motivo"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? 'Por que o conselho aprova o aluno (de 5 a 1000 caracteres).'}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Encerrar turma" asks first; "Reabrir turma" asks the reason the audit log keeps. */
export function ClosingDialog({
  action,
  team,
  onCancel,
  onConfirm,
}: {
  action: 'close' | 'reopen';
  team: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<string | null>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      setError(await onConfirm(reason));
    } finally {
      setBusy(false);
    }
  };
  const closing = action === 'close';
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="closing-title">
      <DialogTitle id="closing-title">{closing ? 'Encerrar a turma?' : 'Reabrir a turma?'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {closing
            ? `Depois de encerrada, ${team} não aceita mais notas, aulas, chamadas nem recuperações; quem ainda estiver ` +
              'em recuperação fica reprovado. Só a Administração pode reabri-la.'
            : `${team} volta a aceitar notas, aulas e resultados. O motivo fica registrado.`}
        </DialogContentText>
        {!closing && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Motivo da reabertura"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button
          variant="contained"
          color={closing ? 'error' : 'primary'}
          onClick={() => void confirm()}
          disabled={busy}
        >
          {closing ? 'Encerrar turma' : 'Reabrir turma'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
