import { describe, expect, it } from 'vitest';
import { defineResource, systemFields } from '../../resources';
import { teachings } from '../../resources/teachings';
import { EMAIL_PATTERN } from '../../resources/text';
import { buildWriteSchemas, parseBody } from '../../server/crud/validation';

const polo = defineResource({
  name: 'polos',
  apiPath: '/polos',
  table: 'polos',
  labels: { singular: 'Polo', plural: 'Polos', gender: 'm' },
  adminPath: 'polos',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 10 },
    { name: 'email', label: 'E-mail', type: 'email' },
    { name: 'phone', label: 'Telefone', type: 'text', mask: '(##)#####-####' },
    {
      name: 'uf',
      label: 'UF',
      type: 'select',
      options: [
        { value: 'PA', label: 'PA' },
        { value: 'SP', label: 'SP' },
      ],
    },
    { name: 'opened_on', label: 'Inauguração', type: 'date' },
    { name: 'rooms', label: 'Salas', type: 'integer' },
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['name'],
  sortableFields: ['id'],
  formFields: ['name', 'email', 'phone', 'uf', 'opened_on', 'rooms'],
  menu: { group: 'x', icon: 'x', label: 'x' },
});

describe('request validation built from a resource config', () => {
  const { create, update } = buildWriteSchemas(polo);

  it('accepts a good record, trimming text, lowering e-mail, stripping masks, empty optional as null', () => {
    const result = parseBody(create, {
      name: ' Belém ',
      email: 'POLO@Escola.COM.BR',
      phone: '(91)98888-7777',
      uf: 'PA',
      opened_on: '2024-02-29',
      rooms: '12',
      extra: 'x',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Belém',
        email: 'polo@escola.com.br',
        phone: '91988887777',
        uf: 'PA',
        opened_on: '2024-02-29',
        rooms: 12,
      },
    });
    expect(parseBody(create, { name: 'A', email: '', phone: '  ' })).toEqual({
      ok: true,
      value: { name: 'A', email: null, phone: null, uf: null, opened_on: null, rooms: null },
    });
  });

  it('reports every bad field with a pt-BR message', () => {
    const result = parseBody(create, {
      name: 'Nome comprido demais',
      email: 'x@y',
      uf: 'XX',
      opened_on: '2023-02-29',
      rooms: '1.5',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: ['O campo Nome pode ter no máximo 10 caracteres.'],
        email: ['O campo E-mail deve ser um e-mail válido.'],
        uf: ['O campo UF deve ser uma das opções: PA, SP.'],
        opened_on: ['O campo Inauguração deve ser uma data válida.'],
        rooms: ['O campo Salas deve ser um número inteiro.'],
      },
    });
  });

  it('takes the same e-mails the forms take, long endings included', () => {
    for (const email of ['secretaria@escola.online', 'pai@familia.com.br']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
      expect(parseBody(update, { email }), email).toEqual({ ok: true, value: { email } });
    }
    expect(EMAIL_PATTERN.test('pai@familia')).toBe(false);
  });

  it('requires required fields on create even when absent, but not on update', () => {
    expect(parseBody(create, {})).toEqual({ ok: false, errors: { name: ['O campo Nome é obrigatório.'] } });
    expect(parseBody(update, { rooms: 3 })).toEqual({ ok: true, value: { rooms: 3 } });
    expect(parseBody(update, { name: null })).toEqual({ ok: false, errors: { name: ['O campo Nome é obrigatório.'] } });
  });

  it('never accepts system fields from a request', () => {
    const result = parseBody(buildWriteSchemas(teachings).create, { name: 'X', id: 5, created_at: '2020-01-01' });
    expect(result).toEqual({ ok: true, value: { name: 'X', description: null } });
  });

  it('refuses a body that is not an object', () => {
    expect(parseBody(create, 'texto')).toEqual({ ok: false, errors: { body: ['Corpo da requisição inválido.'] } });
    expect(parseBody(create, [1])).toEqual({ ok: false, errors: { body: ['Corpo da requisição inválido.'] } });
  });
});

describe('adding a field to a config (docs/desenvolvimento/como-adicionar-um-campo.md: "Código INEP" in Polos)', () => {
  it('reaches the server validation without other code', async () => {
    const { polos } = await import('../../resources/polos');
    const withInep = {
      ...polos,
      fields: [...polos.fields, { name: 'inep_code', label: 'Código INEP', type: 'digits' as const, maxLength: 8 }],
      formFields: [...polos.formFields, 'inep_code'],
    };
    const { create } = buildWriteSchemas(withInep);
    const base = { name: 'Polo', city: 'Belém', uf: 'PA' };
    expect(parseBody(create, { ...base, inep_code: '1505A' })).toEqual({
      ok: false,
      errors: { inep_code: ['O campo Código INEP deve conter apenas números.'] },
    });
    expect(parseBody(create, { ...base, inep_code: '123456789' })).toEqual({
      ok: false,
      errors: { inep_code: ['O campo Código INEP pode ter no máximo 8 dígitos.'] },
    });
    expect(parseBody(create, { ...base, inep_code: '15055000' })).toMatchObject({
      ok: true,
      value: { inep_code: '15055000' },
    });
    expect(parseBody(buildWriteSchemas(polos).create, { ...base, inep_code: '15055000' })).toMatchObject({
      ok: true,
      value: { name: 'Polo' },
    });
    expect(parseBody(buildWriteSchemas(polos).create, { ...base, inep_code: '15055000' })).not.toMatchObject({
      value: { inep_code: '15055000' },
    });
  });
});
