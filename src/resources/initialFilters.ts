import { useGetList } from 'react-admin';
import { fieldOf, resourceByName, type ResourceConfig } from '../../resources';

/**
 * The values a list opens with (`ListFilterConfig.initial`): a team list opens on this year's school year, found by
 * its `year`. `ready` is false while it is looked up, so that the list does not first load every year's rows.
 */
export function useInitialFilters(config: ResourceConfig, today = new Date()): { ready: boolean; values: object } {
  const filter = config.list.filters?.find((f) => f.initial === 'currentYear');
  const field = filter && fieldOf(config, filter.field);
  const target = resourceByName(filter?.resource ?? field?.reference?.resource ?? '');
  const year = today.getFullYear();
  const { data, isPending, error } = useGetList(
    target?.adminPath ?? '',
    { pagination: { page: 1, perPage: 5 }, sort: { field: 'year', order: 'DESC' }, filter: { q: String(year) } },
    { enabled: Boolean(filter && target) },
  );
  if (!filter || !target) return { ready: true, values: {} };
  // Without the year (none yet, or the lookup failed) the list opens unfiltered rather than not at all.
  if (isPending && !error) return { ready: false, values: {} };
  const current = data?.find((row) => Number(row.year) === year);
  return { ready: true, values: current ? { [filter.param]: current.id } : {} };
}
