import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { resourceByName } from '../../resources';
import { useApi } from './useApi';

/**
 * Rows of a list route matching what is typed, for a select that searches on the server: one page of 20,
 * never a whole table (a school has thousands of students), asked 250 ms after the typing stops.
 */
export function useServerOptions<T extends { id: number }>(
  path: string,
  input: string,
  sortBy = 'name',
  filter: Record<string, number> = NO_FILTER,
): { options: T[]; loading: boolean } {
  const api = useApi();
  // Nothing asked before the first 250 ms either: a person typing at once asks for what they typed only.
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setText(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  // Keyed under the resource of the route (`/students` → alunos): a student saved anywhere is found here at once.
  // The options of the older text stay until the newer answer; a refused search offers none.
  const resource = resourceByName(path.replace(/^\//, ''))?.adminPath ?? path;
  const { data, isError, isFetching } = useQuery({
    queryKey: [resource, 'opcoes', path, text, sortBy, filter],
    queryFn: () => api.searchOptions<T>(path, text ?? '', sortBy, filter),
    enabled: text !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { options: isError || !data ? NONE : data, loading: isFetching };
}

const NONE: never[] = [];
const NO_FILTER: Record<string, number> = {};
