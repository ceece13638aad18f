import type { Meta, StoryObj } from '@storybook/react-vite';
import { fireEvent, within } from 'storybook/test';
import { reportByPath } from '../reports';
import type { FileReport } from '../reports/types';
import { ReportFormPage } from '../src/reports/ReportFormPage';
import { withAdmin } from './support';

const report = (path: string) => reportByPath(path) as FileReport;

/**
 * The form every file report gets from its registry entry (reports/index.ts): its fields by kind, Gerar,
 * Limpar, Voltar. Teams and students are searched on the server, absent here: the selects offer nothing.
 */
const meta = {
  title: 'Relatórios/Formulário',
  component: ReportFormPage,
  args: { report: report('diario-de-classe') },
  decorators: [withAdmin({ path: '/admin/reports/diario-de-classe', resource: 'reports' })],
} satisfies Meta<typeof ReportFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A team-only report. */
export const ClassDiary: Story = {
  parameters: { expectText: ['Diário de classe', 'Gerar', 'Limpar', 'Voltar'] },
};

/** Student first, then one of that student's teams (disabled until a student is chosen). */
export const ReportCard: Story = {
  args: { report: report('boletim-do-aluno') },
  parameters: { expectText: ['Boletim do aluno', 'Escolha primeiro o aluno.'] },
};

/** Extra lines start at the spec's default of 1. */
export const StudentsPerClass: Story = {
  args: { report: report('alunos-por-turma') },
  parameters: { expectText: 'Alunos por turma', expectValue: '1' },
};

/** Every kind of field: teams, lookups, dates, integers, money, choices; default order f.id descending, XLSX. */
export const FinancialWithFilter: Story = {
  args: { report: report('relatorio-financeiro-com-filtro') },
  parameters: {
    expectText: [
      'Relatório financeiro com filtro',
      'Vencimento de',
      'Código do financeiro',
      'Decrescente',
      'Planilha (XLSX)',
    ],
  },
};

/** Gerar with the team empty: the registry's message, and no request. */
export const Required: Story = {
  args: { report: report('relatorio-de-repasse') },
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: 'Gerar' }));
  },
  parameters: { expectText: 'Por favor, selecione a turma, a data inicial e a data final.' },
};
