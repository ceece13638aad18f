import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { GridTemplateRowsEditor, type TemplateRowDraft } from '../src/grids/GridTemplateRowsEditor';

const DISCIPLINES = [
  { id: 1, name: 'Língua Portuguesa' },
  { id: 2, name: 'Matemática' },
  { id: 3, name: 'Biologia' },
];
const STAGES = [1, 2, 3].map((n) => ({ id: n, name: `${n}ª etapa` }));

const ROWS: TemplateRowDraft[] = [
  { key: 'a', id: 1, discipline_id: 1, stage_id: 1, workload: '40' },
  { key: 'b', id: 2, discipline_id: 2, stage_id: 1, workload: '40' },
  { key: 'c', discipline_id: '', stage_id: '', workload: '' },
];

/** The rows of a grid (discipline × stage × workload), as on the grid's edit screen. */
const meta = {
  title: 'Grades/Linhas da grade',
  component: GridTemplateRowsEditor,
  args: { rows: ROWS, disciplines: DISCIPLINES, stages: STAGES, onChange: fn(), onRemove: fn(), onAdd: fn() },
  render: function Stateful(args) {
    const [rows, setRows] = useState(args.rows);
    return (
      <GridTemplateRowsEditor
        {...args}
        rows={rows}
        onChange={setRows}
        onAdd={() => setRows([...rows, { key: `n${rows.length}`, discipline_id: '', stage_id: '', workload: '' }])}
      />
    );
  },
} satisfies Meta<typeof GridTemplateRowsEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two stored rows and a new empty one. */
export const Default: Story = {
  parameters: { expectText: ['Língua Portuguesa', 'Matemática', 'Carga horária', 'Adicionar linha'] },
};

/** The server refused a row: its messages appear under the inputs. */
export const WithErrors: Story = {
  args: {
    errors: { 2: { discipline_id: 'Selecione a disciplina.', workload: 'A carga horária deve ser maior que zero.' } },
  },
  parameters: { expectText: ['Selecione a disciplina.', 'A carga horária deve ser maior que zero.'] },
};
