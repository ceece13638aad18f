import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { FormEvent, Ref } from 'react';
import type { FieldErrors } from '../components/serverErrors';

export interface LegacyFormProps {
  baseUrl: string;
  email: string;
  /** The password field, read once when sent and emptied: the password is never kept in the screen's state. */
  passwordRef: Ref<HTMLInputElement>;
  errors: FieldErrors;
  busy: boolean;
  onBaseUrl: (value: string) => void;
  onEmail: (value: string) => void;
  onSimulate: () => void;
}

/**
 * Where the previous system answers and an administrator's sign-in there; "Simular importação" reads everything
 * and writes nothing (a dry run), so the office sees what would come before the copy.
 */
export function LegacyForm(props: LegacyFormProps) {
  const { errors, busy } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSimulate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Acesso ao sistema anterior" sx={{ maxWidth: 640 }}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Copia ensinos, cursos, disciplinas, turmas, usuários, alunos (com fotos, matrículas, cobranças, notas e
        documentos emitidos) do sistema que a escola usava. Informe o endereço dele e o acesso de um administrador de
        lá. Uma nova execução não duplica nada: atualiza o que mudou.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Endereço do sistema anterior"
          placeholder="https://secretaria.escolaanterior.com.br"
          size="small"
          required
          value={props.baseUrl}
          onChange={(event) => props.onBaseUrl(event.target.value)}
          error={Boolean(errors.base_url)}
          helperText={errors.base_url ?? 'O endereço que a escola abria no navegador (http:// ou https://).'}
          slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off', spellCheck: false } }}
        />
        <TextField
          label="E-mail de acesso ao sistema anterior"
          size="small"
          required
          value={props.email}
          onChange={(event) => props.onEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off' } }}
        />
        <TextField
          label="Senha de acesso ao sistema anterior"
          type="password"
          size="small"
          required
          inputRef={props.passwordRef}
          error={Boolean(errors.password)}
          helperText={errors.password ?? 'A senha não fica guardada: digite-a a cada envio.'}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Simular importação
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
