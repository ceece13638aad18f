import { defineResource, systemFields } from './types';

/**
 * Caixa de saída: every e-mail the server sends (contact messages to the school, password links).
 * Without SMTP_URL nothing leaves the server, and this list is where the office reads them.
 */
export const outbox = defineResource({
  name: 'outbox',
  apiPath: '/outbox',
  table: 'outbox',
  labels: { singular: 'E-mail', plural: 'E-mails da caixa de saída', gender: 'm' },
  adminPath: 'caixa-de-saida',
  fields: [
    systemFields.id,
    { name: 'to_address', label: 'Para', type: 'email' },
    { name: 'reply_to', label: 'Responder a', type: 'email' },
    { name: 'subject', label: 'Assunto', type: 'text' },
    { name: 'body', label: 'Mensagem', type: 'textarea', truncateInList: 80 },
    { name: 'sent_at', label: 'Entregue em', type: 'datetime' },
    { name: 'error', label: 'Falha na entrega', type: 'text', truncateInList: 60 },
    { ...systemFields.createdAt, label: 'Criado' },
  ],
  list: { columns: ['id', 'to_address', 'subject', 'body', 'created_at', 'sent_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'to_address', 'reply_to', 'subject', 'body'],
  sortableFields: ['id', 'to_address', 'subject', 'created_at'],
  formFields: [],
  menu: { group: 'Administração', icon: 'mail', label: 'Caixa de saída' },
  readOnly: true,
});
