import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate } from '../format';
import { BooksTab, type Book } from './BooksTab';
import { EnrolmentsTab, type Enrolment } from './EnrolmentsTab';
import { ObservationsTab, type Observation } from './ObservationsTab';

interface IssuedDocument {
  id: number;
  type: string;
  file_name: string;
  created_at: string;
}

function DocumentsTab({ studentId, documents }: { studentId: number; documents: IssuedDocument[] }) {
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
            <ListItem key={d.id} divider>
              <ListItemText primary={`${d.type} — ${d.file_name}`} secondary={formatDate(d.created_at)} />
            </ListItem>
          ))}
        </List>
      )}
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
