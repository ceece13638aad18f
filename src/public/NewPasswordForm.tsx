import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { ApiRequestError } from '../api/http';

interface Form {
  password: string;
  password_confirmation: string;
}

/** A page of its own on the secondary colour: a card with a title (the password pages, staff's and portal's). */
export function PasswordCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'secondary.main', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460 }} component="main">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

export interface NewPasswordFormProps {
  /** The token of the link the e-mail carried (`?token=`); without it the form explains and cannot be sent. */
  token: string;
  /** Sends the new password; resolves with the server's message. */
  send: (token: string, values: Form) => Promise<{ message: string }>;
  /** Where the success leads: the sign-in. */
  signInPath: string;
  submitLabel?: string;
  passwordLabel?: string;
  /** After the server took the password (e.g. forget a session the old password opened). */
  onDone?: () => void;
}

/**
 * A new password typed twice, from a link mailed to the person (the staff's reset, a guardian's invitation or
 * reset). A 422 on `password` is shown under that field; any other refusal (the link expired or was used) above
 * the button. Success leads to the sign-in.
 */
export function NewPasswordForm({
  token,
  send,
  signInPath,
  submitLabel = 'Salvar nova senha',
  passwordLabel = 'Nova senha',
  onDone,
}: NewPasswordFormProps) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues, setError } = useForm<Form>({
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = async (values: Form) => {
    setFailure(null);
    try {
      const answer = await send(token, values);
      onDone?.();
      setDone(answer.message);
    } catch (error) {
      const errors =
        error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> } | null)?.errors : null;
      const onPassword = errors?.password?.[0];
      if (onPassword) setError('password', { message: onPassword });
      const other = Object.entries(errors ?? {}).find(([field]) => field !== 'password')?.[1]?.[0];
      if (other) setFailure(other);
      else if (!onPassword)
        setFailure(error instanceof Error && error.message ? error.message : 'Não foi possível salvar a senha.');
    }
  };
  if (done)
    return (
      <Stack spacing={2}>
        <Alert severity="success">{done}</Alert>
        <Button component={Link} to={signInPath} variant="contained">
          Ir para o login
        </Button>
      </Stack>
    );
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      {!token && <Alert severity="warning">Link incompleto: abra o endereço exatamente como chegou no e-mail.</Alert>}
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message ?? 'Mínimo de 8 caracteres.'}
        {...register('password', {
          required: 'Campo obrigatório.',
          minLength: { value: 8, message: 'A senha deve ter pelo menos 8 caracteres.' },
        })}
      />
      <TextField
        label={`Repita a ${passwordLabel.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        error={Boolean(formState.errors.password_confirmation)}
        helperText={formState.errors.password_confirmation?.message}
        {...register('password_confirmation', {
          required: 'Campo obrigatório.',
          validate: (v) => v === getValues('password') || 'As senhas não coincidem.',
        })}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting || !token}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
