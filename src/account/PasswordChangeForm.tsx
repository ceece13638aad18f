import { Button, Stack, TextField } from '@mui/material';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useFieldErrors, type CallResult, type FieldErrors } from '../components/serverErrors';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/** What the server would refuse anyway, said before sending (the same words as its 422). */
function localErrors(values: PasswordChange): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.current_password) errors.current_password = 'Informe a sua senha atual para trocá-la.';
  if (values.password.length < 8) errors.password = 'A senha deve ter pelo menos 8 caracteres.';
  else if (values.password !== values.password_confirmation) errors.password_confirmation = 'As senhas não coincidem.';
  return errors;
}

export interface PasswordChangeFormProps {
  /** Sends the three fields (PUT /auth/password); a refusal's field errors are shown under each field. */
  send: (values: PasswordChange) => Promise<CallResult<unknown>>;
}

/** Minha conta › Senha: the current password, then the new one twice. Emptied once the server took it. */
export function PasswordChangeForm({ send }: PasswordChangeFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const marks = useFieldErrors();
  const change = (field: keyof PasswordChange) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((old) => ({ ...old, [field]: event.target.value }));
    marks.clear(field);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = localErrors(values);
    if (Object.keys(local).length) return marks.setErrors(local);
    setSaving(true);
    const result = await send(values);
    setSaving(false);
    if (result.ok) setValues(EMPTY);
    else marks.setErrors(result.errors);
  };
  const field = (name: keyof PasswordChange, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      type="password"
      required
      autoComplete={autoComplete}
      value={values[name]}
      onChange={change(name)}
      error={Boolean(marks.errors[name])}
      helperText={marks.errors[name] ?? hint}
    />
  );
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
      {field('current_password', 'Senha atual', 'current-password')}
      {field('password', 'Nova senha', 'new-password', 'Mínimo de 8 caracteres.')}
      {field('password_confirmation', 'Repita a nova senha', 'new-password')}
      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
        Trocar senha
      </Button>
    </Stack>
  );
}
