import { DATE_FORMAT_HEADER, ISO_DATES } from '../../resources/format';
import { API_BASE, ApiRequestError, getToken, readBody, refusal, retryWhenBusy } from './http';

/**
 * GET (or a POST that makes the file, with no body or with a form) of a file under `/api` with the session's token. A
 * busy server (503) is asked again after its `Retry-After`, as every JSON call is (http.ts); any other answer, ok or
 * not, is the caller's to read.
 */
export function fetchFile(path: string, method: 'GET' | 'POST' = 'GET', body?: FormData): Promise<Response> {
  return retryWhenBusy(async () => {
    // Dates as ISO, as every call of the screens asks (http.ts), should a file carry any.
    const headers = { Authorization: `Bearer ${getToken() ?? ''}`, [DATE_FORMAT_HEADER]: ISO_DATES };
    const response = await fetch(`${API_BASE}${path}`, { method, headers, body });
    if (response.status === 503) throw refusal(response, await readBody(response), 'Erro 503 ao baixar o arquivo.');
    return response;
  });
}

/** A file answered by `/api` (a PDF, a photo, a JSON export), fetched with the session's token. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetchFile(path);
  if (!response.ok) throw new ApiRequestError(`Erro ${response.status} ao baixar o arquivo.`, response.status, null);
  return response.blob();
}

/** Saves a blob under a name, the way a browser download does. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download the click just started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a blob in a new tab (a PDF to read before printing). */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
