import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState, type DragEvent } from 'react';
import { buildUrl } from '../api/http';
import { proveWork } from './proofOfWork';
import { FileCheckResult, type FileCheck } from './VerifyResult';

/** Sends a PDF as it was received to the server, which compares it byte for byte with the issued file. */
export async function checkFile(code: string, file: Blob, fileName: string): Promise<FileCheck> {
  try {
    // The server asks for the same proof of work as the lookup by code (spec: public verification).
    const altcha = await proveWork();
    const response = await fetch(buildUrl(`/documents/has-document/${encodeURIComponent(code)}/file`), {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-altcha': altcha, Accept: 'application/json' },
      body: file,
    });
    const body = (await response.json().catch(() => null)) as { match?: boolean; message?: string } | null;
    if (response.ok && typeof body?.match === 'boolean')
      return { match: body.match, message: body.message ?? '', fileName };
    return { match: null, message: body?.message ?? 'Não foi possível conferir o arquivo. Tente novamente.', fileName };
  } catch {
    return { match: null, message: 'Não foi possível falar com o servidor. Verifique sua conexão.', fileName };
  }
}

/** 'Confira o arquivo que você recebeu': drop the PDF (or choose it) and see whether it was altered. */
export function FileDrop({ code, signed = false }: { code: string; signed?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [result, setResult] = useState<FileCheck | null>(null);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setResult(null);
    setResult(await checkFile(code, file, file.name));
    setBusy(false);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="conferir-arquivo">
      <Typography id="conferir-arquivo" variant="h6" component="h2">
        {signed ? 'Conferir arquivo' : 'Confira o arquivo que você recebeu'}
      </Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="area-arquivo"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'grey.400',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
        }}
      >
        <Typography gutterBottom>
          {signed
            ? 'Arraste o PDF que você tem ou escolha o arquivo. Ele é comparado com o documento assinado.'
            : 'Arraste o PDF aqui ou escolha o arquivo. Ele é comparado com o documento que a escola emitiu.'}
        </Typography>
        <Button
          component="label"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={18} /> : <UploadFileIcon />}
          disabled={busy}
        >
          Escolher arquivo PDF
          <input
            hidden
            type="file"
            accept="application/pdf,.pdf"
            aria-label="Arquivo PDF recebido"
            onChange={(e) => {
              void send(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
      </Box>
      {result && <FileCheckResult check={result} />}
    </Stack>
  );
}
