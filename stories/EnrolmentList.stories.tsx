import type { Meta, StoryObj } from '@storybook/react-vite';
import { EnrolmentsTab } from '../src/students/EnrolmentsTab';
import { withAdmin } from './support';

/** Tab MATRÍCULAS: numbers padded to 6 digits, the team, and each contract present or absent. */
const meta = {
  title: 'Alunos/Matrículas',
  component: EnrolmentsTab,
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
  args: {
    studentId: 7,
    enrolments: [
      {
        id: 12,
        number: '000012',
        team: { id: 3, name: 'Enfermagem 2026.1' },
        file_url_contract: '/exports/student-contract/7/3',
        contract_updated_at: '2026-11-21T17:05:00.000Z',
      },
      {
        id: 31,
        number: '000031',
        team: { id: 5, name: 'Ensino Médio EJA 2026' },
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
    ],
  },
};

export const Empty: Story = {
  args: { enrolments: [] },
  parameters: { expectText: 'Não há matrícula registrada para este aluno.' },
};
