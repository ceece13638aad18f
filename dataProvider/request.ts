import { HttpError } from 'react-admin';
import { ApiRequestError, apiRequest, type RequestOptions } from '../src/api/http';

/**
 * One call to `/api` for a custom dataProvider method (dataProvider/<area>.ts). A refusal becomes react-admin's
 * `HttpError` keeping the server's words, its status and its whole answer (a 422's `errors` for the form,
 * `fieldErrorsOf` in src/components/serverErrors.ts), so `useDataProvider`'s callers get react-admin's
 * handling: 401 signs out (authProvider.checkError), the message is what `useNotify` shows.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, options);
  } catch (error) {
    if (error instanceof ApiRequestError) throw new HttpError(error.message, error.status, error.body);
    throw error;
  }
}

export type { RequestOptions };
