import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { schoolSettingsFields } from '../../resources/school-settings';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { BRANDING_KEY } from '../branding';
import type { SchoolSettings } from './SchoolSettingsPage';

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
  const api = useApi();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<SchoolSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Asked once a session; a failed load asks nothing: the settings screen and the refusal to issue still say
  // what is missing.
  const [asked] = useState(() => Boolean(sessionStorage.getItem(CITY_PROMPT_KEY)));
  const { data: loaded } = useQuery({
    queryKey: ['configuracoes-da-escola'],
    queryFn: () => api.getSchoolSettings(),
    enabled: may && !asked,
    retry: false,
  });
  useEffect(() => {
    const city = loaded?.city;
    if (loaded && !(typeof city === 'string' && city.trim()) && !sessionStorage.getItem(CITY_PROMPT_KEY))
      setSettings(loaded);
  }, [loaded]);

  const later = () => {
    sessionStorage.setItem(CITY_PROMPT_KEY, 'later');
    setSettings(null);
  };
  const save = async (city: string) => {
    if (!settings) return;
    setBusy(true);
    try {
      // The settings as they are, with the city: the same save as Configurações da escola.
      const answer = await api.saveSchoolSettings({ ...settings, city });
      const stored = JSON.parse(localStorage.getItem(BRANDING_KEY) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(BRANDING_KEY, JSON.stringify({ ...stored, city }));
      notify(answer.message, { type: 'success' });
      setSettings(null);
      // Configurações da escola shows the city at its next look.
      void queryClient.invalidateQueries({ queryKey: ['configuracoes-da-escola'] });
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: { city?: string[] } } | null) : null;
      setError(body?.errors?.city?.[0] ?? (e instanceof Error ? e.message : 'Erro ao salvar a cidade.'));
    } finally {
      setBusy(false);
    }
  };
  return <CityDialog open={settings !== null} busy={busy} error={error} onSave={(c) => void save(c)} onLater={later} />;
}
