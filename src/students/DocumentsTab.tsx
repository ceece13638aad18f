import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import DrawIcon from '@mui/icons-material/Draw';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { DOCUMENT_TYPE_NAMES, documentTypeName } from '../../resources/documents';
import { CPF_MASK } from '../../resources/students';
import { applyMask } from '../../resources/text';
import { apiBlob, openBlob } from '../api/files';
import { formatDate, upper } from '../format';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { useAllows } from '../admin/useAllows';
import { ServerSearch } from './ServerSearch';
import { SignaturesDialog } from '../documents/SignaturesDialog';
import type { SignableDocument } from '../documents/SignDialog';
import { useApi } from '../api/useApi';
import { useFieldErrors, useServerWrite } from '../components/serverErrors';

/** An issued document of the school (a contract, a history, a declaration…): the school may sign it (issue 39). */
const signable = (type: string) => type in DOCUMENT_TYPE_NAMES;

export interface IssuedDocument {
  id: number;
  type: string;
  folder: string;
  file_name: string;
  /** The name it downloads under (`000012_52998224725_CERTIFICATE.pdf`); absent on older documents. */
  document_name?: string | null;
  code?: string | null;
  created_at: string;
  /** Revoked (issue 35): kept for the records, its code answers "revogado" on the public page. */
  revoked_at?: string | null;
}

interface StudentOption {
  id: number;
  name: string;
  cpf: string | null;
}

/** 'Certificado — emitido em 10/02/2026': what a secretary looks for, not the stored file's name. */
const describe = (d: IssuedDocument) =>
  `${documentTypeName(d.type)} — emitido em ${formatDate(d.created_at)}` +
  (d.revoked_at ? ` — revogado em ${formatDate(d.revoked_at)}` : '');

const docPath = (d: IssuedDocument) => `${encodeURIComponent(d.folder)}/${encodeURIComponent(d.file_name)}`;

// Homonyms are common: the CPF tells two "MARIA DA SILVA" apart.
const studentLabel = (s: StudentOption) => (s.cpf ? `${upper(s.name)} — ${applyMask(s.cpf, CPF_MASK)}` : upper(s.name));

/** Moves an issued document to another student, chosen by a search on the server. */
export function TransferDocumentDialog({
  studentId,
  issued,
  onClose,
}: {
  studentId: number;
  issued: IssuedDocument | null;
  onClose: () => void;
}) {
  const api = useApi();
  const write = useServerWrite();
  const [target, setTarget] = useState<StudentOption | null>(null);
  const [busy, setBusy] = useState(false);
  const marks = useFieldErrors();
  const close = () => {
    setTarget(null);
    marks.setErrors({});
    onClose();
  };
  const transfer = async () => {
    if (!issued || !target) return;
    setBusy(true);
    const result = await write(() => api.transferDocument(issued.id, target.id), {
      fallback: 'Erro ao transferir o documento.',
      fields: ['student_id'],
    });
    setBusy(false);
    if (result.ok) close();
    else marks.setErrors(result.errors);
  };
  return (
    <Dialog
      open={issued !== null}
      onClose={busy ? undefined : close}
      aria-labelledby="transfer-document-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="transfer-document-title">Transferir documento</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{issued ? describe(issued) : ''}</DialogContentText>
        <ServerSearch
          path="/students"
          label="Aluno de destino"
          value={target}
          onChange={(next) => (setTarget(next), marks.clear('student_id'))}
          error={marks.errors.student_id}
          optionLabel={studentLabel}
          noOptionsText="Nenhum aluno encontrado"
          exclude={(s) => s.id === studentId}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void transfer()} disabled={busy || !target}>
          Transferir
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Tab DOCUMENTOS: issue a history or certificate; download, transfer or revoke an issued one (contracts too); a revoked
 * one stays listed, with its date of revocation, for the records.
 */
export function DocumentsTab({ studentId, documents }: { studentId: number; documents: IssuedDocument[] }) {
  const notify = useNotify();
  const api = useApi();
  const write = useServerWrite();
  const [removing, setRemoving] = useState<IssuedDocument | null>(null);
  const [moving, setMoving] = useState<IssuedDocument | null>(null);
  const [signatures, setSignatures] = useState<SignableDocument | null>(null);
  // Issuing, moving and removing documents change the student's record; downloading only reads it.
  const canWrite = useAllows()('students.write');
  const download = async (d: IssuedDocument) => {
    try {
      openBlob(await apiBlob(`/documents/storage/${docPath(d)}`));
    } catch {
      notify('Não foi possível baixar o documento.', { type: 'error' });
    }
  };
  const remove = async () => {
    if (removing)
      await write(() => api.removeDocument(removing), { fallback: 'Erro ao remover o documento.', fields: [] });
    setRemoving(null);
  };
  return (
    <>
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Button variant="contained" component={Link} to={`/admin/historico/${studentId}/registrar`}>
            Gerar histórico
          </Button>
          <Button variant="contained" component={Link} to={`/admin/certificado/${studentId}/registrar`}>
            Gerar certificado
          </Button>
        </Stack>
      )}
      {documents.length === 0 ? (
        <Typography>Nenhum documento emitido para este aluno.</Typography>
      ) : (
        <List dense aria-label="Documentos emitidos">
          {documents.map((d) => (
            <ListItem
              key={d.id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label="Baixar documento" onClick={() => void download(d)}>
                    <DownloadIcon />
                  </IconButton>
                  {canWrite && !d.revoked_at && (
                    <>
                      {/* A document the school issued is signed electronically by it (issue 39). */}
                      {signable(d.type) && (
                        <IconButton
                          aria-label="Assinaturas"
                          onClick={() =>
                            setSignatures({ id: d.id, folder: d.folder, file_name: d.file_name, label: describe(d) })
                          }
                        >
                          <DrawIcon />
                        </IconButton>
                      )}
                      <IconButton aria-label="Transferir para outro aluno" onClick={() => setMoving(d)}>
                        <MoveIcon />
                      </IconButton>
                      {/* Revokes it (the server keeps it, and its code answers "revogado"), after the confirmation. */}
                      <IconButton aria-label="Remover documento" color="error" onClick={() => setRemoving(d)}>
                        <DeleteIcon />
                      </IconButton>
                    </>
                  )}
                </>
              }
            >
              <ListItemText
                primary={describe(d)}
                slotProps={{ primary: { color: d.revoked_at ? 'text.secondary' : undefined } }}
                secondary={
                  [d.code ? `Código de validação: ${d.code}` : '', d.document_name ?? ''].filter(Boolean).join(' · ') ||
                  undefined
                }
                sx={{ pr: signable(d.type) ? 17 : 12 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDeleteDialog
        open={removing !== null}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
      <TransferDocumentDialog studentId={studentId} issued={moving} onClose={() => setMoving(null)} />
      <SignaturesDialog studentId={studentId} document={signatures} onClose={() => setSignatures(null)} />
    </>
  );
}
