import { describe, expect, it } from 'vitest';
import { resources, writableFields, type FieldConfig } from '../../resources';
import { schoolCensusFields, schoolSettingsFields } from '../../resources/school-settings';
import { fieldSchema } from '../../server/crud/validation';
import { fieldError, isGiven } from '../../src/resources/fieldChecks';

const SAMPLES: unknown[] = [
  '',
  '   ',
  'abc',
  '12',
  ' 42 ',
  '-3',
  '0',
  '1.5',
  '0x10',
  '1e3',
  true,
  [1],
  5,
  2.5,
  0,
  '2024-02-30',
  '29/02/2024',
  '2024-02-29',
  '31/04/2024',
  '0026-03-10',
  '01/01/1900',
  '31/12/2199',
  '2200-01-01',
  'a@b',
  'Ana@Escola.com.br',
  'x'.repeat(300),
  'x'.repeat(25_000),
  '1'.repeat(12),
  '1234567',
  '529.982.247-25',
  '111.111.111-11',
  '(91)98888-7777',
  '(91)9888',
  '01001-000',
  '0100',
  'F',
  'Z',
  'PA',
  'Ativo',
  'senha',
  'senha-boa-123',
  // Census values (issue 40): a CNPJ (alphanumeric too), a certidão, a NIS, a time, several options.
  '12.ABC.345/01DE-35',
  '11222333000181',
  '10453901552013100012021000012321',
  '10453901552013100012021000012322',
  '170.33259.50-4',
  '07:30',
  '24:00',
  '["1","25"]',
  '["1","99"]',
  '0111110',
  'Cegueira, Surdez',
  ['2', '3'],
];

/** The first message the server answers for this value, or undefined when it takes it. */
function serverError(field: FieldConfig, value: unknown): string | undefined {
  const result = fieldSchema(field, 'update').safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
}

const fields: Array<[string, FieldConfig]> = [
  ...resources.flatMap((config) =>
    writableFields(config).map((f): [string, FieldConfig] => [`${config.name}.${f.name}`, f]),
  ),
  ...[...schoolSettingsFields, ...schoolCensusFields].map((f): [string, FieldConfig] => [
    `school-settings.${f.name}`,
    f,
  ]),
];

describe('form checks say what the server says', () => {
  it('for every writable field of every config and a range of typed values', () => {
    const differences: string[] = [];
    for (const [name, field] of fields) {
      if (field.type === 'image') continue;
      for (const value of SAMPLES) {
        // Whether a well-formed IBGE code exists is the server's to say: the screen only offers codes from its list.
        if (field.rule === 'municipality' && /^\d{7}$/.test(String(value))) continue;
        const server = isGiven(field, value) ? serverError(field, value) : undefined;
        const client = fieldError(field, value);
        if (server !== client)
          differences.push(`${name} ${JSON.stringify(value).slice(0, 30)}: servidor ${server} / formulário ${client}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('an empty required field has the server words', () => {
    const name = fields.find(([n]) => n === 'students.name')![1];
    expect(isGiven(name, '   ')).toBe(false);
    expect(serverError({ ...name, required: true }, '   ')).toBe('O campo Nome é obrigatório.');
  });

  it('e.g. an impossible date, a CPF and a long name', () => {
    const [, birth] = fields.find(([n]) => n === 'students.birth_date')!;
    const [, cpf] = fields.find(([n]) => n === 'students.cpf')!;
    const [, name] = fields.find(([n]) => n === 'students.name')!;
    expect(fieldError(birth, '2024-02-30')).toBe('O campo Data de nascimento deve ser uma data válida.');
    expect(fieldError(birth, '0026-03-10')).toBe(
      'O campo Data de nascimento deve ser uma data entre 01/01/1900 e 31/12/2199.',
    );
    expect(fieldError(birth, '29/02/2024')).toBeUndefined();
    expect(fieldError(cpf, '111.111.111-11')).toBe('CPF inválido.');
    expect(fieldError(name, 'x'.repeat(191))).toBe('O campo Nome pode ter no máximo 190 caracteres.');
  });
});
