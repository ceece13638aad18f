import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { formatInviteCode, INVITE_CODE_LENGTH, normalizeInviteCode } from '../../resources/invite-code';
import { EMAIL_PATTERN } from '../../resources/text';
import { ApiRequestError } from '../api/http';

interface Form {
  email: string;
  code: string;
  password: string;
  password_confirmation: string;
}

export interface CodeActivationFormProps {
  /** Sends the e-mail, the code as typed and the new password; resolves with the server's message. */
  send: (email: string, code: string, password: string) => Promise<{ message: string }>;
  signInPath: string;
}

/**
 * The printed invitation's way in (issue 35): the e-mail and the one-time code of the letter, then the new password
 * typed twice. The code is grouped as it is typed ("7K2M-9P4Q"); a refusal is shown under its field (a wrong code)
 * or above the button (too many tries).
 */
export function CodeActivationForm({ send, signInPath }: CodeActivationFormProps) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues, setError } = useForm<Form>({
    defaultValues: { email: '', code: '', password: '', password_confirmation: '' },
  });
  const submit = async (values: Form) => {
    setFailure(null);
    try {
      setDone((await send(values.email.trim(), values.code, values.password)).message);
    } catch (error) {
      const errors =
        error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> } | null)?.errors : null;
      const marked = (['email', 'code', 'password'] as const).filter((field) => errors?.[field]?.[0]);
      for (const field of marked) setError(field, { message: errors![field][0] });
      if (!marked.length)
        setFailure(error instanceof Error && error.message ? error.message : 'Não foi possível ativar.');
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
  const { errors, isSubmitting } = formState;
  const code = register('code', {
    required: 'Campo obrigatório.',
    validate: (v) =>
      normalizeInviteCode(v).length === INVITE_CODE_LENGTH || 'O código tem 8 letras e algarismos, como na carta.',
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message ?? 'O e-mail escrito na carta do convite.'}
        {...register('email', {
          required: 'Campo obrigatório.',
          validate: (v) => EMAIL_PATTERN.test(v.trim()) || 'E-mail deve ser válido.',
        })}
      />
      <TextField
        label="Código de convite"
        autoComplete="one-time-code"
        error={Boolean(errors.code)}
        helperText={errors.code?.message ?? 'Como na carta, por exemplo 7K2M-9P4Q.'}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 12 } }}
        {...code}
        onChange={(event) => {
          // Grouped while typed, as printed on the letter.
          event.target.value = formatInviteCode(event.target.value);
          return code.onChange(event);
        }}
      />
      <TextField
        label="Senha"
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? 'Mínimo de 8 caracteres.'}
        {...register('password', {
          required: 'Campo obrigatório.',
          minLength: { value: 8, message: 'A senha deve ter pelo menos 8 caracteres.' },
        })}
      />
      <TextField
        label="Repita a senha"
        type="password"
        autoComplete="new-password"
        error={Boolean(errors.password_confirmation)}
        helperText={errors.password_confirmation?.message}
        {...register('password_confirmation', {
          required: 'Campo obrigatório.',
          validate: (v) => v === getValues('password') || 'As senhas não coincidem.',
        })}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        Ativar acesso
      </Button>
    </Stack>
  );
}
