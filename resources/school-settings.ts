import type { FieldConfig } from './types';

/**
 * Configurações da escola is one row, not a list, so it is not a resource; its plain fields are still
 * field configs, validated by the server and labelled on screen like any resource field. Phones,
 * colours, the passing average and the contract template have rules of their own (server/school).
 */
export const schoolSettingsFields: FieldConfig[] = [
  { name: 'school_name', label: 'Nome da escola', type: 'text', required: true, maxLength: 190 },
  { name: 'main_service', label: 'Frase principal do site', type: 'text', maxLength: 190, helperText: 'Título do topo da página pública.' },
  { name: 'email', label: 'E-mail', type: 'email', maxLength: 190 },
  { name: 'city', label: 'Cidade', type: 'text', maxLength: 120, helperText: 'Usada na data dos documentos.' },
];
