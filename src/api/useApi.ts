import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/**
 * The data provider with the custom methods of every area (dataProvider/<area>.ts), for bespoke screens:
 * call it inside react-query's `useQuery`/`useMutation` (re-exported by react-admin). Query keys start with
 * the react-admin resource name the data belongs to (`['alunos', id, 'responsaveis']`), so that
 * `queryClient.invalidateQueries({ queryKey: ['alunos'] })` — or react-admin's own refresh — reloads every
 * screen showing it.
 */
export function useApi(): AppDataProvider {
  return useDataProvider<AppDataProvider>();
}
