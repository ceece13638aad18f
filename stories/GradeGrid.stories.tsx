import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fireEvent, fn, within } from 'storybook/test';
import { GradeGrid } from '../src/grades/GradeGrid';

const STUDENTS = [
  { id: 1, name: 'Ana Beatriz Conceição' },
  { id: 2, name: 'Bruno Araújo' },
  { id: 3, name: 'Carla Dias' },
];
const STAGES = [1, 2, 3, 4].map((n) => ({ id: n, stage: n }));
const EMPTY = STUDENTS.map(() => STAGES.map(() => ''));

/** The grade sheet of one discipline: students × stages, used like a spreadsheet. */
const meta = {
  title: 'Notas/Planilha de notas',
  component: GradeGrid,
  args: { students: STUDENTS, stages: STAGES, values: EMPTY, onChange: fn(), passingAverage: 6 },
  render: function Stateful(args) {
    const [values, setValues] = useState(args.values);
    return (
      <GradeGrid
        {...args}
        values={values}
        onChange={(next) => {
          setValues(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof GradeGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No grade yet: every cell shows the placeholder 0,0, no average. */
export const Empty: Story = {
  parameters: { expectText: ['ANA BEATRIZ CONCEIÇÃO', '1ª etapa', '4ª etapa', 'Média'] },
};

/** A grade over 10 is marked in red; the student's average counts only the valid ones (under 6: red). */
export const InvalidCell: Story = {
  args: {
    values: [
      ['7,5', '8,0', '', ''],
      ['5,0', '11,0', '4,0', ''],
      ['', '', '', ''],
    ],
  },
  parameters: { expectText: ['7,8', '4,5'], expectValue: '11,0' },
};

/** A block copied from a spreadsheet pasted on the first cell: decimal commas or dots, shown with the comma. */
export const PastedBlock: Story = {
  play: async ({ canvasElement }) => {
    const first = within(canvasElement).getByRole('textbox', { name: 'Nota de ANA BEATRIZ CONCEIÇÃO, 1ª etapa' });
    fireEvent.paste(first, { clipboardData: { getData: () => '7,5\t8\t9.5\t10\n6\t5,5\t7\t8\n4\t3,5\t5\t6\n' } });
  },
  parameters: { expectText: ['8,8', '6,6', '4,6'], expectValue: ['7,5', '9,5', '3,5'] },
};

/** Every cell filled: each student's average against the passing average (6), red under it. */
export const Complete: Story = {
  args: {
    values: [
      ['7,5', '8,0', '9,5', '10,0'],
      ['5,0', '6,0', '4,0', '5,5'],
      ['6,0', '6,0', '6,0', '6,0'],
    ],
  },
  parameters: { expectText: ['8,8', '5,1', '6,0'], expectValue: '10,0' },
};
