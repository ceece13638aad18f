import { RENDERERS, type RendererName } from '../pdf/renderers';
import { runReport, type ReportResult, type ReportTask } from '../reports/run';

export type PdfTask = { kind: 'pdf'; renderer: RendererName; input: unknown };
export type ThreadTask = ({ kind: 'report' } & ReportTask) | PdfTask;
export type ThreadResult = ReportResult | Uint8Array;

/** What a worker thread does with each task (see pool.ts). */
export default async function runTask(task: ThreadTask): Promise<ThreadResult> {
  if (task.kind === 'report') return runReport(task);
  const render = RENDERERS[task.renderer] as (input: unknown) => Promise<Buffer>;
  return render(task.input);
}
