import type { FileReport } from '../../reports/types';
import { fetchFile, saveBlob } from '../api/files';
import { ApiRequestError } from '../api/http';

export const GENERIC_FAILURE = 'Não foi possível gerar o arquivo. Tente novamente.';

/** How asking for a report ended, for the form to tell the person. */
export type ReportOutcome =
  /** `code`: the file is an issued document (a declaration, a completion statement) verifiable by this code. */
  | { kind: 'saved'; fileName: string; code?: string }
  /** The server's `{error: true, message}` check (report card, transfer report): shown as a warning. */
  | { kind: 'warning'; message: string }
  /** The server's 409 `{error: true, confirm: true, message}`: the file is made once the person confirms. */
  | { kind: 'confirm'; message: string }
  | { kind: 'failure'; message: string };

const messageOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message
    ? body.message
    : undefined;

/**
 * Fetches a report with the session's token and saves it under its fixed name. A JSON answer is never
 * saved as the file: it is the check of the report (a warning) or a failure in the server's words.
 */
export async function downloadReport(report: FileReport, path: string, fileName: string): Promise<ReportOutcome> {
  const failure = (serverMessage?: string): ReportOutcome => ({
    kind: 'failure',
    message: report.failureMessage ?? serverMessage ?? GENERIC_FAILURE,
  });
  try {
    const response = await fetchFile(path);
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const body: unknown = await response.json().catch(() => null);
      if (response.ok && body && typeof body === 'object' && 'error' in body && body.error)
        return { kind: 'warning', message: messageOf(body) ?? GENERIC_FAILURE };
      // A completion statement to confirm, or refused (failed by attendance), is a 409 with the message.
      if (report.confirmable && response.status === 409 && messageOf(body))
        return body && typeof body === 'object' && 'confirm' in body && body.confirm === true
          ? { kind: 'confirm', message: messageOf(body)! }
          : { kind: 'warning', message: messageOf(body)! };
      // The spec shows a contract's refusal ('no template chosen') as a warning with the server's words.
      if (report.issued && response.status < 500 && messageOf(body))
        return { kind: 'warning', message: messageOf(body)! };
      return failure(messageOf(body));
    }
    if (!response.ok) return failure();
    saveBlob(await response.blob(), fileName);
    const code = response.headers.get('x-document-code');
    return code ? { kind: 'saved', fileName, code } : { kind: 'saved', fileName };
  } catch (error) {
    return failure(error instanceof ApiRequestError ? error.message : undefined);
  }
}

/** The same report's address with the person's confirmation (`confirm=1`). */
export const confirmedPath = (path: string) => `${path}${path.includes('?') ? '&' : '?'}confirm=1`;
