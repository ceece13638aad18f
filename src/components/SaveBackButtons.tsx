import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { Button, Stack } from '@mui/material';
import { useNavigate } from 'react-router-dom';

/** SALVAR and VOLTAR of the bespoke screens (VOLTAR is one step back, as the spec says). */
export function SaveBackButtons({ onSave, saving }: { onSave: () => void; saving: boolean }) {
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={onSave}>
        Salvar
      </Button>
      <Button variant="outlined" color="inherit" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
        Voltar
      </Button>
    </Stack>
  );
}
