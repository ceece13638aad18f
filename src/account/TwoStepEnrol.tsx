import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { RecoveryCodes } from './RecoveryCodes';

export interface Enrolment {
  secret: string;
  uri: string;
  /** The QR of `uri` as a data URL. */
  qr: string;
}

export interface TwoStepEnrolProps {
  /** Asks the server for a new secret (nothing is enabled yet). */
  start: () => Promise<Enrolment>;
  /** Sends the first code; answers the recovery codes. */
  confirm: (code: string) => Promise<{ recovery_codes: string[] }>;
  /** After the recovery codes were shown. */
  onDone: () => void;
  doneLabel?: string;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** Turning two-step sign-in on: the QR to read with the app, its first code, then the recovery codes once. */
export function TwoStepEnrol({ start, confirm, onDone, doneLabel = 'Concluir' }: TwoStepEnrolProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => {
    start()
      .then(setEnrolment)
      .catch((e: unknown) => setError(messageOf(e, 'Não foi possível começar a ativação.')));
  }, [start]);

  if (codes) {
    return (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Verificação em duas etapas ativada
        </Typography>
        <RecoveryCodes codes={codes} />
        <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
          {doneLabel}
        </Button>
      </Stack>
    );
  }
  if (!enrolment) return error ? <Alert severity="error">{error}</Alert> : <CircularProgress aria-label="Carregando" />;

  const send = async () => {
    setSending(true);
    try {
      setCodes((await confirm(code.trim())).recovery_codes);
    } catch (e) {
      // The server's answer, from either client: the sign-in's (ApiRequestError) or the data provider's (HttpError).
      const fields = (e as { body?: { errors?: { code?: string[] } } | null } | null)?.body;
      setError(fields?.errors?.code?.[0] ?? messageOf(e, 'Não foi possível confirmar o código.'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>
        1. Abra o aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, Authy ou outro) e
        leia o QR code abaixo.
      </Typography>
      <Box component="img" src={enrolment.qr} alt="QR code para o aplicativo autenticador" sx={{ width: 200 }} />
      <Typography variant="body2" color="text.secondary">
        Sem câmera? Digite esta chave no aplicativo:{' '}
        <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <Typography>2. Digite o código de 6 dígitos que o aplicativo mostra.</Typography>
      <Stack
        component="form"
        direction="row"
        spacing={2}
        alignItems="flex-start"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label="Código"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <Button type="submit" variant="contained" disabled={sending || code.trim().length !== 6} sx={{ mt: 1 }}>
          Ativar
        </Button>
      </Stack>
    </Stack>
  );
}
