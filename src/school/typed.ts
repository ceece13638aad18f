/**
 * A count typed in a settings field, as the body sends it: a whole number goes as one; anything else as typed
 * (trimmed), so the server answers with its own message for the field.
 */
export const wholeOrTyped = (typed: string): number | string =>
  /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : typed.trim();
