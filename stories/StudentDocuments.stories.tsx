import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DocumentsTab, TransferDocumentDialog, type IssuedDocument } from '../src/students/DocumentsTab';
import { withAdmin } from './support';

const DOCUMENTS: IssuedDocument[] = [
  {
    id: 7,
    type: 'CERTIFICATE',
    folder: 'certificate',
    file_name: '0b4f6c1e-certificado.pdf',
    document_name: '000012_52998224725_CERTIFICATE.pdf',
    code: 'CERT_7Q2M9X4K8D3N5P1R',
    created_at: '2026-02-10T14:30:00.000Z',
  },
  {
    id: 9,
    type: 'HISTORY',
    folder: 'history',
    file_name: '5d2a9e77-historico.pdf',
    document_name: '000012_52998224725_HISTORY.pdf',
    code: 'HIST_0123456789ABCDEF',
    created_at: '2026-03-02T12:00:00.000Z',
  },
  {
    id: 11,
    type: 'CONTRACT',
    folder: 'contract',
    file_name: '9e8d7c6b-contrato.pdf',
    document_name: 'contrato-000012.pdf',
    code: 'CONT_ABCDEFGHJKMNPQRS',
    created_at: '2026-03-05T13:00:00.000Z',
  },
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

/**
 * A certificate, a history and a contract, each by its name in Portuguese and its issue date, with download, transfer
 * and remove.
 */
export const Issued: Story = {
  parameters: {
    expectText: [
      'Gerar histórico',
      'Gerar certificado',
      'Certificado — emitido em 10/02/2026',
      'Histórico escolar — emitido em 02/03/2026',
      'Contrato — emitido em 05/03/2026',
      'Código de validação: CONT_ABCDEFGHJKMNPQRS · contrato-000012.pdf',
    ],
  },
};

export const Empty: Story = {
  args: { documents: [] },
  parameters: { expectText: 'Nenhum documento emitido para este aluno.' },
};

/** The transfer dialog open (the student search asks the server, absent here: no options). */
export const TransferDialog: Story = {
  render: () => <TransferDocumentDialog studentId={1} issued={DOCUMENTS[0]} onClose={fn()} />,
  parameters: {
    expectText: [
      'Transferir documento',
      'Certificado — emitido em 10/02/2026',
      'Aluno de destino',
      'Transferir',
      'Cancelar',
    ],
  },
};
