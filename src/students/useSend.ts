import type { RequestOptions } from '../api/http';
import { useServerCall, type CallResult } from '../components/serverErrors';

/**
 * A call of the student screens through the shared {@link useServerCall}: the server's message as a success
 * toast and the record reloaded; a 422 naming one of `fields` comes back for the form to mark; otherwise
 * the server's words (or `fallback`).
 */
export function useSend() {
  const call = useServerCall();
  return (
    path: string,
    options: RequestOptions,
    fallback: string,
    failure: 'error' | 'warning' = 'error',
    fields?: readonly string[],
  ): Promise<CallResult<unknown>> => call(path, options, { fallback, failure, fields: fields ?? [] });
}
