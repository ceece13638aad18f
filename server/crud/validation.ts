import { z } from 'zod';
import { EMAIL_PATTERN, isValidCpf } from '../../resources/text';
import { writableFields, type FieldConfig, type ResourceConfig } from '../../resources/types';
import { fieldErrorsOf, type FieldErrors } from '../http/errors';
import { idSchema, INT_MAX, INT_MIN } from '../http/ids';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Turns "", whitespace and null into null; numbers into text where text is expected; masks stripped. */
function normalize(field: FieldConfig) {
  return (raw: unknown): unknown => {
    if (raw === undefined || raw === null) return null;
    if (typeof raw === 'number' && field.type !== 'integer' && field.type !== 'reference') raw = String(raw);
    if (typeof raw !== 'string') return raw;
    const value = field.type === 'password' ? raw : raw.trim();
    if (value === '') return null;
    // Mask punctuation goes ("1505-5000" → "15055000"); letters stay, so that they are refused.
    if (field.mask || field.type === 'digits') return value.replace(/[^\p{L}\p{N}]/gu, '');
    return value;
  };
}

/** The schema of a present, non-empty value of the field. */
function valueSchema(field: FieldConfig): z.ZodType {
  const label = field.label;
  const invalid = `O campo ${label} é inválido.`;
  switch (field.type) {
    case 'reference':
      return idSchema(`Selecione um(a) ${label} válido(a).`);
    case 'integer': {
      const message = `O campo ${label} deve ser um número inteiro.`;
      // Bounded by the column (PostgreSQL integer) even when the config sets no bounds of its own.
      const [min, max] = [Math.max(field.min ?? INT_MIN, INT_MIN), Math.min(field.max ?? INT_MAX, INT_MAX)];
      return z.coerce
        .number({ error: message })
        .int({ error: message })
        .min(min, { error: `O campo ${label} deve ser no mínimo ${min}.` })
        .max(max, { error: `O campo ${label} deve ser no máximo ${max}.` });
    }
    case 'digits': {
      let s = z.string({ error: invalid }).regex(/^\d+$/, { error: `O campo ${label} deve conter apenas números.` });
      if (field.minLength) s = s.min(field.minLength, { error: `O campo ${label} deve ter pelo menos ${field.minLength} dígitos.` });
      if (field.maxLength) s = s.max(field.maxLength, { error: `O campo ${label} pode ter no máximo ${field.maxLength} dígitos.` });
      if (field.rule === 'cpf') return s.refine(isValidCpf, { error: 'CPF inválido.' });
      return s;
    }
    case 'date':
      return z.string({ error: invalid }).refine(isRealDate, { error: `O campo ${label} deve ser uma data válida.` });
    case 'datetime':
      return z.string({ error: invalid }).refine((v) => !Number.isNaN(Date.parse(v)), { error: `O campo ${label} deve ser uma data e hora válidas.` });
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      return z.string({ error: invalid }).refine((v) => values.includes(v), {
        error: `O campo ${label} deve ser uma das opções: ${(field.options ?? []).map((o) => o.label).join(', ')}.`,
      });
    }
    default: {
      let s = z.string({ error: `O campo ${label} deve ser um texto.` });
      if (field.minLength) s = s.min(field.minLength, { error: `O campo ${label} deve ter pelo menos ${field.minLength} caracteres.` });
      if (field.maxLength) s = s.max(field.maxLength, { error: `O campo ${label} pode ter no máximo ${field.maxLength} caracteres.` });
      if (field.type === 'email') return s.regex(EMAIL_PATTERN, { error: `O campo ${label} deve ser um e-mail válido.` }).transform((v) => v.toLowerCase());
      return s;
    }
  }
}

/** One field's schema; also used by forms that are not resources (school settings). */
export function fieldSchema(field: FieldConfig, mode: 'create' | 'update'): z.ZodType {
  // Files are read from the multipart body by the resource's hooks, never through validation.
  if (field.type === 'image') return z.any().transform(() => undefined);
  const required = `O campo ${field.label} é obrigatório.`;
  const value = valueSchema(field);
  const isRequired = field.required === true || (field.required === 'create' && mode === 'create');
  const schema = isRequired
    ? z.any().refine((v) => v !== null, { error: required }).pipe(value)
    : value.nullable();
  return z.preprocess(normalize(field), schema);
}

export interface WriteSchemas {
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
}

/** Request validation derived from the config: create needs every field, update only those sent. */
export function buildWriteSchemas(config: ResourceConfig): WriteSchemas {
  const createShape: Record<string, z.ZodType> = {};
  const updateShape: Record<string, z.ZodType> = {};
  for (const field of writableFields(config)) {
    createShape[field.name] = fieldSchema(field, 'create');
    // A read-only-on-edit field sent on update is ignored, never an error.
    if (!field.readOnlyOnEdit) updateShape[field.name] = fieldSchema(field, 'update');
  }
  return {
    // Absent keys are validated as empty so that a missing required field is reported by name.
    create: z.preprocess((raw) => withAllKeys(raw, Object.keys(createShape)), z.object(createShape)) as z.ZodType<Record<string, unknown>>,
    update: z.object(updateShape).partial() as unknown as z.ZodType<Record<string, unknown>>,
  };
}

function withAllKeys(raw: unknown, keys: string[]): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const key of keys) if (!(key in copy)) copy[key] = null;
  return copy;
}

export type ParseResult = { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldErrors };

export function parseBody(schema: z.ZodType<Record<string, unknown>>, body: unknown): ParseResult {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { body: ['Corpo da requisição inválido.'] } };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues) };
}
