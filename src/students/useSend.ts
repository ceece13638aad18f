import { useNotify, useRefresh } from 'react-admin';
import { apiRequest, type RequestOptions } from '../api/http';

/**
 * A call of the student screens: the server's message as a success toast and the record reloaded; on
 * failure the server's words (or `fallback` when it gave none). Answers whether it worked.
 */
export function useSend() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (path: string, options: RequestOptions, fallback: string, failure: 'error' | 'warning' = 'error'): Promise<boolean> => {
    try {
      notify((await apiRequest<{ message: string }>(path, options)).message, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : fallback, { type: failure });
      return false;
    }
  };
}
