import ExportIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { apiBlob, saveBlob } from '../api/files';
import { FinanceTab } from '../finance/FinanceTab';
import type { FinanceEnrolment } from '../finance/charges';
import { BooksTab, type Book } from './BooksTab';
import { DocumentsTab, type IssuedDocument } from './DocumentsTab';
import { EnrolmentsTab, type Enrolment } from './EnrolmentsTab';
import { ObservationsTab, type Observation } from './ObservationsTab';

/** LGPD access request: everything the school holds about the student, saved as `aluno-{id}-dados.json`. */
export function ExportStudentButton({ studentId }: { studentId: number }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await apiBlob(`/students/${studentId}/export`), `aluno-${studentId}-dados.json`);
    } catch {
      notify('Não foi possível exportar os dados do aluno.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<ExportIcon />} onClick={() => void download()} disabled={busy} sx={{ flexShrink: 0 }}>
      Exportar dados (LGPD)
    </Button>
  );
}

/** The student's edit screen tabs: MATRÍCULAS, FINANCEIRO, DOCUMENTOS, LIVROS, OBSERVAÇÕES, and the LGPD export. */
export function StudentTabs() {
  const record = useRecordContext();
  const [tab, setTab] = useState(0);
  if (!record) return null;
  const id = Number(record.id);
  const enrolments = (record.registrations ?? []) as Enrolment[];
  return (
    // The pendencies table needs the width of the screen; the other tabs read better narrow.
    <Card sx={{ mt: 2, maxWidth: tab === 1 ? 'none' : 900 }}>
      <Stack direction="row" alignItems="center" flexWrap="wrap" sx={{ borderBottom: 1, borderColor: 'divider', pr: 1 }}>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" aria-label="Dados do aluno" sx={{ flex: 1, minWidth: 0 }}>
          <Tab label="Matrículas" />
          <Tab label="Financeiro" />
          <Tab label="Documentos" />
          <Tab label="Livros" />
          <Tab label="Observações" />
        </Tabs>
        <ExportStudentButton studentId={id} />
      </Stack>
      <CardContent>
        <Box role="tabpanel">
          {tab === 0 && <EnrolmentsTab studentId={id} enrolments={enrolments} />}
          {tab === 1 && <FinanceTab studentId={id} enrolments={enrolments as FinanceEnrolment[]} />}
          {tab === 2 && <DocumentsTab studentId={id} documents={(record.documents ?? []) as IssuedDocument[]} />}
          {tab === 3 && <BooksTab studentId={id} books={(record.books ?? []) as Book[]} enrolments={enrolments} />}
          {tab === 4 && <ObservationsTab studentId={id} observations={(record.observations ?? []) as Observation[]} />}
        </Box>
      </CardContent>
    </Card>
  );
}
