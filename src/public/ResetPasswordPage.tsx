import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { clearSession } from '../../authProvider';
import { ApiRequestError, apiRequest } from '../api/http';
import { PublicTheme } from './PublicTheme';

interface Form {
  password: string;
  password_confirmation: string;
}

/** /redefinir-senha?token=…: the link mailed by "Esqueceu a senha?". */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<Form>({
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = async (values: Form) => {
    setFailure(null);
    try {
      const answer = await apiRequest<{ message: string }>('/reset-password', {
        method: 'POST',
        body: { token, ...values },
      });
      clearSession();
      setDone(answer.message);
    } catch (error) {
      const errors =
        error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> })?.errors : undefined;
      setFailure(
        Object.values(errors ?? {})[0]?.[0] ??
          (error instanceof Error ? error.message : 'Não foi possível redefinir a senha.'),
      );
    }
  };
  return (
    <PublicTheme>
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'secondary.main', p: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 460 }} component="main">
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              Redefinir senha
            </Typography>
            {done ? (
              <Stack spacing={2}>
                <Alert severity="success">{done}</Alert>
                <Button component={Link} to="/login" variant="contained">
                  Ir para o login
                </Button>
              </Stack>
            ) : (
              <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
                {!token && (
                  <Alert severity="warning">Link incompleto: abra o endereço exatamente como chegou no e-mail.</Alert>
                )}
                <TextField
                  label="Nova senha"
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
                  label="Repita a nova senha"
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
                  Salvar nova senha
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Box>
    </PublicTheme>
  );
}
