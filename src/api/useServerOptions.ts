import { useEffect, useState } from 'react';
import { apiRequest } from './http';

/**
 * Rows of a list route matching what is typed, for a select that searches on the server: one page of 20,
 * never a whole table (a school has thousands of students), asked 250 ms after the typing stops.
 */
export function useServerOptions<T extends { id: number }>(
  path: string,
  input: string,
  sortBy = 'name',
): { options: T[]; loading: boolean } {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    // A slower answer to an older text must not replace the options of the newer one.
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      apiRequest<{ data: T[] }>(path, { query: { search: input, perPage: 20, sortBy, sortDesc: 0 } })
        .then((answer) => current && setOptions(answer.data))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, sortBy, input]);
  return { options, loading };
}
