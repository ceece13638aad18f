import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { apiBlob, saveBlob } from '../api/files';
import { useApi } from '../api/useApi';
import { storedPath } from './student';

export interface IssuedCertificate {
  code: string;
  folder: string;
  file_name: string;
  registration_id: number;
  document_name?: string | null;
}

/** The server's 409 `{error, confirm, message}`: a certificate that states a completion the check doubts. */
const confirmOf = (error: unknown): string | null => {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { confirm?: unknown } | null };
  return status === 409 && body?.confirm === true && error instanceof Error ? error.message : null;
};

/**
 * Opens the issued PDF in a new tab, as the spec's flow does ("Gerar PDF" shows the certificate); where the browser
 * blocks the tab, the file is saved instead, so the person always gets it.
 */
export async function openIssuedPdf(document: { folder: string; file_name: string; document_name?: string | null }) {
  const blob = await apiBlob(`/documents/storage/${storedPath(document)}`);
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else saveBlob(blob, document.document_name || 'certificado.pdf');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Issuing a certificate from either flow (the editor, the typed number): POST, and when the server's completion
 * check doubts it (the course still running, grades missing or failing), the question in a dialog — Cancelar, or
 * "Emitir mesmo assim", which asks again with `confirm`. Issued, the PDF opens. `issue` resolves to the document,
 * null when the person cancelled, and throws the server's refusal (422, a failure by attendance) for the caller.
 */
export function useIssueCertificate(studentId: string) {
  const notify = useNotify();
  const [asked, setAsked] = useState<{ message: string; resolve: (confirmed: boolean) => void } | null>(null);

  const api = useApi();
  const refresh = useRefresh();
  const post = (body: Record<string, unknown>) => api.issueCertificate(studentId, body);

  const issue = async (body: Record<string, unknown>): Promise<IssuedCertificate | null> => {
    let answer;
    try {
      answer = await post(body);
    } catch (error) {
      const question = confirmOf(error);
      if (!question) throw error;
      const confirmed = await new Promise<boolean>((resolve) => setAsked({ message: question, resolve }));
      setAsked(null);
      if (!confirmed) return null;
      answer = await post({ ...body, confirm: true });
    }
    notify(answer.message, { type: 'success' });
    // The student's documents (and the enrolment's certificate) read again wherever they show.
    refresh();
    try {
      await openIssuedPdf(answer.data);
    } catch {
      notify('O certificado foi emitido, mas não foi possível abrir o PDF: baixe-o na aba Documentos.', {
        type: 'warning',
      });
    }
    return answer.data;
  };

  const dialog = (
    <Dialog
      open={asked !== null}
      onClose={() => asked?.resolve(false)}
      aria-labelledby="certificate-confirm-title"
      maxWidth="sm"
    >
      <DialogTitle id="certificate-confirm-title">Confirmar a emissão</DialogTitle>
      <DialogContent>
        <DialogContentText>{asked?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => asked?.resolve(false)}>Cancelar</Button>
        <Button variant="contained" onClick={() => asked?.resolve(true)}>
          Emitir mesmo assim
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { issue, dialog };
}
