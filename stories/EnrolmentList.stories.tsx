import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { EnrolmentsTab } from '../src/students/EnrolmentsTab';
import { withAdmin } from './support';
import { createMemoryDataProvider } from './support/memoryDataProvider';

/** What the dialogs of issue 38 read and answer, as the server would for these enrolments. */
const movementsProvider = {
  ...createMemoryDataProvider({}),
  getPriorStudies: async () => [
    {
      id: 1,
      registration_id: 44,
      year: 2025,
      series: '6º ano',
      discipline: 'Língua Portuguesa',
      grade: '8,5',
      hours: 160,
    },
    { id: 2, registration_id: 44, year: 2025, series: '6º ano', discipline: 'Matemática', grade: '7,0', hours: 160 },
    { id: 3, registration_id: 44, year: 2025, series: '6º ano', discipline: 'Ciências', grade: 'B', hours: null },
  ],
};

/** Tab MATRÍCULAS: numbers padded to 6 digits, the team, the enrolment's dates, and each contract present or absent. */
const meta = {
  title: 'Alunos/Matrículas',
  component: EnrolmentsTab,
  decorators: [withAdmin({ resource: 'alunos', titleBar: false, dataProvider: movementsProvider })],
  args: {
    studentId: 7,
    enrolments: [
      {
        id: 12,
        number: '000012',
        team: { id: 3, name: 'Enfermagem 2026.1' },
        enrolled_on: '2026-02-09',
        left_on: null,
        file_url_contract: '/exports/student-contract/7/3',
        contract_updated_at: '2026-11-21T17:05:00.000Z',
      },
      {
        id: 31,
        number: '000031',
        team: { id: 5, name: 'Ensino Médio EJA 2026' },
        enrolled_on: '2026-03-10',
        left_on: '2026-06-30',
        file_url_contract: null,
        contract_updated_at: null,
      },
    ],
  },
} satisfies Meta<typeof EnrolmentsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAndWithoutContract: Story = {
  parameters: {
    // The contract time is shown in the school's time zone (UTC−3): 17:05Z is 14:05.
    expectText: [
      '000012 / ENFERMAGEM 2026.1',
      '000031 / ENSINO MÉDIO EJA 2026',
      'CONTRATO AUSENTE',
      'Atualizar contrato',
      'Gerar contrato',
      'gerado em 21/11/2026 14:05',
      'Matrícula em 09/02/2026',
      'Matrícula em 10/03/2026 · saída em 30/06/2026',
    ],
  },
};

export const Empty: Story = {
  args: { enrolments: [] },
  parameters: { expectText: 'Não há matrícula registrada para este aluno.' },
};

/** "Alterar datas" opened: the enrolment day and the exit day, as the office changes them. */
export const ChangingDates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Alterar datas da matrícula 000031' }));
  },
  parameters: { expectText: ['Datas da matrícula 000031', 'Data da matrícula', 'Data de saída'] },
};

/** Leaving and arriving (issue 38): a transfer with its papers, an abandonment, a student who came from elsewhere. */
export const LeavingAndArriving: Story = {
  args: {
    enrolments: [
      {
        id: 44,
        number: '000044',
        team: { id: 6, name: '7º Ano B - Tarde' },
        enrolled_on: '2026-02-02',
        left_on: '2026-09-18',
        file_url_contract: null,
        contract_updated_at: null,
        origin_school: 'Escola Municipal Irmã Dulce',
        origin_city: 'Marabá',
        origin_uf: 'PA',
        movement: {
          kind: 'transferencia',
          date: '2026-09-18',
          destination_school: 'Escola Estadual Professora Maria Amélia',
          declaration_url: '/api/documents/storage/transfer/declaracao.pdf',
          history_url: '/api/documents/storage/history/historico.pdf',
        },
      },
      {
        id: 45,
        number: '000045',
        team: { id: 8, name: 'Ensino Médio EJA 2026' },
        enrolled_on: '2026-03-10',
        left_on: '2026-05-04',
        file_url_contract: null,
        contract_updated_at: null,
        movement: {
          kind: 'abandono',
          date: '2026-05-04',
          destination_school: null,
          declaration_url: null,
          history_url: null,
        },
      },
      {
        id: 46,
        number: '000046',
        team: { id: 3, name: 'Enfermagem 2026.1' },
        enrolled_on: '2026-02-09',
        left_on: null,
        file_url_contract: null,
        contract_updated_at: null,
      },
    ],
  },
  parameters: {
    expectText: [
      'Matrícula em 02/02/2026 · saída em 18/09/2026 · Transferência para Escola Estadual Professora Maria Amélia · ' +
        'veio de Escola Municipal Irmã Dulce',
      'Declaração de transferência',
      'Histórico escolar',
      'Matrícula em 10/03/2026 · saída em 04/05/2026 · Abandono',
      'Transferir',
      'Registrar saída',
    ],
  },
};

/** "Transferir" opened on the enrolment that still runs: the day, where the student goes, and why. */
export const Transferring: Story = {
  ...LeavingAndArriving,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Transferir' }));
  },
  parameters: {
    expectText: ['Transferir — matrícula 000046', 'Escola de destino', 'Cidade de destino', 'Motivo'],
  },
};

/** "Escola de origem" of the student who came from Marabá, with the grades brought from there. */
export const SchoolOfOrigin: Story = {
  ...LeavingAndArriving,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Escola de origem' }))[0]);
  },
  parameters: {
    expectText: ['Escola de origem — matrícula 000044', 'Língua Portuguesa', 'Adicionar nota'],
  },
};
