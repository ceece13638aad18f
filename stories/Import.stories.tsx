import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ImportHistory } from '../src/imports/ImportHistory';
import { ImportProgress } from '../src/imports/ImportProgress';
import { ImportSummary } from '../src/imports/ImportSummary';
import { ImportChooser } from '../src/imports/ImportChooser';
import { withAdmin } from './support';
import { DONE, HISTORY, PREVIEW, RUNNING } from './support/imports';

/** Administração › Importar: a school bringing its students from the spreadsheet it kept until now. */
const meta = {
  title: 'Administração/Importar',
  component: ImportSummary,
  args: { view: PREVIEW, onRun: fn(), onErrorsFile: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof ImportSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dry run: the first rows as they will be stored, three problems by line and column, an unknown column. */
export const Preview: Story = {
  parameters: {
    expectText: [
      'Conferência: Alunos e responsáveis',
      '512 linhas: 509 válidas, 3 com erro.',
      'Se importar: 498 novos, 11 alterados, 0 sem mudança.',
      'Heloísa Martins Costa',
      'Linha 7, coluna CPF: CPF inválido.',
      'Coluna desconhecida ignorada: "Apelido".',
      'Baixar planilha com a coluna Erro',
    ],
  },
};

/** Done, with the three wrong lines left out. */
export const Done: Story = {
  args: { view: DONE },
  parameters: {
    expectText: [
      'Importação concluída: Alunos e responsáveis',
      'Pronto: os registros já estão no sistema. 3 linhas com erro ficaram de fora.',
    ],
  },
};

/** The run on its way, as the job runner writes the lines. */
export const Progress: StoryObj<typeof ImportProgress> = {
  render: () => <ImportProgress view={RUNNING} />,
  parameters: { expectText: ['Importando: 320 de 512 linhas (63%)'] },
};

/** What to import, its templates and the file. */
export const Chooser: StoryObj<typeof ImportChooser> = {
  render: () => (
    <ImportChooser
      kind="students"
      kinds={['students', 'teams', 'enrolments']}
      file={new File(['Nome;CPF\n'], 'alunos-2026.csv')}
      onlyValid={false}
      busy={false}
      onKind={fn()}
      onFile={fn()}
      onOnlyValid={fn()}
      onTemplate={fn()}
      onCheck={fn()}
    />
  ),
  parameters: { expectText: ['Baixar modelo (XLSX)', 'Arquivo: alunos-2026.csv', 'Conferir planilha'] },
};

/** The latest imports and who ran each. */
export const History: StoryObj<typeof ImportHistory> = {
  render: () => <ImportHistory imports={HISTORY} total={24} />,
  parameters: {
    expectText: ['Importações recentes', 'turmas.csv', 'Márcia Secretária', 'Mostrando as 3 mais recentes de 24.'],
  },
};
