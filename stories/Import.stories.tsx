import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ImportHistory } from '../src/imports/ImportHistory';
import { ImportProgress } from '../src/imports/ImportProgress';
import { ImportSummary } from '../src/imports/ImportSummary';
import { ImportChooser } from '../src/imports/ImportChooser';
import { LegacyForm } from '../src/imports/LegacyForm';
import { LegacySummary } from '../src/imports/LegacySummary';
import { withAdmin } from './support';
import { DONE, HISTORY, LEGACY_DONE, LEGACY_FAILED, LEGACY_PREVIEW, PREVIEW, RUNNING } from './support/imports';

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
  render: () => <ImportHistory imports={[LEGACY_DONE, ...HISTORY]} total={24} />,
  parameters: {
    expectText: [
      'Importações recentes',
      'turmas.csv',
      'Márcia Secretária',
      'Sistema anterior (secretaria.escola-antiga.com.br)',
      'Mostrando as 4 mais recentes de 24.',
    ],
  },
};

/** From the previous system: its address and an administrator's sign-in there (the password is never kept). */
export const LegacyAccess: StoryObj<typeof LegacyForm> = {
  render: () => (
    <LegacyForm
      baseUrl="https://secretaria.escola-antiga.com.br"
      email="secretaria@escola-antiga.com.br"
      passwordRef={null}
      errors={{}}
      busy={false}
      onBaseUrl={fn()}
      onEmail={fn()}
      onSimulate={fn()}
    />
  ),
  parameters: {
    expectText: [
      'Endereço do sistema anterior',
      'A senha não fica guardada: digite-a a cada envio.',
      'Simular importação',
    ],
  },
};

/** The simulation of a 120-student school: what would come, per entity, before anything is written. */
export const LegacyPreview: StoryObj<typeof LegacySummary> = {
  render: () => <LegacySummary view={LEGACY_PREVIEW} onRun={fn()} />,
  parameters: {
    expectText: [
      'Simulação: Sistema anterior (secretaria.escola-antiga.com.br)',
      'Alunos: 120 novos, 3 alterados, 0 sem mudança',
      'Cobranças: 1.440 novos, 0 alterados, 12 sem mudança',
      'Importar',
    ],
  },
};

/** The copy done. */
export const LegacyDone: StoryObj<typeof LegacySummary> = {
  render: () => <LegacySummary view={LEGACY_DONE} />,
  parameters: { expectText: ['Importação concluída: Sistema anterior (secretaria.escola-antiga.com.br)'] },
};

/** A wrong password on the previous system, in the words the run recorded. */
export const LegacyFailed: StoryObj<typeof LegacySummary> = {
  render: () => <LegacySummary view={LEGACY_FAILED} />,
  parameters: { expectText: ['O sistema anterior recusou o e-mail ou a senha informados.'] },
};
