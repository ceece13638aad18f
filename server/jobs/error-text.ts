/** The error's words for the office and the log, never its stack (nor a payload that may name a family). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Erro sem mensagem.';
}
