import { request } from './request';

/** Selects that search on the server (students, teams, guardians): never a whole table. */
export const optionMethods = {
  /**
   * The first 20 rows of a list route (`/students`) matching what was typed, sorted by `sortBy`. By the route,
   * not the react-admin resource: the selects name the route their rows come from.
   */
  /** `filter`: the list's own filters besides the text (a report's teams of one school year). */
  searchOptions: async <T>(apiPath: string, text: string, sortBy: string, filter: Record<string, number> = {}) =>
    (await request<{ data: T[] }>(apiPath, { query: { search: text, perPage: 20, sortBy, sortDesc: 0, ...filter } }))
      .data,
};
