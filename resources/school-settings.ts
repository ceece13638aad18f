import type { FieldConfig } from './types';

/**
 * Configurações da escola is one row, not a list, so it is not a resource; its plain fields are still
 * field configs, validated by the server and labelled on screen like any resource field. Colours, the
 * passing average and the contract template have rules of their own (server/school).
 */
export const schoolSettingsFields: FieldConfig[] = [
  { name: 'school_name', label: 'Nome da escola', type: 'text', required: true, maxLength: 190 },
  {
    name: 'main_service',
    label: 'Frase principal do site',
    type: 'text',
    maxLength: 190,
    helperText: 'Título do topo da página pública.',
  },
  { name: 'email', label: 'E-mail', type: 'email', maxLength: 190 },
  { name: 'city', label: 'Cidade', type: 'text', maxLength: 120, helperText: 'Usada na data dos documentos.' },
];

/** At most this many phones: every visitor of the public site downloads them. */
export const MAX_SCHOOL_PHONES = 5;

/** The school's phones, typed separated by commas; `maxLength` is the cap of each phone. */
export const schoolPhonesField: FieldConfig = {
  name: 'phones',
  label: 'Telefones',
  type: 'text',
  maxLength: 20,
  helperText: `Separados por vírgula (até ${MAX_SCHOOL_PHONES}).`,
};
