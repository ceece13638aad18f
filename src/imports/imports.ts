import { LEGACY_KIND } from '../../resources/import-kinds';

/** One problem of a file, by spreadsheet line (the header is line 1) and column. */
export interface ImportProblem {
  line: number;
  column: string;
  message: string;
}

/** An import as `POST /imports`, `GET /imports/{id}` and the list answer it (server/imports/record.ts). */
export interface ImportView {
  id: number;
  kind: string;
  status: 'preview' | 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportProblem[];
  more_errors: number;
  warnings: string[];
  dry_run: boolean;
  only_valid: boolean;
  file_name: string | null;
  resumed: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
  finished_at: string | null;
  /** A run from the previous system: per entity, what was (or would be) created, updated and left as it was. */
  counts?: Record<string, { created: number; updated: number; unchanged: number }>;
  /** A dry run's first rows as they will be stored: the column titles, then each row's values as shown. */
  preview?: { columns: string[]; rows: string[][] };
}

/** Still on its way: the screen asks again until the run ends. */
export const isRunning = (view: Pick<ImportView, 'status'>) => view.status === 'queued' || view.status === 'running';

const count = new Intl.NumberFormat('pt-BR');

/** "1.234 linhas: 1.230 válidas, 4 com erro". */
export function linesSummary(view: Pick<ImportView, 'total' | 'valid'>): string {
  const wrong = view.total - view.valid;
  const lines = `${count.format(view.total)} ${view.total === 1 ? 'linha' : 'linhas'}`;
  const valid = `${count.format(view.valid)} ${view.valid === 1 ? 'válida' : 'válidas'}`;
  return wrong > 0 ? `${lines}: ${valid}, ${count.format(wrong)} com erro` : `${lines}, todas válidas`;
}

/** "12 novos, 3 alterados, 85 sem mudança". */
export function changesSummary(view: Pick<ImportView, 'created' | 'updated' | 'unchanged'>): string {
  return [
    `${count.format(view.created)} ${view.created === 1 ? 'novo' : 'novos'}`,
    `${count.format(view.updated)} ${view.updated === 1 ? 'alterado' : 'alterados'}`,
    `${count.format(view.unchanged)} sem mudança`,
  ].join(', ');
}

/**
 * "350 de 1.000 linhas" and the percentage for the progress bar; the previous system's copy counts steps (each
 * list, grid and student read, then written), not lines.
 */
export function progressOf(view: Pick<ImportView, 'done' | 'total' | 'kind'>): { text: string; percent: number } {
  const percent = view.total > 0 ? Math.min(100, Math.round((view.done / view.total) * 100)) : 0;
  const unit = view.kind === LEGACY_KIND ? 'passos' : 'linhas';
  return { text: `${count.format(view.done)} de ${count.format(view.total)} ${unit}`, percent };
}
