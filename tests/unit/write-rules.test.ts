import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, resources, systemFields, writableFields, type FieldConfig } from '../../resources';
import { schoolPhonesField, schoolSettingsFields } from '../../resources/school-settings';
import { students } from '../../resources/students';
import { buildWriteSchemas, fieldSchema, parseBody } from '../../server/crud/validation';
import { dateSchema, integerSchema, optionalDateSchema, optionalIntegerSchema } from '../../server/crud/values';

const library = defineResource({
  name: 'library',
  apiPath: '/library',
  table: 'library',
  labels: { singular: 'Livro', plural: 'Livros', gender: 'm' },
  adminPath: 'livros',
  fields: [
    systemFields.id,
    { name: 'title', label: 'Título', type: 'text', required: true, maxLength: 50 },
    { name: 'issued_on', label: 'Expedição', type: 'date' },
    { name: 'pages', label: 'Páginas', type: 'integer', min: 1, max: 5000 },
    { name: 'balance', label: 'Saldo', type: 'integer' },
    {
      name: 'shelf',
      label: 'Estante',
      type: 'select',
      options: [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
      default: 'A',
    },
    {
      name: 'state',
      label: 'Situação',
      type: 'select',
      options: [
        { value: 'novo', label: 'Novo' },
        { value: 'usado', label: 'Usado' },
      ],
      default: 'novo',
    },
    {
      name: 'teaching_id',
      label: 'Ensino',
      type: 'reference',
      reference: { resource: 'teachings', embedAs: 'teaching', labelField: 'name' },
    },
    systemFields.createdAt,
  ],
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['title'],
  sortableFields: ['id'],
  // `state` is not in the form: like a student's status, it is only set by the server on create.
  formFields: ['title', 'issued_on', 'pages', 'balance', 'shelf', 'teaching_id'],
  menu: { group: 'x', icon: 'x', label: 'x' },
});

const { create, update } = buildWriteSchemas(library);
const errorsOf = (body: Record<string, unknown>) => {
  const result = parseBody(update, body);
  return result.ok ? {} : result.errors;
};

describe('dates in the pipeline', () => {
  it('refuses days that do not exist', () => {
    for (const issued_on of ['2024-02-30', '2023-02-29', '31/04/2024', '30/02/2024']) {
      expect(errorsOf({ issued_on }), issued_on).toEqual({
        issued_on: ['O campo Expedição deve ser uma data válida.'],
      });
    }
  });

  it('accepts YYYY-MM-DD and dd/mm/yyyy and keeps ISO', () => {
    expect(parseBody(update, { issued_on: '29/02/2024' })).toEqual({ ok: true, value: { issued_on: '2024-02-29' } });
    expect(parseBody(update, { issued_on: '2024-02-29' })).toEqual({ ok: true, value: { issued_on: '2024-02-29' } });
    expect(parseBody(update, { issued_on: '' })).toEqual({ ok: true, value: { issued_on: null } });
  });
});

describe('integers in the pipeline', () => {
  it('refuses booleans, hex, exponents, fractions and arrays with the field message', () => {
    for (const pages of [true, false, '0x10', '1e3', [1], '1.5', 2.5, {}, 'doze']) {
      expect(errorsOf({ pages }), JSON.stringify(pages)).toEqual({
        pages: ['O campo Páginas deve ser um número inteiro.'],
      });
    }
  });

  it('accepts numbers and decimal digits, signed where negatives make sense', () => {
    expect(parseBody(update, { pages: '12', balance: '-30' })).toEqual({
      ok: true,
      value: { pages: 12, balance: -30 },
    });
    expect(parseBody(update, { pages: 12, balance: -30 })).toEqual({ ok: true, value: { pages: 12, balance: -30 } });
    expect(errorsOf({ pages: '0' })).toEqual({ pages: ['O campo Páginas deve ser no mínimo 1.'] });
    expect(errorsOf({ pages: 5001 })).toEqual({ pages: ['O campo Páginas deve ser no máximo 5000.'] });
  });

  it('refuses the same junk in reference fields', () => {
    for (const teaching_id of [true, '0x10', [1], '1.5', 1.5, '-1', 0, '+']) {
      expect(errorsOf({ teaching_id }), JSON.stringify(teaching_id)).toEqual({
        teaching_id: ['Selecione um(a) Ensino válido(a).'],
      });
    }
    expect(parseBody(update, { teaching_id: '3' })).toEqual({ ok: true, value: { teaching_id: 3 } });
  });
});

describe('defaults from the config', () => {
  it('fills an absent value on create, in and out of the form', () => {
    expect(parseBody(create, { title: 'Dom Casmurro' })).toMatchObject({
      ok: true,
      value: { shelf: 'A', state: 'novo' },
    });
    expect(parseBody(create, { title: 'Dom Casmurro', shelf: 'B' })).toMatchObject({
      ok: true,
      value: { shelf: 'B', state: 'novo' },
    });
    // A value the form cannot send is the server's alone.
    expect(parseBody(create, { title: 'Dom Casmurro', state: 'usado' })).toMatchObject({
      ok: true,
      value: { state: 'novo' },
    });
  });

  it('leaves updates alone', () => {
    expect(parseBody(update, { title: 'Outro' })).toEqual({ ok: true, value: { title: 'Outro' } });
  });

  it('makes a new student Ativo', () => {
    const result = parseBody(buildWriteSchemas(students).create, { name: 'Ana' });
    expect(result).toMatchObject({ ok: true, value: { status: 'Ativo' } });
  });

  it('are values their own fields accept', () => {
    for (const config of resources) {
      for (const field of config.fields.filter((f) => f.default !== undefined)) {
        expect(fieldSchema(field, 'create').safeParse(field.default).success, `${config.name}.${field.name}`).toBe(
          true,
        );
      }
    }
  });
});

describe('length caps', () => {
  const textual = (f: FieldConfig) =>
    ['text', 'textarea', 'email', 'digits', 'password'].includes(f.type) && !f.count && !f.many;

  it('every text field of every config has a maxLength', () => {
    const uncapped = [
      ...resources.flatMap((config) =>
        config.fields
          .filter(textual)
          .filter((f) => !f.maxLength)
          .map((f) => `${config.name}.${f.name}`),
      ),
      ...[...schoolSettingsFields, schoolPhonesField]
        .filter(textual)
        .filter((f) => !f.maxLength)
        .map((f) => `school-settings.${f.name}`),
    ];
    expect(uncapped).toEqual([]);
  });

  it('the cap is enforced on every writable text field', () => {
    for (const config of resources) {
      for (const field of writableFields(config).filter(textual)) {
        const long =
          field.type === 'email' ? `${'a'.repeat(field.maxLength!)}@escola.com.br` : '1'.repeat(field.maxLength! + 1);
        expect(fieldSchema(field, 'update').safeParse(long).success, `${config.name}.${field.name}`).toBe(false);
      }
    }
  });
});

describe('schemas for bespoke routes', () => {
  const book = z.object({
    issue_date: optionalDateSchema('Data de expedição inválida.'),
    start: dateSchema('Informe uma data válida.'),
    team_id: optionalIntegerSchema('Turma inválida.', { min: 1 }),
    student_id: integerSchema('Aluno inválido.', { min: 1 }),
  });
  const issues = (body: unknown) => {
    const result = book.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('take both date forms and answer ISO', () => {
    expect(book.parse({ issue_date: '08/05/2023', start: '2023-05-08', team_id: '', student_id: '4' })).toEqual({
      issue_date: '2023-05-08',
      start: '2023-05-08',
      team_id: null,
      student_id: 4,
    });
    expect(book.parse({ start: '2023-05-08', student_id: 4 })).toEqual({
      issue_date: null,
      start: '2023-05-08',
      team_id: null,
      student_id: 4,
    });
  });

  it('refuse impossible dates and non-integers', () => {
    expect(issues({ issue_date: '2024-02-30', start: '31/02/2024', team_id: true, student_id: '0x10' })).toEqual([
      'issue_date: Data de expedição inválida.',
      'start: Informe uma data válida.',
      'team_id: Turma inválida.',
      'student_id: Aluno inválido.',
    ]);
    expect(issues({ start: '2024-02-01', student_id: 0 })).toEqual(['student_id: Aluno inválido.']);
    expect(issues({ start: '2024-02-01' })).toEqual(['student_id: Aluno inválido.']);
  });
});
