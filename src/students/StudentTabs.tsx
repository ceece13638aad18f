import ExportIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useState, type ComponentType } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useAllows } from '../admin/useAllows';
import { apiBlob, saveBlob } from '../api/files';
import { FinanceTab } from '../finance/FinanceTab';
import type { FinanceEnrolment } from '../finance/charges';
import { AccessLogTab } from './AccessLogTab';
import { AttendanceTab } from './AttendanceTab';
import { BooksTab, type Book } from './BooksTab';
import { DocumentsTab, type IssuedDocument } from './DocumentsTab';
import { EnrolmentsTab, type Enrolment } from './EnrolmentsTab';
import { GuardiansTab } from './GuardiansTab';
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

/** A record of the edit screen, as its tabs read it. */
type StudentRecord = Record<string, unknown> & { id: number | string };

const enrolmentsOf = (record: StudentRecord) => (record.registrations ?? []) as Enrolment[];

/**
 * The student's record tabs after the form: MATRÍCULAS, RESPONSÁVEIS, FINANCEIRO, DOCUMENTOS, FREQUÊNCIA, LIVROS,
 * OBSERVAÇÕES, ACESSOS (LGPD) (the edit screen shows them at the top, see src/resources/RecordTabs.tsx).
 */
export const STUDENT_TABS: {
  label: string;
  wide?: boolean;
  access?: string;
  Panel: ComponentType<{ record: StudentRecord }>;
}[] = [
  {
    label: 'Matrículas',
    Panel: ({ record }) => <EnrolmentsTab studentId={Number(record.id)} enrolments={enrolmentsOf(record)} />,
  },
  // Guardians' CPF, phone and e-mail are personal data; read from the server when opened (siblings share them).
  {
    label: 'Responsáveis',
    access: 'students.personal',
    Panel: ({ record }) => <GuardiansTab studentId={Number(record.id)} />,
  },
  // The pendencies table needs the width of the screen.
  {
    label: 'Financeiro',
    wide: true,
    access: 'finance.read',
    Panel: ({ record }) => (
      <FinanceTab studentId={Number(record.id)} enrolments={enrolmentsOf(record) as FinanceEnrolment[]} />
    ),
  },
  // Issued documents carry the student's CPF, RG and parents (their names, the CPF): personal data.
  {
    label: 'Documentos',
    access: 'students.personal',
    Panel: ({ record }) => (
      <DocumentsTab studentId={Number(record.id)} documents={(record.documents ?? []) as IssuedDocument[]} />
    ),
  },
  // Read from the server when opened: the diary changes every school day.
  {
    label: 'Frequência',
    Panel: ({ record }) => <AttendanceTab studentId={Number(record.id)} />,
  },
  {
    label: 'Livros',
    Panel: ({ record }) => (
      <BooksTab
        studentId={Number(record.id)}
        books={(record.books ?? []) as Book[]}
        enrolments={enrolmentsOf(record)}
      />
    ),
  },
  {
    label: 'Observações',
    Panel: ({ record }) => (
      <ObservationsTab studentId={Number(record.id)} observations={(record.observations ?? []) as Observation[]} />
    ),
  },
  // Read from the server when opened (never part of the record: reading the log is not itself logged).
  {
    label: 'Acessos (LGPD)',
    access: 'students.access_log',
    Panel: ({ record }) => <AccessLogTab studentId={Number(record.id)} />,
  },
];

/** Beside the tabs: the LGPD export of the student (it holds the personal data: `students.personal`). */
export function StudentTabsExtra() {
  const record = useRecordContext();
  const allows = useAllows();
  return record && allows('students.personal') ? <ExportStudentButton studentId={Number(record.id)} /> : null;
}
