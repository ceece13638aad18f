import {
  ADMINISTRATIVE_DEPENDENCIES,
  BUILDING_KINDS,
  DIFFERENTIATED_LOCATIONS,
  ENERGY_SOURCES,
  INTERNET_USES,
  LOCATION_ZONES,
  PRIVATE_CATEGORIES,
  PRIVATE_MAINTAINERS,
  REGULATION_SPHERES,
  REGULATIONS,
  SEWAGE,
  WASTE_DISPOSAL,
  WATER_SUPPLIES,
  YES_NO,
} from './census-codes';
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

/**
 * The school's census data (Educacenso, Registros 00 and 10; issue 40): identification, address with the municipality's
 * IBGE code, and the infrastructure answers every school in activity gives (the rest of the Registro 10 is left out).
 * Saved with the settings; absent from a request, left as they were.
 */
export type SchoolCensusName =
  | 'inep_code'
  | 'cnpj'
  | 'administrative_dependency'
  | 'private_category'
  | 'private_maintainer'
  | 'maintainer_cnpj'
  | 'regulation'
  | 'regulation_sphere'
  | 'location_zone'
  | 'differentiated_location'
  | 'cep'
  | 'street'
  | 'address_number'
  | 'neighborhood'
  | 'municipality_ibge'
  | 'infra_building'
  | 'infra_drinking_water'
  | 'infra_water'
  | 'infra_energy'
  | 'infra_sewage'
  | 'infra_waste'
  | 'infra_internet'
  | 'infra_classrooms';

export const schoolCensusFields: (FieldConfig & { name: SchoolCensusName })[] = [
  { name: 'inep_code', label: 'Código INEP da escola', type: 'digits', minLength: 8, maxLength: 8 },
  {
    name: 'cnpj',
    label: 'CNPJ',
    type: 'text',
    maxLength: 14,
    rule: 'cnpj',
    helperText: 'Aceita o CNPJ alfanumérico (a partir de julho de 2026).',
  },
  {
    name: 'administrative_dependency',
    label: 'Dependência administrativa',
    type: 'select',
    options: ADMINISTRATIVE_DEPENDENCIES,
  },
  {
    name: 'private_category',
    label: 'Categoria da escola privada',
    type: 'select',
    options: PRIVATE_CATEGORIES,
    helperText: 'Só para escola privada.',
  },
  {
    name: 'private_maintainer',
    label: 'Mantenedora da escola privada',
    type: 'multiselect',
    options: PRIVATE_MAINTAINERS,
    helperText: 'Só para escola privada.',
  },
  {
    name: 'maintainer_cnpj',
    label: 'CNPJ da mantenedora principal',
    type: 'text',
    maxLength: 14,
    rule: 'cnpj',
    helperText: 'Obrigatório quando a mantenedora é instituição sem fins lucrativos e a escola é regulamentada.',
  },
  { name: 'regulation', label: 'Regulamentação no conselho de educação', type: 'select', options: REGULATIONS },
  {
    name: 'regulation_sphere',
    label: 'Esfera do conselho ou órgão que regulamenta',
    type: 'select',
    options: REGULATION_SPHERES,
    helperText: 'Quando a regulamentação é "Sim" ou "Em tramitação".',
  },
  { name: 'location_zone', label: 'Localização', type: 'select', options: LOCATION_ZONES },
  {
    name: 'differentiated_location',
    label: 'Localização diferenciada',
    type: 'select',
    options: DIFFERENTIATED_LOCATIONS,
  },
  { name: 'cep', label: 'CEP', type: 'digits', mask: '#####-###', minLength: 8, maxLength: 8 },
  { name: 'street', label: 'Logradouro', type: 'text', maxLength: 190 },
  { name: 'address_number', label: 'Número', type: 'text', maxLength: 20 },
  { name: 'neighborhood', label: 'Bairro', type: 'text', maxLength: 120 },
  {
    name: 'municipality_ibge',
    label: 'Município',
    type: 'digits',
    minLength: 7,
    maxLength: 7,
    rule: 'municipality',
    helperText: 'Busque pelo nome e a UF.',
  },
  { name: 'infra_building', label: 'Local de funcionamento', type: 'multiselect', options: BUILDING_KINDS },
  {
    name: 'infra_drinking_water',
    label: 'Fornece água potável para consumo',
    type: 'select',
    options: YES_NO,
  },
  { name: 'infra_water', label: 'Abastecimento de água', type: 'multiselect', options: WATER_SUPPLIES },
  { name: 'infra_energy', label: 'Fonte de energia elétrica', type: 'multiselect', options: ENERGY_SOURCES },
  { name: 'infra_sewage', label: 'Esgotamento sanitário', type: 'multiselect', options: SEWAGE },
  { name: 'infra_waste', label: 'Destinação do lixo', type: 'multiselect', options: WASTE_DISPOSAL },
  { name: 'infra_internet', label: 'Acesso à internet', type: 'multiselect', options: INTERNET_USES },
  {
    name: 'infra_classrooms',
    label: 'Salas de aula utilizadas',
    type: 'integer',
    min: 0,
    max: 9999,
    helperText: 'Dentro e fora do prédio.',
  },
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
