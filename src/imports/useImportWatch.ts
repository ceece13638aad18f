import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/useApi';
import { isRunning, type ImportView } from './imports';

/**
 * An import the job runner is working on, asked every second (`GET /imports/{id}`) until it ends; `ended` is
 * the record once it is `done`, `preview` or `failed`. Nothing is asked while `id` is null.
 */
export function useImportWatch(id: number | null): { view: ImportView | undefined; ended: ImportView | null } {
  const api = useApi();
  const { data } = useQuery({
    queryKey: ['importacoes', id],
    queryFn: () => api.getImport(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : 1000),
  });
  const view = id === null ? undefined : data;
  return { view, ended: view && !isRunning(view) ? view : null };
}
