import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link } from 'react-router-dom';
import { API_BASE, apiRequest, getToken } from '../api/http';
import { formatDate } from '../format';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { BooksTab, type Book } from './BooksTab';
import { EnrolmentsTab, type Enrolment } from './EnrolmentsTab';
import { ObservationsTab, type Observation } from './ObservationsTab';

interface IssuedDocument {
  id: number;
  type: string;
  folder: string;
  file_name: string;
  created_at: string;
}

const docPath = (d: IssuedDocument) => `${encodeURIComponent(d.folder)}/${encodeURIComponent(d.file_name)}`;

function DocumentsTab({ studentId, documents }: { studentId: number; documents: IssuedDocument[] }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [removing, setRemoving] = useState<IssuedDocument | null>(null);
  const download = async (d: IssuedDocument) => {
    const response = await fetch(`${API_BASE}/documents/storage/${docPath(d)}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
    if (!response.ok) return notify('Não foi possível baixar o documento.', { type: 'error' });
    const url = URL.createObjectURL(await response.blob());
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const remove = async () => {
    if (removing) {
      try {
        notify((await apiRequest<{ message: string }>(`/documents/${docPath(removing)}/remove`)).message, { type: 'success' });
        refresh();
      } catch (error) {
        notify(error instanceof Error ? error.message : 'Erro ao remover o documento.', { type: 'error' });
      }
    }
    setRemoving(null);
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button variant="contained" component={Link} to={`/admin/historico/${studentId}/registrar`}>
          Gerar histórico
        </Button>
        <Button variant="contained" component={Link} to={`/admin/certificado/${studentId}/registrar`}>
          Gerar certificado
        </Button>
      </Stack>
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
                  <IconButton aria-label="Remover documento" color="error" onClick={() => setRemoving(d)}>
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={`${d.type} — ${d.file_name}`} secondary={formatDate(d.created_at)} />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDeleteDialog open={removing !== null} onConfirm={() => void remove()} onCancel={() => setRemoving(null)} />
    </>
  );
}

/** The student's edit screen tabs: MATRÍCULAS, DOCUMENTOS, LIVROS, OBSERVAÇÕES. */
export function StudentTabs() {
  const record = useRecordContext();
  const [tab, setTab] = useState(0);
  if (!record) return null;
  const id = Number(record.id);
  const enrolments = (record.registrations ?? []) as Enrolment[];
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }}>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" aria-label="Dados do aluno">
        <Tab label="Matrículas" />
        <Tab label="Documentos" />
        <Tab label="Livros" />
        <Tab label="Observações" />
      </Tabs>
      <CardContent>
        <Box role="tabpanel">
          {tab === 0 && <EnrolmentsTab studentId={id} enrolments={enrolments} />}
          {tab === 1 && <DocumentsTab studentId={id} documents={(record.documents ?? []) as IssuedDocument[]} />}
          {tab === 2 && <BooksTab studentId={id} books={(record.books ?? []) as Book[]} enrolments={enrolments} />}
          {tab === 3 && <ObservationsTab studentId={id} observations={(record.observations ?? []) as Observation[]} />}
        </Box>
      </CardContent>
    </Card>
  );
}
