import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useFieldErrors, type CallResult } from '../components/serverErrors';

export interface NameFormProps {
  /** The name as stored (the form starts from it: mount it again, with a `key`, when it changes). */
  name: string;
  email: string;
  /** Sends `{name}` (PUT /auth/me); a refusal's field errors are shown under the field. */
  send: (values: { name: string }) => Promise<CallResult<unknown>>;
}

/** Minha conta › Seus dados: one's own name; the e-mail, with which one signs in, only Administração changes. */
export function NameForm({ name, email, send }: NameFormProps) {
  const [value, setValue] = useState(name);
  const [saving, setSaving] = useState(false);
  const marks = useFieldErrors();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const result = await send({ name: value });
    setSaving(false);
    if (!result.ok) marks.setErrors(result.errors);
  };
  const unchanged = value.trim() === '' || value.trim() === name;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Nome"
        required
        autoComplete="name"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          marks.clear('name');
        }}
        slotProps={{ htmlInput: { maxLength: 120 } }}
        {...marks.props('name')}
      />
      <TextField
        label="E-mail"
        value={email}
        // Read-only, not disabled: a disabled field's greys fail the contrast a person needs to read it.
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="É com ele que você entra no sistema; só a Administração o altera."
      />
      <Button type="submit" variant="contained" disabled={saving || unchanged} sx={{ alignSelf: 'flex-start' }}>
        Salvar nome
      </Button>
    </Stack>
  );
}
