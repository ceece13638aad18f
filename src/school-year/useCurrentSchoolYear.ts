import { useQuery } from '@tanstack/react-query';
import type { CurrentSchoolYear } from '../../dataProvider/school-years';
import { useApi } from '../api/useApi';

/**
 * The school year the screens open on — the server decides it (the year containing today, else the last begun), so
 * that the browser's clock and a planned next year never move a list, a report or the dashboard to an empty year.
 * `year` is null while looked up, when the school has none, or when the lookup failed (`settled` then says so).
 */
export function useCurrentSchoolYear(enabled = true): { year: CurrentSchoolYear | null; settled: boolean } {
  const api = useApi();
  const { data, isPending, error } = useQuery({
    queryKey: ['anos-letivos', 'current'],
    queryFn: () => api.getCurrentSchoolYear(),
    staleTime: 5 * 60_000,
    enabled,
  });
  return { year: data ?? null, settled: !isPending || Boolean(error) };
}
