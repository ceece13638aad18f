import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, useGetList, useNotify } from 'react-admin';
import { ALL_ROWS } from '../../dataProvider';
import { useApi } from '../api/useApi';
import { newRow, type GridTemplateRowsEditorProps, type Option, type TemplateRowDraft } from './GridTemplateRowsEditor';

export interface StoredRow {
  id: number;
  discipline_id: number;
  stage_id: number;
  workload: number;
}

type RowErrors = NonNullable<GridTemplateRowsEditorProps['errors']>;

export const LAST_ROW_MESSAGE = 'A grade precisa ter pelo menos uma linha.';

function toDraft(row: StoredRow): TemplateRowDraft {
  return {
    key: `linha-${row.id}`,
    id: row.id,
    discipline_id: row.discipline_id,
    stage_id: row.stage_id,
    workload: String(row.workload),
  };
}

/** `rows.2.workload` → `{2: {workload: '…'}}`. */
function rowErrors(errors: unknown): RowErrors {
  const out: RowErrors = {};
  for (const [key, messages] of Object.entries((errors ?? {}) as Record<string, string[]>)) {
    const m = /^rows\.(\d+)\.(discipline_id|stage_id|workload)$/.exec(key);
    if (m) (out[Number(m[1])] ??= {})[m[2] as 'workload'] = messages[0];
  }
  return out;
}

/** State and server calls of the grid rows editor (edit screen and template register screen). */
export function useGridTemplates(gridId: number | undefined) {
  const notify = useNotify();
  const [rows, setRows] = useState<TemplateRowDraft[]>([newRow()]);
  const [errors, setErrors] = useState<RowErrors>({});
  const [saving, setSaving] = useState(false);
  const { data: disciplineRows = [] } = useGetList('disciplinas', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: stageRows = [] } = useGetList('etapas', {
    pagination: { page: 1, perPage: ALL_ROWS },
    sort: { field: 'stage', order: 'ASC' },
  });
  const disciplines: Option[] = disciplineRows.map((d) => ({ id: Number(d.id), name: String(d.name) }));
  const stages: Option[] = stageRows.map((s) => ({ id: Number(s.id), name: `${s.stage}ª etapa` }));

  const api = useApi();
  const queryClient = useQueryClient();
  // The rows as stored; the editor works on its own copy, taken once per grid: a later reload (another screen's
  // save, the window's focus) never overwrites rows being edited.
  const [takenFor, setTakenFor] = useState<number | undefined>(undefined);
  const { data: stored, error } = useQuery({
    queryKey: ['grades', gridId, 'linhas'],
    queryFn: () => api.getGridRows(gridId!),
    enabled: Boolean(gridId),
    retry: false,
  });
  useEffect(() => {
    if (!gridId) setRows([newRow()]);
    else if (stored && takenFor !== gridId) {
      setRows(stored.length ? stored.map(toDraft) : [newRow()]);
      setTakenFor(gridId);
    }
  }, [gridId, stored, takenFor]);
  useEffect(() => {
    if (error) notify(error.message || 'Erro ao carregar a grade.', { type: 'error' });
  }, [error, notify]);

  const remove = async (row: TemplateRowDraft, index: number) => {
    if (rows.length <= 1) return notify(LAST_ROW_MESSAGE, { type: 'warning' });
    if (row.id) {
      try {
        // One row (`/grids/remove-template-from-grid/{grid}` removes every row of the grid, as the original did).
        const answer = await api.removeGridRow(row.id);
        notify(answer.message, { type: 'success' });
      } catch (error) {
        return notify(error instanceof Error ? error.message : 'Erro ao remover a linha.', { type: 'error' });
      }
    }
    setRows((current) => current.filter((_, i) => i !== index));
  };

  const save = async (targetGrid = gridId) => {
    if (!targetGrid) return notify('Selecione a grade.', { type: 'warning' });
    setSaving(true);
    setErrors({});
    try {
      const body = rows.map((r) => ({
        id: r.id,
        grid_id: targetGrid,
        discipline_id: r.discipline_id,
        stage_id: r.stage_id,
        workload: r.workload,
      }));
      const answer = await api.saveGridRows(body);
      notify(answer.message, { type: 'success' });
      setRows(answer.data.map(toDraft));
      // The grid saved is the one on screen when the editor was the template screen's: its rows as stored now.
      queryClient.setQueryData(['grades', targetGrid, 'linhas'], answer.data);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 422)
        setErrors(rowErrors((error.body as { errors?: unknown })?.errors));
      notify(error instanceof Error ? error.message : 'Erro ao salvar a grade.', { type: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    rows,
    setRows,
    errors,
    saving,
    disciplines,
    stages,
    remove,
    save,
    add: () => setRows((current) => [...current, newRow()]),
  };
}
