import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify } from 'react-admin';
import { useApi } from '../api/useApi';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * New recovery codes for one's own two-step sign-in (the paper lost, or the codes nearly used up): asked with
 * the app's current code; the new codes are shown once, and the earlier ones stop working.
 */
export function RenewRecoveryCodes({ onRenewed }: { onRenewed: () => void }) {
  const notify = useNotify();
  const api = useApi();
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = async () => {
    setSending(true);
    try {
      const answer = await api.renewRecoveryCodes(code.trim());
      setCodes(answer.recovery_codes);
      setAsking(false);
      setCode('');
      setError(null);
      notify(answer.message, { type: 'success' });
      onRenewed();
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: { code?: string[] } } | null) : null;
      setError(body?.errors?.code?.[0] ?? (e instanceof Error ? e.message : 'Não foi possível gerar os códigos.'));
    } finally {
      setSending(false);
    }
  };
  if (codes) return <RecoveryCodes codes={codes} />;
  if (!asking)
    return (
      <Button variant="outlined" onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        Gerar novos códigos de recuperação
      </Button>
    );
  return (
    <Stack
      component="form"
      direction="row"
      spacing={2}
      alignItems="flex-start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void renew();
      }}
    >
      <TextField
        label="Código do aplicativo"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        error={Boolean(error)}
        helperText={error ?? 'Os códigos de recuperação atuais deixam de valer.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      />
      <Button type="submit" variant="contained" disabled={!code.trim() || sending}>
        Gerar códigos
      </Button>
      <Button onClick={() => (setAsking(false), setError(null), setCode(''))} disabled={sending}>
        Cancelar
      </Button>
    </Stack>
  );
}
