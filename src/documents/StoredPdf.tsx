import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useEffect, useState } from 'react';
import { apiBlob } from '../api/files';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { storedPath } from './student';

export interface StoredPdfProps {
  document: { folder: string; file_name: string; code: string | null };
  title: string;
  deleteLabel: string;
  deleting?: boolean;
  /** Once the person said yes in the confirmation (spec §2.9): the document is revoked, its code told so. */
  onDelete: () => void;
  /** The file could not be fetched: the screens treat that as "no document" (spec §4). */
  onMissing?: () => void;
}

/**
 * An issued PDF shown in the page (fetched with the session's token), with its delete button, which asks
 * 'Deseja confirmar a ação?' first: the document was handed out and its code is checked publicly.
 */
export function StoredPdf({ document, title, deleteLabel, deleting, onDelete, onMissing }: StoredPdfProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const path = storedPath(document);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    apiBlob(`/documents/storage/${path}`)
      .then((blob) => {
        if (!alive) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => alive && onMissing?.());
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
    // onMissing is a callback of the parent: a new one must not fetch the file again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
        <Button
          variant="contained"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={() => setAsking(true)}
          disabled={deleting}
        >
          {deleteLabel}
        </Button>
        {document.code && (
          <Typography variant="body2">
            Código de validação: <strong>{document.code}</strong>
          </Typography>
        )}
      </Stack>
      {url ? (
        <Box
          component="iframe"
          title={title}
          src={url}
          sx={{ width: '100%', height: 680, border: 1, borderColor: 'divider' }}
        />
      ) : (
        <CircularProgress aria-label="Carregando o documento" />
      )}
      <ConfirmDeleteDialog
        open={asking}
        busy={deleting}
        onConfirm={() => {
          setAsking(false);
          onDelete();
        }}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
