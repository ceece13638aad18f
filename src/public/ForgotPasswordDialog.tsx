import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_PATTERN } from '../../resources/text';
import { ApiRequestError } from '../api/http';
import { publicClient } from './publicClient';
import { HumanCheck, type HumanCheckHandle } from './HumanCheck';

export const FALLBACK = 'Erro ao enviar e-mail de recuperação. Tente novamente.';

/**
 * The server's own words for a refusal (an invalid e-mail, too many requests), or null: a failure it did not
 * explain (no connection, a 500) gets the spec's fallback, not the transport's "Erro 500 ao falar com o servidor".
 */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body = error.body as { message?: unknown } | null;
  return body && typeof body === 'object' && typeof body.message === 'string' && body.message ? body.message : null;
}

const staffSend = (email: string) => publicClient.askPasswordLink(email);

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Asks for the link (default: the staff's `POST /forgot-password`); `altcha` when `humanCheck` is on. */
  send?: (email: string, altcha?: string) => Promise<{ message: string }>;
  /** The ALTCHA check before sending (the family portal's route asks for it). */
  humanCheck?: boolean;
}

/** 'Recuperar Senha': success shows the server's message and closes after 3 s (spec §2.4, §8). */
export function ForgotPasswordDialog({
  open,
  onClose,
  send = staffSend,
  humanCheck = false,
}: ForgotPasswordDialogProps) {
  const [payload, setPayload] = useState<string | null>(null);
  const check = useRef<HumanCheckHandle>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      onClose();
      setSuccess(null);
      reset();
    }, 3000);
    return () => clearTimeout(timer);
  }, [success, onClose, reset]);
  const submit = async ({ email }: { email: string }) => {
    setFailure(null);
    try {
      const answer = await send(email.trim(), payload ?? undefined);
      setSuccess(answer.message);
    } catch (error) {
      setFailure(serverMessage(error) ?? FALLBACK);
      // A solution is good for one attempt.
      check.current?.reset();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
      aria-labelledby="recuperar-senha"
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="recuperar-senha">Recuperar Senha</DialogTitle>
        <DialogContent>
          {success ? (
            <Typography role="status" color="success.main">
              {success}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Informe o e-mail da sua conta. Enviaremos um link para criar uma nova senha.
              </Typography>
              <TextField
                label="E-mail"
                type="email"
                fullWidth
                autoFocus
                error={Boolean(formState.errors.email)}
                helperText={formState.errors.email?.message}
                {...register('email', {
                  required: 'Campo obrigatório.',
                  pattern: { value: EMAIL_PATTERN, message: 'E-mail deve ser válido.' },
                })}
              />
              {humanCheck && <HumanCheck ref={check} onChange={setPayload} />}
              {failure && (
                <Typography role="alert" color="error" sx={{ mt: 2 }}>
                  {failure}
                </Typography>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || Boolean(success) || (humanCheck && !payload)}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} /> : undefined}
          >
            Enviar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
