import { fieldOf, type ResourceConfig } from '../../resources';
import { useCurrentSchoolYear } from '../school-year/useCurrentSchoolYear';

/**
 * The values a list opens with (`ListFilterConfig.initial`): a team list opens on the current school year (the
 * server's: the year containing today, else the last begun). `ready` is false while it is looked up, so that the list
 * does not first load every year's rows.
 */
export function useInitialFilters(config: ResourceConfig): { ready: boolean; values: object } {
  const filter = config.list.filters?.find((f) => f.initial === 'currentYear');
  const field = filter && fieldOf(config, filter.field);
  const current = useCurrentSchoolYear(Boolean(filter && field));
  if (!filter || !field) return { ready: true, values: {} };
  // Without a year (none yet, or the lookup failed) the list opens unfiltered rather than not at all.
  if (!current.settled) return { ready: false, values: {} };
  return { ready: true, values: current.year ? { [filter.param]: current.year.id } : {} };
}
