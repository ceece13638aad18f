import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fireEvent, fn, within } from 'storybook/test';
import { RollCall } from '../src/lessons/RollCall';
import { withAdmin } from './support';
import { CLASS_ROLL, rollWithAbsences } from './support/lessons';

/** The teacher's roll call: everyone present until tapped, the content taught and Salvar (src/lessons/). */
const meta = {
  title: 'Diário/Chamada',
  component: RollCall,
  args: {
    periods: 1,
    entries: CLASS_ROLL,
    onEntries: fn(),
    content: 'Frações equivalentes: simplificação e comparação (livro, p. 84–87).',
    onContent: fn(),
    onSave: fn(),
    state: 'saved',
  },
  render: function Stateful(args) {
    const [entries, setEntries] = useState(args.entries);
    const [content, setContent] = useState(args.content);
    return (
      <RollCall
        {...args}
        entries={entries}
        onEntries={(next) => {
          setEntries(next);
          args.onEntries(next);
        }}
        content={content}
        onContent={(next) => {
          setContent(next);
          args.onContent(next);
        }}
      />
    );
  },
  decorators: [withAdmin({ resource: 'minhas-aulas', titleBar: false })],
} satisfies Meta<typeof RollCall>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A lesson just opened: the whole class present. */
export const AllPresent: Story = {
  parameters: { expectText: ['ANA BEATRIZ CONCEIÇÃO', 'Todos presentes · 10 presentes', 'Chamada salva'] },
};

/** A double lesson: two absent from both periods (one with a medical certificate), one who left after the first. */
export const DoubleLessonWithAbsences: Story = {
  args: { periods: 2, entries: rollWithAbsences(2), state: 'changed' },
  parameters: { expectText: ['3 faltas · 7 presentes', '1 falta', '2 de 2 aulas', 'Alterações não salvas'] },
};

/** A tap on a student marks the absence. */
export const TapMarksAbsence: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: /^DAVI LIMA OLIVEIRA/ }));
  },
  parameters: { expectText: ['1 falta · 9 presentes', 'Falta'] },
};

/** Saved without network: kept on the phone, sent when the connection returns. */
export const Unsent: Story = {
  args: { periods: 2, entries: rollWithAbsences(2), state: 'unsent' },
  parameters: { expectText: 'Não enviado: será enviado quando a conexão voltar' },
};

/** Refused by the server: its words under the student and the content. */
export const Refused: Story = {
  args: {
    periods: 2,
    entries: rollWithAbsences(2),
    content: '',
    state: 'refused',
    sentEntries: rollWithAbsences(2),
    refusal: {
      message: 'Informe o conteúdo ministrado.',
      errors: {
        content: ['Informe o conteúdo ministrado.'],
        'attendance.1.registration_id': ['Este aluno não está na chamada desta turma nesta data.'],
      },
    },
  },
  parameters: {
    expectText: ['Informe o conteúdo ministrado.', 'Este aluno não está na chamada desta turma nesta data.'],
  },
};
