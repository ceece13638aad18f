import { schoolDayOf } from './format';
import { defineResource, referenceTo, systemFields } from './types';

/** The placeholder replaced by the current year wherever a template is used. */
export const YEAR_PLACEHOLDER = '[[DATA_ANO]]';

/** Replaces `[[DATA_ANO]]` by the given year (by default the current one at the school, not on the server's clock). */
export function fillYear(content: string, year = Number(schoolDayOf().slice(0, 4))): string {
  return content.split(YEAR_PLACEHOLDER).join(String(year));
}

/** Placeholders a contract template may hold, with what each becomes (shown to whoever writes one). */
export const CONTRACT_PLACEHOLDERS = {
  '[[NOME]]': 'nome do aluno',
  '[[CPF]]': 'CPF do aluno, com pontuação',
  '[[RG]]': 'RG e órgão expedidor',
  '[[ENDERECO]]': 'endereço completo com CEP',
  '[[DATA_NASCIMENTO]]': 'data de nascimento',
  '[[NOME_MAE]]': 'nome da mãe',
  '[[RESPONSAVEL_NOME]]': 'nome do responsável financeiro (o próprio aluno, se nenhum responsável for marcado)',
  '[[RESPONSAVEL_CPF]]': 'CPF do responsável financeiro, com pontuação',
  '[[RESPONSAVEL_RG]]': 'RG do responsável financeiro',
  '[[RESPONSAVEL_ENDERECO]]': 'endereço completo do responsável financeiro, com CEP',
  '[[RESPONSAVEL_PARENTESCO]]': 'parentesco do responsável financeiro com o aluno',
  '[[RESPONSAVEL_EMAIL]]': 'e-mail do responsável financeiro',
  '[[RESPONSAVEL_TELEFONE]]': 'telefone do responsável financeiro',
  '[[CURSO]]': 'curso da grade da turma',
  '[[TURMA]]': 'nome da turma',
  '[[POLO]]': 'polo da turma',
  '[[MATRICULA]]': 'número da matrícula (6 dígitos)',
  '[[ESCOLA]]': 'nome da escola',
  '[[DATA_EXTENSO]]': 'data de hoje por extenso',
  [YEAR_PLACEHOLDER]: 'ano corrente',
} as const;

export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;

/** Every known placeholder replaced by its value; unknown `[[…]]` stay visible so that a typo is noticed. */
export function fillPlaceholders(content: string, values: Record<ContractPlaceholder, string>): string {
  return content.replace(/\[\[[A-Z_]+\]\]/g, (token) =>
    token in values ? values[token as ContractPlaceholder] : token,
  );
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
      helperText: `Use ${YEAR_PLACEHOLDER} onde deve entrar o ano corrente. Em contratos também: ${Object.keys(
        CONTRACT_PLACEHOLDERS,
      )
        .filter((p) => p !== YEAR_PLACEHOLDER)
        .join(' ')}.`,
    },
    referenceTo('teachings', 'teaching_id', 'Ensino', 'teaching'),
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'content', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'name', 'content'],
  sortableFields: ['id', 'name', 'created_at'],
  formFields: ['name', 'content', 'teaching_id'],
  menu: { group: 'Cadastros', icon: 'description', label: 'Textos de documentos' },
  access: { read: 'master.read', write: 'master.write' },
  // The original server answered a template itself, and its client reads it so (the certificate's text).
  recordAnswer: 'object',
  ui: { createLabel: 'Adicionar um novo' },
});
