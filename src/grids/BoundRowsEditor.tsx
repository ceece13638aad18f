import { GridTemplateRowsEditor } from './GridTemplateRowsEditor';
import type { useGridTemplates } from './useGridTemplates';

/** The rows editor wired to the state and server calls of `useGridTemplates`. */
export function BoundRowsEditor({ state }: { state: ReturnType<typeof useGridTemplates> }) {
  return (
    <GridTemplateRowsEditor
      rows={state.rows}
      disciplines={state.disciplines}
      stages={state.stages}
      errors={state.errors}
      onChange={state.setRows}
      onRemove={(row, index) => void state.remove(row, index)}
      onAdd={state.add}
    />
  );
}
