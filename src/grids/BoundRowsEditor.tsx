import { useState } from 'react';
import { ConfirmDeleteDialog } from '../resources/ConfirmDeleteButton';
import { GridTemplateRowsEditor, type TemplateRowDraft } from './GridTemplateRowsEditor';
import type { useGridTemplates } from './useGridTemplates';

/**
 * The rows editor wired to the state and server calls of `useGridTemplates`. A stored row is deleted on the server
 * at once, so it asks 'Deseja confirmar a ação?' first (spec §2.9, issue 35); a row not yet saved just goes.
 */
export function BoundRowsEditor({ state }: { state: ReturnType<typeof useGridTemplates> }) {
  const [asking, setAsking] = useState<{ row: TemplateRowDraft; index: number } | null>(null);
  return (
    <>
      <GridTemplateRowsEditor
        rows={state.rows}
        disciplines={state.disciplines}
        stages={state.stages}
        errors={state.errors}
        onChange={state.setRows}
        onRemove={(row, index) => (row.id ? setAsking({ row, index }) : void state.remove(row, index))}
        onAdd={state.add}
      />
      <ConfirmDeleteDialog
        open={asking !== null}
        onConfirm={() => {
          if (asking) void state.remove(asking.row, asking.index);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
