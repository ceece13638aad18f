/**
 * The names the office reads in Administração › Tarefas, per kind of work. An area may also give its own when it
 * registers (`every(kind, ms, handler, { label })`); a kind with no name is shown as it is written.
 */
export const JOB_LABELS: Record<string, string> = {
  'mail.deliver': 'Envio de e-mails',
  'notifications.sweep': 'Avisos às famílias',
  'push.deliver': 'Avisos no celular (Web Push)',
  'payments.reconcile': 'Conciliação de pagamentos',
};

export function labelOf(kind: string, own?: string | null): string {
  return own || JOB_LABELS[kind] || kind;
}
