import { defineResource, referenceTo, systemFields } from './types';

/** The placeholder replaced by the current year wherever a template is used. */
export const YEAR_PLACEHOLDER = '[[DATA_ANO]]';

/** Replaces `[[DATA_ANO]]` by the given year (the current one by default). */
export function fillYear(content: string, year = new Date().getFullYear()): string {
  return content.split(YEAR_PLACEHOLDER).join(String(year));
}

/** Textos de documentos: templates of certificates and contracts, stored as plain text. */
export const textDocuments = defineResource({
  name: 'text-documents',
  apiPath: '/text-documents',
  table: 'text_documents',
  labels: { singular: 'Texto de documento', plural: 'Textos de documentos', gender: 'm' },
  adminPath: 'ensinos/documentos',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    {
      name: 'content',
      label: 'Conteúdo',
      type: 'textarea',
      required: true,
      maxLength: 20000,
      rows: 8,
      truncateInList: 90,
      helperText: `Use ${YEAR_PLACEHOLDER} onde deve entrar o ano corrente; ele é trocado pelo ano quando o texto é usado.`,
    },
    referenceTo('teachings', 'teaching_id', 'Ensino', 'teaching'),
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'content', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'name', 'content'],
  sortableFields: ['id', 'name', 'created_at'],
  formFields: ['name', 'content', 'teaching_id'],
  menu: { group: 'Cadastros', icon: 'description', label: 'Textos de documentos' },
  ui: { createLabel: 'Adicionar um novo' },
});
