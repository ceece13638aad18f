import { BRAZIL, codeListField, NATIONALITY_KINDS, RACES } from './census-codes';
import type { FieldConfig } from './types';

/** What the census asks of every person, student or staff (records 30 of the layout): one definition for both forms. */
export function personCensusFields(nationalityLabel: string): FieldConfig[] {
  return [
    { name: 'race', label: 'Cor/raça', type: 'select', options: RACES },
    { name: 'nationality_kind', label: nationalityLabel, type: 'select', options: NATIONALITY_KINDS },
    codeListField({ name: 'country_code', label: 'País de nacionalidade', default: BRAZIL }, 'countries'),
    {
      name: 'birth_municipality_ibge',
      label: 'Município de nascimento',
      type: 'digits',
      minLength: 7,
      maxLength: 7,
      rule: 'municipality',
      helperText: 'Para brasileiros: busque pelo nome e a UF.',
    },
  ];
}
