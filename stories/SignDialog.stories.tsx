import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import type { DocumentSignature } from '../dataProvider/signatures';
import { SignaturesDialog } from '../src/documents/SignaturesDialog';
import { SignDialog } from '../src/documents/SignDialog';
import { createMemoryDataProvider, withAdmin } from './support';

const CONTRACT = {
  id: 41,
  folder: 'contract',
  file_name: '000041_52998224725_CONTRACT.pdf',
  label: 'Contrato — emitido em 18/11/2026',
};
const FAMILY: DocumentSignature = {
  id: 12,
  signer_name: 'Marta Oliveira Santos',
  signer_kind: 'guardian',
  signed_at: '2026-11-18T13:42:00.000Z',
  document_code: 'CONT_8F3K2M7Q9X4D5N1R',
  document_id: 41,
  revoked_at: null,
};

/** The data layer of the dialogs: a small PDF to read, a code "sent", the contract's signatures. */
const dataProvider = {
  ...createMemoryDataProvider(),
  getDocumentFile: () => Promise.resolve(new Blob(['%PDF-1.4 contrato'], { type: 'application/pdf' })),
  sendSignatureCode: () =>
    Promise.resolve({ sent_to: 'a***@escolamodelo.edu.br', message: 'Enviamos um código de 6 dígitos.' }),
  signDocument: () =>
    Promise.resolve({
      data: { signature_id: 13, code: 'CONT_2Q7M4X9K8D3N5P1R', document_id: 42 },
      message: 'Documento assinado pela escola. Nova versão com o código CONT_2Q7M4X9K8D3N5P1R.',
    }),
  getDocumentSignatures: () => Promise.resolve([FAMILY]),
  revokeSignature: () => Promise.resolve({ message: 'Assinatura revogada.' }),
};

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** "Assinar pela escola" on a student's contract (Alunos › DOCUMENTOS). */
const meta = {
  title: 'Alunos/Assinar pela escola',
  component: SignDialog,
  args: { studentId: 7, document: CONTRACT, onClose: () => undefined },
  decorators: [withAdmin({ dataProvider })],
} satisfies Meta<typeof SignDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened: read the document, then ask for the code. */
export const Opened: Story = {
  parameters: { expectText: ['Assinar pela escola', 'Enviar código', 'Ler o documento'] },
};

/** The code was e-mailed to the signed-in secretary: the 6-digit field appears. */
export const CodeSent: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Enviar código' }));
  },
  parameters: { expectText: ['Código enviado para a***@escolamodelo.edu.br. Ele vale por 15 minutos.'] },
};

/** Signed: the new version's code. */
export const Signed: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Enviar código' }));
    await userEvent.type(await page.findByLabelText('Código de 6 dígitos'), '482913');
    await userEvent.click(await page.findByRole('button', { name: 'Assinar' }));
  },
  parameters: { expectText: ['CONT_2Q7M4X9K8D3N5P1R'] },
};

/** The contract's signatures (the family's here), with "Assinar pela escola" and, for Administração, "Revogar". */
export const SignatureList: Story = {
  render: () => <SignaturesDialog studentId={7} document={CONTRACT} onClose={() => undefined} />,
  parameters: {
    expectText: ['Marta Oliveira Santos (família) — 18/11/2026 10:42', 'Assinar pela escola', 'Revogar'],
  },
};
