import type { Meta, StoryObj } from '@storybook/react-vite';
import { PublicTheme } from '../src/public/PublicTheme';
import { FileCheckResult, VerifyResult } from '../src/public/VerifyResult';

const CODE = 'CONT_8F3K2M7Q9X4D5N1R';
const FAMILY = {
  name: 'Marta Oliveira Santos',
  signed_at: '2026-11-18T13:42:00.000Z',
  text: 'Assinado eletronicamente por Marta Oliveira Santos em 18/11/2026 10:42',
};
const SCHOOL = {
  name: 'Ana Paula Ribeiro',
  signed_at: '2026-11-19T17:05:00.000Z',
  text: 'Assinado eletronicamente por Ana Paula Ribeiro (pela escola) em 19/11/2026 14:05',
};

/** The public page `/verificar/{code}` of an electronically signed contract (issue 39). */
const meta = {
  title: 'Público/Verificação de documento assinado',
  component: VerifyResult,
  args: {
    code: CODE,
    lookup: {
      state: 'found',
      document: {
        type: 'CONTRACT',
        type_name: 'Contrato',
        created_at: SCHOOL.signed_at,
        student: { name: 'Pedro Henrique Santos' },
        team: null,
        title: 'Contrato de prestação de serviços educacionais 2027',
        signatures: [FAMILY, SCHOOL],
        superseded: false,
      },
    },
  },
  decorators: [
    (Story) => (
      <PublicTheme>
        <div style={{ maxWidth: 720, padding: 16 }}>{Story()}</div>
      </PublicTheme>
    ),
  ],
} satisfies Meta<typeof VerifyResult>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed by the family and then by the school: each signer's line, oldest first. */
export const SignedByBoth: Story = {
  parameters: {
    expectText: ['Documento válido', 'Pedro Henrique Santos', FAMILY.text, SCHOOL.text, '19/11/2026'],
  },
};

/** The family's version, after the school signed a newer one: still valid, and the newer one is mentioned. */
export const Superseded: Story = {
  args: {
    lookup: {
      state: 'found',
      document: {
        type: 'CONTRACT',
        type_name: 'Contrato',
        created_at: FAMILY.signed_at,
        student: null,
        team: null,
        title: 'Contrato de prestação de serviços educacionais 2027',
        signatures: [FAMILY],
        superseded: true,
      },
    },
  },
  parameters: {
    expectText: [
      FAMILY.text,
      'Existe uma versão mais nova deste documento, com mais assinaturas. Esta versão continua válida como foi assinada.',
    ],
  },
};

/** A signature whose validity ended. */
export const Expired: Story = {
  args: {
    lookup: {
      state: 'expired',
      document: {
        type_name: 'Contrato',
        expired_at: '2026-12-31T23:59:00.000Z',
        message: 'A assinatura deste documento expirou e ele não tem mais validade.',
      },
    },
  },
  parameters: {
    expectText: [
      'Assinatura expirada',
      CODE,
      'A assinatura deste documento expirou e ele não tem mais validade. Contrato, expirado em 31/12/2026.',
    ],
  },
};

/** Revoked by Administração: the same plain "revogado" as any revoked document. */
export const Revoked: Story = {
  args: {
    lookup: {
      state: 'revoked',
      document: {
        type_name: 'Contrato',
        created_at: '2026-11-19T17:05:00.000Z',
        revoked_at: '2026-11-21T12:30:00.000Z',
        message: 'Este documento foi revogado pela escola e não tem mais validade.',
      },
    },
  },
  parameters: { expectText: ['Documento revogado', 'Contrato, emitido em 19/11/2026 e revogado em 21/11/2026.'] },
};

/** "Conferir arquivo": the PDF the visitor holds is the signed one. */
export const FileMatches: Story = {
  render: () => (
    <FileCheckResult
      check={{ match: true, message: 'O arquivo confere com o documento assinado.', fileName: 'contrato-2027.pdf' }}
    />
  ),
  parameters: { expectText: ['O arquivo confere com o documento assinado.', 'Arquivo conferido: contrato-2027.pdf'] },
};

/** Another PDF, or an edited copy. */
export const FileDiffers: Story = {
  render: () => (
    <FileCheckResult
      check={{
        match: false,
        message: 'O arquivo NÃO confere com o documento assinado: ele foi alterado ou é outro documento.',
        fileName: 'contrato-editado.pdf',
      }}
    />
  ),
  parameters: {
    expectText: [
      'O arquivo NÃO confere com o documento assinado: ele foi alterado ou é outro documento.',
      'Arquivo conferido: contrato-editado.pdf',
    ],
  },
};
