import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { schoolSettingsFields } from '../../resources/school-settings';
import { useAllows } from '../admin/useAllows';
import { ApiRequestError, apiRequest } from '../api/http';
import { BRANDING_KEY } from '../branding';

/** Asked once per session: "Agora não" leaves it until the next sign-in. */
export const CITY_PROMPT_KEY = 'secretaria.city-prompt';
const MAX = schoolSettingsFields.find((f) => f.name === 'city')?.maxLength ?? 120;

/** The dialog itself, shown alone in the stories. */
export function CityDialog({
  open,
  busy,
  error,
  onSave,
  onLater,
}: {
  open: boolean;
  busy?: boolean;
  error?: string | null;
  onSave: (city: string) => void;
  onLater: () => void;
}) {
  const [city, setCity] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (city.trim()) onSave(city.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onLater}
      aria-labelledby="city-prompt-title"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="city-prompt-title">Em que cidade fica a escola?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A cidade aparece na data de todos os documentos emitidos (certificados, declarações, atestados). Enquanto
            ela não for informada, nenhum documento é emitido.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label="Cidade da escola"
            placeholder="Ananindeua - PA"
            value={city}
            onChange={(e) => setCity(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? 'Como deve sair nos documentos, com o estado: "Ananindeua - PA".'}
            slotProps={{ htmlInput: { maxLength: MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onLater} disabled={busy}>
            Agora não
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !city.trim()}>
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A fresh install's documents would be dated from nowhere (issue 35): whoever may change the school's settings is
 * asked for its city on signing in, until it is given. The server refuses to issue documents meanwhile.
 */
export function CityPrompt() {
  const may = useAllows()('settings.manage');
  const notify = useNotify();
  const [settings, setSettings] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!may || sessionStorage.getItem(CITY_PROMPT_KEY)) return;
    let alive = true;
    apiRequest<{ data: Record<string, unknown> }>('/school-settings')
      .then((answer) => {
        const city = answer.data.city;
        if (alive && !(typeof city === 'string' && city.trim())) setSettings(answer.data);
      })
      // Not asked, then: the settings screen and the refusal to issue still say what is missing.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [may]);

  const later = () => {
    sessionStorage.setItem(CITY_PROMPT_KEY, 'later');
    setSettings(null);
  };
  const save = async (city: string) => {
    if (!settings) return;
    setBusy(true);
    try {
      // The settings as they are, with the city: the same save as Configurações da escola.
      const answer = await apiRequest<{ message: string }>('/school-settings', {
        method: 'PUT',
        body: { ...settings, city },
      });
      const stored = JSON.parse(localStorage.getItem(BRANDING_KEY) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(BRANDING_KEY, JSON.stringify({ ...stored, city }));
      notify(answer.message, { type: 'success' });
      setSettings(null);
    } catch (e) {
      const body = e instanceof ApiRequestError ? (e.body as { errors?: { city?: string[] } } | null) : null;
      setError(body?.errors?.city?.[0] ?? (e instanceof Error ? e.message : 'Erro ao salvar a cidade.'));
    } finally {
      setBusy(false);
    }
  };
  return <CityDialog open={settings !== null} busy={busy} error={error} onSave={(c) => void save(c)} onLater={later} />;
}
