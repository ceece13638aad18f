import { API_BASE, ApiRequestError, getToken } from './http';

/** A file answered by `/api` (a PDF, a photo, a JSON export), fetched with the session's token. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
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
