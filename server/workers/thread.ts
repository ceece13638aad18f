import type { CensusThreadResult, CensusThreadTask } from '../census/thread-task';
import type { ImportThreadResult, ImportThreadTask } from '../imports/thread-tasks';
import type { RendererName } from '../pdf/renderers';
import type { ReportResult, ReportTask } from '../reports/run';

export type PdfTask = { kind: 'pdf'; renderer: RendererName; input: unknown };
export type ThreadTask = ({ kind: 'report' } & ReportTask) | PdfTask | ImportThreadTask | CensusThreadTask;
export type ThreadResult = ReportResult | Uint8Array | ImportThreadResult | CensusThreadResult;

/**
 * What a worker thread does with each task (see pool.ts). Reports, PDF documents, spreadsheet imports and the
 * Censo Escolar's check and file are loaded
 * on their first task: a thread that only builds spreadsheets never loads pdfkit and its fonts (~15 MB).
 */
export default async function runTask(task: ThreadTask): Promise<ThreadResult> {
  if (task.kind === 'report') return (await import('../reports/run')).runReport(task);
  if (task.kind === 'import-read' || task.kind === 'import-template' || task.kind === 'import-annotate')
    return (await import('../imports/thread-tasks')).runImportTask(task);
  if (task.kind === 'census') return (await import('../census/thread-task')).runCensusTask(task);
  const { RENDERERS } = await import('../pdf/renderers');
  const render = RENDERERS[task.renderer] as (input: unknown) => Promise<Buffer>;
  return render(task.input);
}
