import { TextField } from '@mui/material';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { EMAIL_PATTERN } from '../../resources/text';

/** What a sign-in form holds: the staff's (LoginPage) and the families' (src/portal/SignInPage). */
export interface Credentials {
  email: string;
  password: string;
}

/** E-mail and password of a sign-in, checked as they are typed, with the password manager's hints. */
export function CredentialFields({
  register,
  errors,
  autoFocus = false,
}: {
  register: UseFormRegister<Credentials>;
  errors: FieldErrors<Credentials>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        autoFocus={autoFocus}
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
        {...register('email', {
          required: 'Campo obrigatório.',
          pattern: { value: EMAIL_PATTERN, message: 'E-mail deve ser válido.' },
        })}
      />
      <TextField
        label="Senha"
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password', { required: 'Campo obrigatório.' })}
      />
    </>
  );
}
