import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { Button, Stack } from '@mui/material';
import { useNavigate } from 'react-router-dom';

/**
 * SALVAR and VOLTAR of the bespoke screens (VOLTAR is one step back, as the spec says); VOLTAR alone without
 * `onSave` (a screen shown read-only to a role that may not change it).
 */
export function SaveBackButtons({ onSave, saving = false }: { onSave?: () => void; saving?: boolean }) {
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1}>
      {onSave && (
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={onSave}>
          Salvar
        </Button>
      )}
      <Button variant="outlined" color="inherit" startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
        Voltar
      </Button>
    </Stack>
  );
}
