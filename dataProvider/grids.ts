import type { StoredRow } from '../src/grids/useGridTemplates';
import { request } from './request';

/** The rows of a grid (discipline, stage, workload), edited together (server/grids). */
export const gridMethods = {
  getGridRows: async (gridId: number) =>
    (await request<{ data: StoredRow[] }>(`/grids/get-grid-template/${gridId}`)).data,
  /** One row (`/grids/remove-template-from-grid/{grid}` removes every row of the grid, as the original did). */
  removeGridRow: (rowId: number) => request<{ message: string }>(`/grid-templates/${rowId}`, { method: 'DELETE' }),
  saveGridRows: (rows: Record<string, unknown>[]) =>
    request<{ data: StoredRow[]; message: string }>('/grid-templates', { method: 'POST', body: { rows } }),
};
