/** A point in time as the database gives it back (a Date from PostgreSQL, ISO text from SQLite), as ISO text. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
}

/** The error's words for the office and the log, never its stack (nor a payload that may name a family). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Erro sem mensagem.';
}
