import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import {
  CHOOSE_TEXT_AND_REGISTRATION,
  INVALID_REGISTRATION_NUMBER,
  registrationIdOfNumber,
} from '../../resources/documents';
import { onlyDigits } from '../../resources/text';
import { fieldErrorsOf } from '../components/serverErrors';

export interface TextTemplate {
  id: number;
  name: string;
  content: string;
}

export interface SimpleCertificateFormProps {
  templates: TextTemplate[];
  /** The page's issue (useIssueCertificate): its confirmation dialog, and the PDF opened once issued. */
  issue: (body: Record<string, unknown>) => Promise<{ registration_id: number } | null>;
  /** The certificate was issued for this enrolment: the page shows it, with 'Apagar Certificado'. */
  onIssued: (registrationId: number) => void;
}

/**
 * The spec's simpler certificate flow: a text template and a typed registration number give the landscape
 * PDF, through the same issue path as the full editor (code, QR code, stored, verifiable).
 */
export function SimpleCertificateForm({ templates, issue, onIssued }: SimpleCertificateFormProps) {
  const notify = useNotify();
  const [template, setTemplate] = useState('');
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refuse = (found: Record<string, string>, message: string) => {
    setErrors(found);
    notify(message, { type: 'error' });
  };
  const generate = async () => {
    // Each field says its own problem; the toast, the first of them.
    const found = {
      text_document_id: template ? '' : CHOOSE_TEXT_AND_REGISTRATION,
      registration_number: !number
        ? CHOOSE_TEXT_AND_REGISTRATION
        : registrationIdOfNumber(number) === undefined
          ? INVALID_REGISTRATION_NUMBER
          : '',
    };
    const first = Object.values(found).find(Boolean);
    if (first) return refuse(found, first);
    setBusy(true);
    try {
      const issued = await issue({ text_document_id: Number(template), registration_number: number });
      if (!issued) return;
      setErrors({});
      onIssued(issued.registration_id);
    } catch (e) {
      refuse(fieldErrorsOf(e), e instanceof Error ? e.message : 'Erro ao gerar o certificado.');
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (name: string) => ({ error: Boolean(errors[name]), helperText: errors[name] || undefined });

  return (
    <Stack spacing={2} component="section" aria-label="Certificado simples" sx={{ maxWidth: 560 }}>
      <Typography variant="body2" color="text.secondary">
        Escolha o texto e digite o número da matrícula (seis dígitos): o certificado sai em A4 paisagem, com o nome e os
        dados do aluno, o texto do modelo e o código de validação.
      </Typography>
      <TextField
        select
        label="Texto de Documentos"
        value={template}
        onChange={(e) => {
          setTemplate(e.target.value);
          setErrors({ ...errors, text_document_id: '' });
        }}
        {...errorOf('text_document_id')}
      >
        <MenuItem value="" disabled>
          -- Selecione --
        </MenuItem>
        {templates.map((t) => (
          <MenuItem key={t.id} value={String(t.id)}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Número da matrícula"
        placeholder="000012"
        value={number}
        onChange={(e) => {
          setNumber(onlyDigits(e.target.value).slice(0, 6));
          setErrors({ ...errors, registration_number: '' });
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        {...errorOf('registration_number')}
      />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        startIcon={busy ? <CircularProgress size={18} /> : <PictureAsPdfIcon />}
        disabled={busy}
        onClick={() => void generate()}
      >
        Gerar PDF
      </Button>
    </Stack>
  );
}
