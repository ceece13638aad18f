import { parse } from 'node:querystring';

/**
 * The query string as the clients of this API expect it: a repeated parameter (`?page=0&page=1`)
 * keeps its last value, as PHP does for the servers those clients were first written for, instead of
 * becoming a list that every route would have to refuse. No route takes a list from the query string.
 */
export function lastValueQuery(text: string): Record<string, string> {
  const parsed = parse(text);
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(parsed)) query[key] = Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? '');
  return query;
}
