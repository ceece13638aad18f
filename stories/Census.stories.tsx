import type { Meta, StoryObj } from '@storybook/react-vite';
import { CensusProblems, ReturnSummary } from '../src/census/CensusPage';
import { withAdmin } from './support';
import { CENSUS_PROBLEMS } from './support/census';

/**
 * Administração › Censo Escolar: what the Educacenso would refuse, as a react-admin list (kind, name search, sorting,
 * pages of 25, CSV), each problem a link to the form that fixes it.
 */
const meta = {
  title: 'Censo Escolar/Pendências',
  component: CensusProblems,
  decorators: [withAdmin()],
} satisfies Meta<typeof CensusProblems>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Early in the year: 27 problems over two pages, filtered by kind, searched by name, exported as CSV. */
export const SomeProblems: Story = {
  args: { problems: CENSUS_PROBLEMS },
  parameters: {
    expectText: ['Escola: código INEP não informado.', 'Aluno JOÃO DA SILVA GONÇALVES: cor/raça não informada.'],
  },
};

export const Complete: Story = {
  args: { problems: [] },
  parameters: { expectText: ['Nenhuma pendência: os dados do Censo estão completos para exportar.'] },
};

/** What INEP's return file wrote, and who it did not find. */
export const ReturnFile: StoryObj<typeof ReturnSummary> = {
  render: (args) => <ReturnSummary {...args} />,
  args: {
    result: {
      updated: { alunos: 318, profissionais: 24, turmas: 14, matriculas: 331 },
      unmatched: [
        { record: 'aluno', name: 'MARIA EDUARDA VASCONCELOS', birth_date: '14/08/2016', inep_id: '123456789012' },
        { record: 'matricula', name: 'A2291, turma 1º ANO B', inep_id: '987654321098' },
      ],
    },
  },
  parameters: { expectText: ['Códigos INEP gravados: 318 alunos, 24 profissionais, 14 turmas, 331 matrículas.'] },
};
