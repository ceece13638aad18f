import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SignedVersion } from '../../dataProvider/signatures';
import { openBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';

export interface SignableDocument {
  id: number;
  folder: string;
  file_name: string;
  /** "Contrato — emitido em 10/02/2026". */
  label: string;
}

/** The SHA-256 of the bytes the person read, in hex: the server refuses the signature if its file differs. */
export async function sha256Of(blob: Blob): Promise<string> {
  // FileReader rather than blob.arrayBuffer(): the same bytes in every browser (and in the stories' jsdom).
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('leitura do arquivo'));
    reader.readAsArrayBuffer(blob);
  });
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * "Assinar pela escola": the PDF is downloaded once (the person may open it to read), a 6-digit code is e-mailed to
 * the signed-in user, and the signature names the SHA-256 of those very bytes — what was read is what is signed.
 */
export function SignDialog({
  studentId,
  document,
  onClose,
}: {
  studentId: number;
  document: SignableDocument | null;
  onClose: () => void;
}) {
  const api = useApi();
  const write = useServerWrite();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<SignedVersion | null>(null);
  const file = useQuery({
    queryKey: ['alunos', studentId, 'documentos', document?.id, 'arquivo'],
    queryFn: () => api.getDocumentFile(document!),
    enabled: document !== null,
    staleTime: Infinity,
  });
  const close = () => {
    setSentTo(null);
    setCode('');
    setError(undefined);
    setSigned(null);
    onClose();
  };
  const sendCode = async () => {
    if (!document) return;
    setBusy(true);
    const result = await write(() => api.sendSignatureCode(studentId, document.id), {
      fallback: 'Não foi possível enviar o código.',
      quiet: true,
      fields: [],
    });
    setBusy(false);
    if (result.ok) setSentTo(result.body.sent_to);
  };
  const sign = async () => {
    if (!document || !file.data) return;
    setBusy(true);
    // WebCrypto exists only on https (or localhost): without it, say so rather than sign blind.
    const sha256 = await sha256Of(file.data).catch(() => null);
    if (!sha256) {
      setBusy(false);
      return setError('Este navegador não conseguiu conferir o arquivo lido. Abra o sistema pelo endereço https.');
    }
    const result = await write(() => api.signDocument(studentId, document.id, { code: code.trim(), sha256 }), {
      fallback: 'Não foi possível assinar o documento.',
      fields: ['code', 'sha256'],
    });
    setBusy(false);
    if (result.ok) setSigned(result.body.data);
    else setError(result.errors.code ?? result.errors.sha256 ?? result.message);
  };
  const valid = /^\d{6}$/.test(code.trim());
  return (
    <Dialog
      open={document !== null}
      onClose={busy ? undefined : close}
      aria-labelledby="assinar-documento-titulo"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="assinar-documento-titulo">Assinar pela escola</DialogTitle>
      <DialogContent>
        {signed ? (
          <Alert severity="success" role="status">
            Documento assinado pela escola. A nova versão tem o código <strong>{signed.code}</strong>.
          </Alert>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>
              {document?.label}. Leia o documento antes de assinar: a assinatura vale para exatamente este arquivo.
            </DialogContentText>
            <Button
              variant="outlined"
              onClick={() => file.data && openBlob(file.data)}
              disabled={!file.data}
              startIcon={file.isLoading ? <CircularProgress size={18} /> : undefined}
              sx={{ alignSelf: 'flex-start' }}
            >
              Ler o documento
            </Button>
            {file.isError && <Alert severity="error">Não foi possível baixar o documento para assinar.</Alert>}
            <Button
              variant={sentTo ? 'text' : 'contained'}
              onClick={() => void sendCode()}
              disabled={busy}
              sx={{ alignSelf: 'flex-start' }}
            >
              {sentTo ? 'Enviar outro código' : 'Enviar código'}
            </Button>
            {sentTo && (
              <Alert severity="info" role="status">
                Código enviado para {sentTo}. Ele vale por 15 minutos.
              </Alert>
            )}
            {sentTo && (
              <TextField
                label="Código de 6 dígitos"
                value={code}
                onChange={(e) => (setCode(e.target.value.replace(/\D/g, '').slice(0, 6)), setError(undefined))}
                error={Boolean(error)}
                helperText={error ?? 'O código chegou no seu e-mail.'}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                autoFocus
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {signed ? 'Fechar' : 'Cancelar'}
        </Button>
        {!signed && (
          <Button variant="contained" onClick={() => void sign()} disabled={busy || !sentTo || !valid || !file.data}>
            Assinar
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
