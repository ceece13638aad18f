import type { RendererName } from '../pdf/renderers';
import type { ReportResult, ReportTask } from '../reports/run';

export type PdfTask = { kind: 'pdf'; renderer: RendererName; input: unknown };
export type ThreadTask = ({ kind: 'report' } & ReportTask) | PdfTask;
export type ThreadResult = ReportResult | Uint8Array;

/**
 * What a worker thread does with each task (see pool.ts). Reports and PDF documents are loaded on their
 * first task: a thread that only builds spreadsheets never loads pdfkit and its fonts (~15 MB).
 */
export default async function runTask(task: ThreadTask): Promise<ThreadResult> {
  if (task.kind === 'report') return (await import('../reports/run')).runReport(task);
  const { RENDERERS } = await import('../pdf/renderers');
  const render = RENDERERS[task.renderer] as (input: unknown) => Promise<Buffer>;
  return render(task.input);
}
