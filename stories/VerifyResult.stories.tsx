import type { Meta, StoryObj } from '@storybook/react-vite';
import { PublicTheme } from '../src/public/PublicTheme';
import { ALTERED, AUTHENTIC, FileCheckResult, VerifyResult } from '../src/public/VerifyResult';

const CODE = 'HIST_7Q2M9X4K8D3N5P1R';

/** The public page `/verificar/{code}`: the answer for the code and the verdict on a received file. */
const meta = {
  title: 'Público/Verificação de documento',
  component: VerifyResult,
  args: {
    code: CODE,
    lookup: {
      state: 'found',
      document: {
        type: 'HISTORY',
        type_name: 'Histórico escolar',
        created_at: '2026-11-23T13:00:00.000Z',
        student: { name: 'Heloísa Martins Costa' },
        team: { name: 'Turma Médio 2026 A' },
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

/** A valid code: holder, type, team and issue date only. */
export const Valid: Story = {
  parameters: {
    expectText: ['Documento válido', 'Heloísa Martins Costa', 'Histórico escolar', 'Turma Médio 2026 A', '23/11/2026'],
  },
};

/** A contract is verified like a history or a certificate. */
export const ValidContract: Story = {
  args: {
    code: 'CONT_ABCDEFGHJKMNPQRS',
    lookup: {
      state: 'found',
      document: {
        type: 'CONTRACT',
        type_name: 'Contrato',
        created_at: '2026-03-05T13:00:00.000Z',
        student: { name: 'Otávio Lima' },
        team: { name: 'Técnico em Enfermagem' },
      },
    },
  },
  parameters: { expectText: ['Documento válido', 'CONT_ABCDEFGHJKMNPQRS', 'Contrato', 'Otávio Lima', '05/03/2026'] },
};

/** What a visitor sees after dropping an altered copy: the code is valid, the file is not the one issued. */
export const ValidCodeAlteredCopy: Story = {
  render: (args) => (
    <>
      <VerifyResult {...args} />
      <div style={{ marginTop: 16 }}>
        <FileCheckResult
          check={{
            match: false,
            message: 'Este arquivo NÃO é o documento emitido pela escola: ele foi alterado ou é outro documento.',
            fileName: 'historico-editado.pdf',
          }}
        />
      </div>
    </>
  ),
  parameters: {
    expectText: ['Documento válido', 'Heloísa Martins Costa', ALTERED, 'Arquivo conferido: historico-editado.pdf'],
  },
};

/** The lookup itself failed (no connection, too many tries): said so, not mistaken for an invalid code. */
export const LookupFailed: Story = {
  args: { lookup: { state: 'error', message: 'Muitas consultas em pouco tempo. Tente novamente em um minuto.' } },
  parameters: {
    expectText: ['Não foi possível verificar', 'Muitas consultas em pouco tempo. Tente novamente em um minuto.'],
  },
};

/** The file dropped is not a PDF. */
export const NotAPdf: Story = {
  render: () => (
    <FileCheckResult check={{ match: null, message: 'Envie o documento em PDF (até 10 MB).', fileName: 'foto.jpg' }} />
  ),
  parameters: { expectText: 'Envie o documento em PDF (até 10 MB).' },
};

/** A code of a document the school revoked (issue 35): said so, with its type and dates, not whose it was. */
export const Revoked: Story = {
  args: {
    code: 'CERT_4K7M2Q9X8D3N5P1R',
    lookup: {
      state: 'revoked',
      document: {
        type_name: 'Certificado',
        created_at: '2026-03-10T13:00:00.000Z',
        revoked_at: '2026-03-12T17:30:00.000Z',
        message: 'Este documento foi revogado pela escola e não tem mais validade.',
      },
    },
  },
  parameters: {
    expectText: [
      'Documento revogado',
      'CERT_4K7M2Q9X8D3N5P1R',
      'Certificado, emitido em 10/03/2026 e revogado em 12/03/2026.',
    ],
  },
};

/** An unknown code. */
export const NotFound: Story = {
  args: { lookup: { state: 'not-found', message: 'Não foi encontrado nenhum documento válido com este código.' } },
  parameters: {
    expectText: ['Documento não encontrado', 'Não foi encontrado nenhum documento válido com este código.'],
  },
};

/** The file dropped is byte for byte the one issued. */
export const AuthenticFile: Story = {
  render: () => (
    <FileCheckResult
      check={{
        match: true,
        message: 'Este arquivo é exatamente o documento emitido pela escola.',
        fileName: 'historico.pdf',
      }}
    />
  ),
  parameters: { expectText: [AUTHENTIC, 'Arquivo conferido: historico.pdf'] },
};

/** The file dropped was changed after it was issued. */
export const AlteredFile: Story = {
  render: () => (
    <FileCheckResult
      check={{
        match: false,
        message: 'Este arquivo NÃO é o documento emitido pela escola: ele foi alterado ou é outro documento.',
        fileName: 'historico-editado.pdf',
      }}
    />
  ),
  parameters: { expectText: [ALTERED, 'Arquivo conferido: historico-editado.pdf'] },
};
