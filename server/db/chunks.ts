/**
 * Runs a query per slice of ids and joins the answers: `where id in (…)` with a whole table's ids
 * (`page=0`) would pass SQLite's and PostgreSQL's limits on bound parameters.
 */
export async function inChunks<T>(
  ids: readonly number[],
  query: (slice: number[]) => Promise<T[]>,
  size = 5000,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await query(ids.slice(i, i + size))));
  return out;
}

/** Items grouped by a numeric key (rows of a page matched to what was loaded for them). */
export function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
