import DownloadIcon from '@mui/icons-material/Download';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { formatDate } from '../format';
import type { PortalDocument } from './api';

export interface DocumentsViewProps {
  documents: PortalDocument[];
  onDownload: (document: PortalDocument) => void;
  onRequest: () => void;
  requesting?: boolean;
  /** The outcome of the last request: the server's words. */
  notice?: { severity: 'success' | 'error'; text: string } | null;
}

/** Documentos: the issued documents (Baixar, Verificar) and the declaration of enrolment, issued at once. */
export function DocumentsView({ documents, onDownload, onRequest, requesting, notice }: DocumentsViewProps) {
  return (
    <Stack spacing={2}>
      <Button
        variant="contained"
        onClick={onRequest}
        disabled={requesting}
        startIcon={requesting ? <CircularProgress size={18} /> : undefined}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        Solicitar declaração de matrícula
      </Button>
      {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
      {documents.length === 0 ? (
        <Typography>Nenhum documento emitido para este aluno.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Documentos emitidos"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        >
          {documents.map((d) => (
            <Card variant="outlined" component="li" key={d.id}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography sx={{ fontWeight: 700 }}>{d.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Emitido em {formatDate(d.issued_at)} · Código {d.code}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button
                    startIcon={<DownloadIcon />}
                    onClick={() => onDownload(d)}
                    aria-label={`Baixar ${d.title} de ${formatDate(d.issued_at)}`}
                  >
                    Baixar
                  </Button>
                  <Button
                    startIcon={<VerifiedIcon />}
                    component="a"
                    href={d.verify_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Verificar ${d.title} (código ${d.code})`}
                  >
                    Verificar
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}
