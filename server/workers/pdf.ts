import type { RENDERERS, RendererName } from '../pdf/renderers';
import { runInWorker } from './pool';

/** A PDF drawn in a worker thread: the request loop only waits for the bytes. */
export async function renderPdf<K extends RendererName>(
  renderer: K,
  input: Parameters<(typeof RENDERERS)[K]>[0],
): Promise<Buffer> {
  const bytes = await runInWorker<Uint8Array>({ kind: 'pdf', renderer, input });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
