import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { EnrolmentsTab } from '../src/students/EnrolmentsTab';
import { withAdmin } from './support';

/** Tab MATRÍCULAS: numbers padded to 6 digits, the team, the enrolment's dates, and each contract present or absent. */
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
