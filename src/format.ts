/** Display formats of the school (pt-BR, America/Sao_Paulo). Dates never shift a day. */

const TIME_ZONE = 'America/Sao_Paulo';

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dateOfInstantFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** `2026-03-05` → `05/03/2026`, by text: a date-only value is never turned into an instant. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return '';
  // A full timestamp is a point in time: show the school's calendar day.
  if (value.length > 10) return formatInstantDate(value);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

export function formatInstantDate(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return '';
  return dateOfInstantFormat.format(new Date(value));
}

export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return '';
  return dateTimeFormat.format(new Date(value)).replace(',', '');
}

export function upper(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLocaleUpperCase('pt-BR');
}

export function truncate(value: unknown, size: number): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > size ? `${text.slice(0, size - 1).trimEnd()}…` : text;
}
