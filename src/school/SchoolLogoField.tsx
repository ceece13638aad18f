import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { useApi } from '../api/useApi';
import { BRANDING_KEY } from '../branding';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';

/** The server's bound (server/school/logo-image.ts); checked here too, so a big photo is refused before it is sent. */
const MAX_BYTES = 1024 * 1024;
export const LOGO_HELP =
  'PNG ou JPEG de até 1 MB, de 16 a 2000 pixels: aparece no topo do site e nos documentos em PDF.';

/** The public pages read the branding from local storage until they fetch it again: the new logo shows at once. */
function rememberLogo(address: string | null) {
  try {
    const stored = JSON.parse(localStorage.getItem(BRANDING_KEY) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(BRANDING_KEY, JSON.stringify({ ...stored, colored_logo: address }));
  } catch {
    // A broken stored branding is fetched again by the public pages.
  }
}

export interface SchoolLogoFieldProps {
  /** The current logo's address (`colored_logo`), null without one. */
  value: string | null;
  onChange: (address: string | null) => void;
}

/**
 * Administração › Configurações da escola: the school's logo (issue 35). Sent on its own, at once (it is a file,
 * checked by the server by its bytes and size, not part of the form's save); removed after the confirmation.
 */
export function SchoolLogoField({ value, onChange }: SchoolLogoFieldProps) {
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const settle = (address: string | null, message: string) => {
    onChange(address);
    rememberLogo(address);
    void queryClient.invalidateQueries({ queryKey: ['configuracoes-da-escola'] });
    setError(null);
    notify(message, { type: 'success' });
  };
  const refuse = (e: unknown, fallback: string) => {
    const body = e instanceof HttpError ? (e.body as { errors?: { logo?: string[] } } | null) : null;
    const message = body?.errors?.logo?.[0] ?? (e instanceof Error && e.message ? e.message : fallback);
    setError(message);
    notify(message, { type: 'error' });
  };

  const send = async (file: File) => {
    if (file.size > MAX_BYTES) return refuse(new Error('O logotipo pode ter no máximo 1 MB.'), '');
    setBusy(true);
    try {
      const answer = await api.sendSchoolLogo(file);
      settle(answer.data.colored_logo, answer.message);
    } catch (e) {
      refuse(e, 'Erro ao enviar o logotipo.');
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await api.removeSchoolLogo();
      settle(null, answer.message);
    } catch (e) {
      refuse(e, 'Erro ao remover o logotipo.');
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="logo-title">
      <Typography id="logo-title" variant="subtitle1">
        Logotipo
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
        <Box
          sx={{
            width: 160,
            height: 96,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'background.default',
          }}
        >
          {value ? (
            <Box component="img" src={value} alt="Logotipo atual da escola" sx={{ maxWidth: 150, maxHeight: 86 }} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Sem logotipo
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button
            variant="outlined"
            startIcon={busy ? <CircularProgress size={18} /> : <UploadIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {value ? 'Trocar logotipo' : 'Enviar logotipo'}
          </Button>
          {value && (
            <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setRemoving(true)}>
              Remover logotipo
            </Button>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          aria-label="Arquivo do logotipo"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void send(file);
          }}
        />
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? LOGO_HELP}</FormHelperText>
      <ConfirmDeleteDialog
        open={removing}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </Stack>
  );
}
