import type { FastifyRequest } from 'fastify';
import { DATE_FORMAT_HEADER, ISO_DATES, toOriginalDate } from '../../resources/format';

/**
 * Calendar dates as the original contract answers them. The original server answered some dates as dd/mm/aaaa
 * (a student's birth date, a team's start and end, a charge's due date and pay day) and its client reads them so:
 * given ISO, it shows them blank and saves them back empty. Those dates are answered dd/mm/aaaa unless the request
 * asks for ISO (`X-Date-Format: iso`), as this project's screens do on every call (src/api/http.ts).
 */

/** Whether the client asked for calendar dates as ISO. */
export function wantsIsoDates(request: FastifyRequest): boolean {
  const asked = request.headers[DATE_FORMAT_HEADER.toLowerCase()];
  return typeof asked === 'string' && asked.trim().toLowerCase() === ISO_DATES;
}

/** `value` with the date at `keys` (a path: `registrations.financials.due_date`) written dd/mm/aaaa, copied. */
function atPath(value: unknown, keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => atPath(item, keys));
  if (!value || typeof value !== 'object') return value;
  const [head, ...rest] = keys;
  const record = value as Record<string, unknown>;
  if (!(head in record)) return value;
  return { ...record, [head]: rest.length ? atPath(record[head], rest) : toOriginalDate(record[head]) };
}

/**
 * An answer (a record, a list of them, or an envelope's rows) with the dates at `paths` as the original server wrote
 * them, unless the request asked for ISO. Every other value, and the stored rows, stay as they are.
 */
export function answerDates<T>(request: FastifyRequest, answer: T, paths: string[]): T {
  if (paths.length === 0 || wantsIsoDates(request)) return answer;
  return paths.reduce<unknown>((value, path) => atPath(value, path.split('.')), answer) as T;
}

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * An update's body without the dates it sends empty: the original client sends every field on each save, and a date
 * it could not show comes back as ''. That keeps the stored date, never erases it (null still clears an optional
 * one). Any other body is answered as it is.
 */
export function withoutBlankDates(body: unknown, names: string[]): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (!names.some((name) => isBlank(record[name]))) return body;
  return Object.fromEntries(Object.entries(record).filter(([key, value]) => !(names.includes(key) && isBlank(value))));
}
