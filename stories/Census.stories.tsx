import type { Meta, StoryObj } from '@storybook/react-vite';
import { CensusProblems, ReturnSummary } from '../src/census/CensusPage';
import { withAdmin } from './support';

/** Administração › Censo Escolar: what the Educacenso would refuse, each problem a link to the form that fixes it. */
const meta = {
  title: 'Censo Escolar/Pendências',
  component: CensusProblems,
  decorators: [withAdmin()],
} satisfies Meta<typeof CensusProblems>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeProblems: Story = {
  args: {
    problems: [
      {
        record: 'escola',
        id: 1,
        name: 'Colégio Nossa Senhora de Nazaré',
        field: 'inep_code',
        message: 'Escola: código INEP não informado.',
        link: '/admin/configuracoes',
      },
      {
        record: 'turma',
        id: 3,
        name: '1º Ano A',
        field: 'start_time',
        message: 'Turma 1º ANO A: horário de início ausente.',
        link: '/admin/turmas/3/editar',
      },
      {
        record: 'aluno',
        id: 12,
        name: 'João da Silva Gonçalves',
        field: 'race',
        message: 'Aluno JOÃO DA SILVA GONÇALVES: cor/raça não informada.',
        link: '/admin/alunos/12/editar',
      },
      {
        record: 'profissional',
        id: 7,
        name: 'Lúcia Helena Prado',
        field: 'schooling',
        message: 'Profissional LÚCIA HELENA PRADO: escolaridade não informada.',
        link: '/admin/usuarios/7/editar',
      },
    ],
  },
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
      updated: { alunos: 318, profissionais: 24, turmas: 14 },
      unmatched: [
        { record: 'aluno', name: 'MARIA EDUARDA VASCONCELOS', birth_date: '14/08/2016', inep_id: '123456789012' },
      ],
    },
  },
  parameters: { expectText: ['Códigos INEP gravados: 318 alunos, 24 profissionais, 14 turmas.'] },
};
