import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { formatCnpj } from '../../resources/cnpj';
import { formatDate } from '../../resources/format';
import { certificateWarning } from '../../resources/nfse-settings';
import type { NfseCertificate } from '../../dataProvider/invoices';
import type { FieldErrors } from '../components/serverErrors';

export interface NfseCertificateFieldProps {
  value: NfseCertificate | null;
  /** The refusal of the last upload, by field (`file`, `password`). */
  errors: FieldErrors;
  sending: boolean;
  /** Sends the file and its password; resolves true when the server kept them (the inputs are then cleared). */
  onSend(file: File, password: string): Promise<boolean>;
  /** The instant the expiry is counted from (stories and tests fix it). */
  now?: Date;
}

/**
 * The A1 certificate of Configurações › Nota fiscal: who it names and until when, and the upload of a new one (the
 * .pfx and its password, sent on their own; the server keeps them sealed and never answers them back).
 */
export function NfseCertificateField({ value, errors, sending, onSend, now }: NfseCertificateFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const warning = value ? certificateWarning(value.not_after, now) : null;
  const send = async () => {
    if (file && (await onSend(file, password))) {
      setFile(null);
      setPassword('');
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2">
        Certificado digital A1
      </Typography>
      {value ? (
        <Box data-testid="certificado-atual">
          <Typography>{value.subject}</Typography>
          <Typography variant="body2" color="text.secondary">
            {value.cnpj ? `CNPJ ${formatCnpj(value.cnpj)} · ` : ''}válido até {formatDate(value.not_after)}
          </Typography>
        </Box>
      ) : (
        <Typography color="text.secondary">Nenhum certificado enviado.</Typography>
      )}
      {warning && <Alert severity="warning">{warning}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />} sx={{ whiteSpace: 'nowrap' }}>
            {file ? file.name : 'Escolher arquivo .pfx'}
            <input
              hidden
              type="file"
              accept=".pfx,.p12,application/x-pkcs12"
              aria-label="Arquivo do certificado"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Button>
          {errors.file && (
            <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
              {errors.file}
            </Typography>
          )}
        </Box>
        <TextField
          label="Senha do certificado"
          type="password"
          size="small"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <Button variant="contained" disabled={!file || !password || sending} onClick={() => void send()}>
          Enviar certificado
        </Button>
      </Stack>
    </Stack>
  );
}
