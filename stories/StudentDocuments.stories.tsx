import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DocumentsTab, TransferDocumentDialog, type IssuedDocument } from '../src/students/DocumentsTab';
import { withAdmin } from './support';

const DOCUMENTS: IssuedDocument[] = [
  { id: 7, type: 'CERTIFICATE', folder: 'certificate', file_name: '0b4f6c1e-certificado.pdf', created_at: '2026-02-10T14:30:00.000Z' },
  { id: 9, type: 'TRANSCRIPT', folder: 'transcript', file_name: '5d2a9e77-historico.pdf', created_at: '2026-03-02T12:00:00.000Z' },
];

/** Tab DOCUMENTOS of the student's edit screen: issue, download, transfer to another student, remove. */
const meta = {
  title: 'Alunos/Documentos',
  component: DocumentsTab,
  args: { studentId: 1, documents: DOCUMENTS },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof DocumentsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two issued documents, each with its download, transfer and remove buttons. */
export const Issued: Story = {
  parameters: { expectText: ['Gerar histórico', 'Gerar certificado', 'CERTIFICATE — 0b4f6c1e-certificado.pdf', '10/02/2026'] },
};

export const Empty: Story = {
  args: { documents: [] },
  parameters: { expectText: 'Nenhum documento emitido para este aluno.' },
};

/** The transfer dialog open (the student search asks the server, absent here: no options). */
export const TransferDialog: Story = {
  render: () => <TransferDocumentDialog studentId={1} issued={DOCUMENTS[0]} onClose={fn()} />,
  parameters: { expectText: ['Transferir documento', 'Aluno de destino', 'Transferir', 'Cancelar'] },
};
