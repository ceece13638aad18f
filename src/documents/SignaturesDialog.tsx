import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DocumentSignature } from '../../dataProvider/signatures';
import { useAllows } from '../admin/useAllows';
import { useApi } from '../api/useApi';
import { useServerWrite } from '../components/serverErrors';
import { formatDateTime } from '../format';
import { SignDialog, type SignableDocument } from './SignDialog';

const describe = (s: DocumentSignature) =>
  `${s.signer_name}${s.signer_kind === 'user' ? ' (pela escola)' : ' (família)'} — ${formatDateTime(s.signed_at)}`;

/** Administração revokes a signature with a reason: the version it made stops being valid on the public page. */
function RevokeDialog({ signature, onClose }: { signature: DocumentSignature | null; onClose: () => void }) {
  const api = useApi();
  const write = useServerWrite();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => (setReason(''), setError(undefined), onClose());
  const revoke = async () => {
    if (!signature) return;
    setBusy(true);
    const result = await write(() => api.revokeSignature(signature.id, reason.trim()), {
      fallback: 'Não foi possível revogar a assinatura.',
      fields: ['reason'],
    });
    setBusy(false);
    if (result.ok) close();
    else setError(result.errors.reason);
  };
  return (
    <Dialog open={signature !== null} onClose={busy ? undefined : close} aria-labelledby="revogar-titulo" fullWidth>
      <DialogTitle id="revogar-titulo">Revogar assinatura</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {signature ? describe(signature) : ''}. O código {signature?.document_code} passará a responder “revogado” na
          verificação pública. Nada é apagado.
        </DialogContentText>
        <TextField
          label="Motivo da revogação"
          value={reason}
          onChange={(e) => (setReason(e.target.value), setError(undefined))}
          error={Boolean(error)}
          helperText={error}
          multiline
          minRows={2}
          fullWidth
          required
          slotProps={{ htmlInput: { maxLength: 500 } }}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" color="error" onClick={() => void revoke()} disabled={busy || !reason.trim()}>
          Revogar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A contract's "Assinaturas": who signed which version and when; the school signs from here, Administração revokes. */
export function SignaturesDialog({
  studentId,
  document,
  onClose,
}: {
  studentId: number;
  document: SignableDocument | null;
  onClose: () => void;
}) {
  const api = useApi();
  const canRevoke = useAllows()('users.manage');
  const [signing, setSigning] = useState<SignableDocument | null>(null);
  const [revoking, setRevoking] = useState<DocumentSignature | null>(null);
  const { data, isLoading, isError } = useQuery({
    queryKey: ['alunos', studentId, 'documentos', document?.id, 'assinaturas'],
    queryFn: () => api.getDocumentSignatures(studentId, document!.id),
    enabled: document !== null,
  });
  return (
    <>
      {/* One dialog at a time: the list steps aside while signing, and comes back with the new signature. */}
      <Dialog
        open={document !== null && signing === null && revoking === null}
        onClose={onClose}
        aria-labelledby="assinaturas-titulo"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="assinaturas-titulo">Assinaturas</DialogTitle>
        <DialogContent>
          <DialogContentText>{document?.label}</DialogContentText>
          {isLoading && <Typography>Carregando…</Typography>}
          {isError && <Typography color="error">Não foi possível carregar as assinaturas.</Typography>}
          {data?.length === 0 && <Typography sx={{ mt: 1 }}>Este documento ainda não foi assinado.</Typography>}
          {data && data.length > 0 && (
            <List dense aria-label="Assinaturas do documento">
              {data.map((s) => (
                <ListItem
                  key={s.id}
                  divider
                  secondaryAction={
                    canRevoke &&
                    !s.revoked_at && (
                      <Button color="error" size="small" onClick={() => setRevoking(s)}>
                        Revogar
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={describe(s)}
                    secondary={
                      `Versão assinada: ${s.document_code}` +
                      (s.revoked_at ? ` — revogada em ${formatDateTime(s.revoked_at)}` : '')
                    }
                    sx={{ pr: canRevoke ? 10 : 0 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Fechar</Button>
          <Button variant="contained" onClick={() => setSigning(document)}>
            Assinar pela escola
          </Button>
        </DialogActions>
      </Dialog>
      <SignDialog studentId={studentId} document={signing} onClose={() => setSigning(null)} />
      <RevokeDialog signature={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
