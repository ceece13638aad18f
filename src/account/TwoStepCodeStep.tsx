import { Alert, Button, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { verifyTwoStep, type LoginAnswer } from '../../authProvider';
import { ApiRequestError } from '../api/http';
import { HumanCheck, type HumanCheckHandle } from '../public/HumanCheck';

export interface TwoStepCodeStepProps {
  /** From the password's answer. */
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
  /** Back to e-mail and password (the challenge expired, or another account). */
  onBack: () => void;
}

/** The sign-in's second step: the authenticator's 6 digits, or one of the recovery codes. */
export function TwoStepCodeStep({ challenge, onSignedIn, onBack }: TwoStepCodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // After several wrong codes the server asks for the human verification, as it does for passwords.
  const [needsCheck, setNeedsCheck] = useState(false);
  const [payload, setPayload] = useState<string | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  const send = async () => {
    setSending(true);
    try {
      onSignedIn(await verifyTwoStep(challenge, code.trim(), payload ?? undefined));
    } catch (e) {
      const body = e instanceof ApiRequestError ? (e.body as { captcha?: boolean } | null) : null;
      if (body?.captcha) setNeedsCheck(true);
      check.current?.reset();
      setError(e instanceof Error ? e.message : 'Não foi possível verificar o código.');
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Typography variant="h6" component="h2" align="center">
        Verificação em duas etapas
      </Typography>
      <Typography color="text.secondary" align="center">
        Digite o código de 6 dígitos do aplicativo autenticador ou um dos seus códigos de recuperação.
      </Typography>
      {error && <Alert severity="warning">{error}</Alert>}
      <TextField
        label="Código de verificação"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { maxLength: 20 } }}
      />
      {needsCheck && <HumanCheck ref={check} onChange={setPayload} />}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending || code.trim() === '' || (needsCheck && !payload)}
        startIcon={sending ? <CircularProgress size={18} /> : undefined}
      >
        Verificar
      </Button>
      <MuiLink component="button" type="button" onClick={onBack} sx={{ alignSelf: 'center' }}>
        Voltar para e-mail e senha
      </MuiLink>
    </Stack>
  );
}
