import { defineResource, systemFields } from './types';

/**
 * Caixa de saída: every e-mail the server sends (contact messages to the school, password links).
 * Without SMTP_URL nothing leaves the server, and this list is where the office reads them. Only the
 * server writes these rows; the caps say what it writes (a contact doubt is at most 5000 characters,
 * a delivery failure is cut at 500).
 */
export const outbox = defineResource({
  name: 'outbox',
  apiPath: '/outbox',
  table: 'outbox',
  labels: { singular: 'E-mail', plural: 'E-mails da caixa de saída', gender: 'm' },
  adminPath: 'caixa-de-saida',
  fields: [
    systemFields.id,
    { name: 'to_address', label: 'Para', type: 'email', maxLength: 190 },
    { name: 'reply_to', label: 'Responder a', type: 'email', maxLength: 190 },
    { name: 'subject', label: 'Assunto', type: 'text', maxLength: 255 },
    { name: 'body', label: 'Mensagem', type: 'textarea', maxLength: 10000, truncateInList: 80 },
    { name: 'sent_at', label: 'Entregue em', type: 'datetime' },
    { name: 'error', label: 'Falha na entrega', type: 'text', maxLength: 500, truncateInList: 60 },
    // Tries of the background delivery (server/mail/delivery.ts); `error` keeps the last failure's reason.
    { name: 'attempts', label: 'Tentativas de envio', type: 'integer' },
    { ...systemFields.createdAt, label: 'Criado' },
  ],
  list: {
    columns: ['id', 'to_address', 'subject', 'body', 'created_at', 'sent_at'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'to_address', 'reply_to', 'subject', 'body'],
  sortableFields: ['id', 'to_address', 'subject', 'created_at'],
  formFields: [],
  menu: { group: 'Administração', icon: 'mail', label: 'Caixa de saída' },
  access: { read: 'settings.manage', write: 'settings.manage' },
  readOnly: true,
});
