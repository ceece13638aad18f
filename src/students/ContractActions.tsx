import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Autorenew';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiBlob, saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';
import { formatDateTime } from '../format';

export interface ContractState {
  id: number;
  number: string;
  team: { id: number };
  file_url_contract?: string | null;
  contract_updated_at?: string | null;
}

/** One enrolment's contract: download it, or 'CONTRATO AUSENTE'; and generate or update it. */
export function ContractActions({ studentId, enrolment }: { studentId: number; enrolment: ContractState }) {
  const notify = useNotify();
  const api = useApi();
  const write = useServerWrite();
  const [busy, setBusy] = useState(false);
  const present = Boolean(enrolment.file_url_contract);
  const path = `/exports/student-contract/${studentId}/${enrolment.team.id}`;

  const [confirming, setConfirming] = useState(false);

  // A contract already issued is replaced only once the person has read that the old one stops being valid.
  const generate = async () => {
    setConfirming(false);
    setBusy(true);
    // The spec shows contract failures as a warning with the server's words.
    await write(() => api.makeContract(studentId, enrolment.team.id, present), {
      fallback: 'Erro ao gerar o contrato.',
      failure: 'warning',
      fields: [],
    });
    setBusy(false);
  };
  const download = async () => {
    try {
      saveBlob(await apiBlob(path), `contrato-${enrolment.number}.pdf`);
    } catch {
      notify('Não foi possível baixar o contrato.', { type: 'warning' });
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mt: 0.5 }}>
      {present ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          aria-label={`Baixar contrato da matrícula ${enrolment.number}`}
        >
          Contrato
        </Button>
      ) : (
        <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
          CONTRATO AUSENTE
        </Typography>
      )}
      <Button
        size="small"
        startIcon={present ? <RefreshIcon /> : <NoteAddIcon />}
        disabled={busy}
        onClick={() => (present ? setConfirming(true) : void generate())}
        aria-label={`${present ? 'Atualizar' : 'Gerar'} contrato da matrícula ${enrolment.number}`}
      >
        {present ? 'Atualizar contrato' : 'Gerar contrato'}
      </Button>
      {present && enrolment.contract_updated_at && (
        <Typography variant="caption" color="text.secondary">
          gerado em {formatDateTime(enrolment.contract_updated_at)}
        </Typography>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`reemitir-contrato-${enrolment.id}`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`reemitir-contrato-${enrolment.id}`}>Emitir um novo contrato?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            O contrato atual da matrícula {enrolment.number} será retirado: o código impresso nele deixará de ser válido
            na verificação pública, inclusive na via já entregue ao aluno ou à família. Um novo contrato, com novo
            código, será gerado a partir do modelo e dos dados atuais.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancelar</Button>
          <Button variant="contained" color="warning" onClick={() => void generate()}>
            Sim, emitir novo contrato
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
