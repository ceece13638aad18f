import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CouncilDialog } from '../src/results/ResultsDialogs';
import { ResultsGrid } from '../src/results/ResultsGrid';
import type { DisciplineResult, StudentResult, TeamResultsData } from '../src/results/types';
import { AdminStory } from './support';

const DISCIPLINES = ['Língua Portuguesa', 'Matemática', 'História', 'Geografia', 'Ciências', 'Educação Física'];

/** A discipline's line from its four bimesters' grades; the verdict as the server judges it (average 6,0). */
function line(i: number, grades: number[], extra: Partial<DisciplineResult> = {}): DisciplineResult {
  const average = Math.round((grades.reduce((a, b) => a + b, 0) / grades.length) * 10) / 10;
  return {
    discipline_id: i + 1,
    name: DISCIPLINES[i],
    grades,
    average,
    makeup: null,
    makeup_needed: average < 6,
    final: average,
    frequency: 92.5,
    council: null,
    verdict: average >= 6 ? 'APROVADO' : 'EM RECUPERAÇÃO',
    ...extra,
  };
}

const good = (i: number) => line(i, [7.5, 8, 7, 8.5]);

function student(id: number, name: string, own: Record<number, DisciplineResult>, verdict = 'APROVADO'): StudentResult {
  return {
    registration_id: 100 + id,
    student: { id, name },
    disciplines: DISCIPLINES.map((_, i) => own[i] ?? good(i)),
    verdict,
    dependencias: [],
  };
}

/** 7º ano A, end of 2026: most approved, one in make-up, one saved by it, one by the council, one failed by absence. */
const CLASS: TeamResultsData = {
  team: {
    id: 7,
    name: '7º ANO A',
    course: 'Ensino Fundamental II',
    year: '2026',
    start_date: '2026-02-02',
    end_date: '2026-12-18',
  },
  stages: [1, 2, 3, 4],
  passing: 60,
  minimum: 75,
  makeup_rule: 'capped',
  closed: false,
  closed_at: null,
  closed_by: null,
  reopen_reason: null,
  data: [
    student(1, 'Ana Beatriz Souza', {}),
    student(2, 'Bruno Henrique Lima', { 1: line(1, [4, 5.5, 5, 4.5]) }, 'EM RECUPERAÇÃO'),
    student(3, 'Carla Ferreira dos Santos', {
      1: line(1, [5, 5, 4.5, 5.5], {
        makeup: 7.5,
        makeup_needed: true,
        final: 6,
        verdict: 'APROVADO APÓS RECUPERAÇÃO',
      }),
    }),
    student(4, 'Davi Oliveira Rocha', {
      2: line(2, [4, 4.5, 5, 4.5], {
        makeup: 5,
        final: 5,
        verdict: 'APROVADO PELO CONSELHO',
        council: {
          decision: 'aprovado',
          reason: 'Evolução consistente no 2º semestre e participação no reforço.',
          decided_at: '2026-12-15T14:20:00-03:00',
          decided_by: { id: 3, name: 'Cláudia Ribeiro' },
        },
      }),
    }),
    student(
      5,
      'Eduarda Martins Costa',
      { 4: line(4, [7, 8, 7.5, 8], { frequency: 61.3, makeup_needed: false, verdict: 'REPROVADO POR FALTA' }) },
      'REPROVADO POR FALTA',
    ),
    student(
      6,
      'Felipe Araújo Nunes',
      { 0: line(0, [3.5, 4, 4, 3.5], { makeup: 4, final: 4, verdict: 'REPROVADO' }) },
      'REPROVADO',
    ),
  ],
};

/** Tab RESULTADO FINAL of a team (issue 38): the whole class, make-ups where open, the council, the overall result. */
const meta: Meta<typeof ResultsGrid> = {
  title: 'Turmas/Resultado final',
  component: ResultsGrid,
  decorators: [
    (Story) => (
      <AdminStory titleBar={false} resource="turmas">
        <Story />
      </AdminStory>
    ),
  ],
  args: { results: CLASS, canEnterMakeup: true, canDecide: true, onMakeup: fn(async () => null), onCouncil: fn() },
};
export default meta;
type Story = StoryObj<typeof ResultsGrid>;

/** The secretary's view before the close: Bruno's make-up to enter, the council's button where the numbers fail. */
export const Office: Story = {
  parameters: {
    expectText: [
      'Bruno Henrique Lima',
      'EM RECUPERAÇÃO',
      'APROVADO APÓS RECUPERAÇÃO',
      'APROVADO PELO CONSELHO',
      'REPROVADO POR FALTA',
    ],
  },
};

/** A teacher: make-ups in the cells, no council. */
export const Teacher: Story = {
  args: { canDecide: false },
  parameters: { expectText: ['Ana Beatriz Souza', 'Educação Física'] },
};

/** Closed: nothing to type, the make-ups and verdicts as the ata prints them. */
export const Closed: Story = {
  args: {
    results: {
      ...CLASS,
      closed: true,
      closed_at: '2026-12-18T17:00:00-03:00',
      closed_by: { id: 3, name: 'Cláudia Ribeiro' },
    },
  },
  parameters: { expectText: ['Recuperação: 7,5'] },
};

/** The council's dialog on Felipe in Língua Portuguesa, about to approve him. */
export const Council: Story = {
  render: () => (
    <CouncilDialog
      asked={{ row: CLASS.data[5], discipline: CLASS.data[5].disciplines[0] }}
      onCancel={fn()}
      onSave={fn(async () => null)}
    />
  ),
  parameters: { expectText: ['Conselho de classe', 'Aprovado pelo conselho'] },
};
