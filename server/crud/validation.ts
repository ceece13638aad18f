// The census's long code lists fill their fields' options here (the client loads them only where shown).
import '../../resources/census-code-lists';
import { z } from 'zod';
import { dateInRange, MAX_CENTS, messages, parseMoney, parseMonth } from '../../resources/format';
import { multiselectText, multiselectValues, normalizeRuled, parseTime, ruleError } from '../../resources/field-rules';
import { isKnownMunicipality } from '../../resources/municipalities';
import { EMAIL_PATTERN } from '../../resources/text';
import { writableFields, type FieldConfig, type ResourceConfig } from '../../resources/types';
import { fieldErrorsOf, type FieldErrors } from '../http/errors';
import { idSchema, INT_MAX, INT_MIN } from '../http/ids';
import { dateSchema, integerSchema } from './values';

/** Turns "", whitespace and null into null; numbers into text where text is expected; masks stripped. */
function normalize(field: FieldConfig) {
  return (raw: unknown): unknown => {
    if (raw === undefined || raw === null) return null;
    // A number JSON cannot hold (1e400 parses as Infinity) stays a number, which the text schema refuses.
    if (typeof raw === 'number' && Number.isFinite(raw) && !['integer', 'reference', 'money'].includes(field.type))
      raw = String(raw);
    if (field.type === 'multiselect' && Array.isArray(raw)) return raw.length ? raw : null;
    if (typeof raw !== 'string') return raw;
    const value = field.type === 'password' ? raw : raw.trim();
    if (value === '') return null;
    if (field.rule === 'cnpj') return normalizeRuled(field, value);
    // Mask punctuation goes ("1505-5000" → "15055000"); letters stay, so that they are refused.
    if (field.mask || field.type === 'digits') return value.replace(/[^\p{L}\p{N}]/gu, '');
    return value;
  };
}

/** The schema of a present, non-empty value of the field. */
function valueSchema(field: FieldConfig): z.ZodType {
  const label = field.label;
  const invalid = messages.invalid(label);
  switch (field.type) {
    case 'reference':
      return idSchema(messages.reference(label));
    case 'integer': {
      // Bounded by the column (PostgreSQL integer) even when the config sets no bounds of its own.
      const min = Math.max(field.min ?? INT_MIN, INT_MIN);
      const max = Math.min(field.max ?? INT_MAX, INT_MAX);
      return integerSchema(messages.integer(label), {
        min,
        max,
        minMessage: messages.min(label, min),
        maxMessage: messages.max(label, max),
      });
    }
    case 'digits': {
      let s = z.string({ error: invalid }).regex(/^\d+$/, { error: messages.onlyDigits(label) });
      if (field.minLength) s = s.min(field.minLength, { error: messages.tooFewDigits(label, field.minLength) });
      if (field.maxLength) s = s.max(field.maxLength, { error: messages.tooManyDigits(label, field.maxLength) });
      return withRule(field, s);
    }
    case 'time':
      return z.unknown().transform((raw, ctx) => {
        const time = parseTime(raw);
        if (time !== null) return time;
        ctx.addIssue({ code: 'custom', message: messages.time(label) });
        return z.NEVER;
      });
    case 'multiselect':
      // Stored as its text (a JSON array or flags); nothing chosen is stored as nothing.
      return z.unknown().transform((raw, ctx) => {
        const values = multiselectValues(field, raw);
        if (values === null) {
          const labels = (field.options ?? []).map((o) => o.label);
          ctx.addIssue({ code: 'custom', message: messages.options(label, labels) });
          return z.NEVER;
        }
        return values.length ? multiselectText(field, values) : null;
      });
    case 'money':
      // In centavos from here on, as the finance routes read an amount.
      return z.unknown().transform((raw, ctx) => {
        const cents = parseMoney(raw);
        if (cents !== null && cents > 0 && cents <= MAX_CENTS) return cents;
        ctx.addIssue({ code: 'custom', message: messages.positiveMoney(label) });
        return z.NEVER;
      });
    case 'month':
      return z.unknown().transform((raw, ctx) => {
        const month = parseMonth(raw);
        if (month !== null) return month;
        ctx.addIssue({ code: 'custom', message: messages.month(label) });
        return z.NEVER;
      });
    case 'date':
      return dateSchema(messages.date(label), messages.dateRange(label));
    case 'datetime':
      return (
        z
          .string({ error: invalid })
          .refine((v) => !Number.isNaN(Date.parse(v)), { error: messages.dateTime(label) })
          // Not an instant is the message above alone; an instant in year 0026 is out of range.
          .refine(
            (v) => Number.isNaN(Date.parse(v)) || dateInRange(new Date(Date.parse(v)).toISOString().slice(0, 10)),
            { error: messages.dateRange(label) },
          )
      );
    case 'select': {
      const values = (field.options ?? []).map((o) => o.value);
      return z.string({ error: invalid }).refine((v) => values.includes(v), {
        error: messages.option(
          label,
          (field.options ?? []).map((o) => o.label),
        ),
      });
    }
    default: {
      let s = z.string({ error: messages.text(label) });
      if (field.minLength) s = s.min(field.minLength, { error: messages.tooShort(label, field.minLength) });
      if (field.maxLength) s = s.max(field.maxLength, { error: messages.tooLong(label, field.maxLength) });
      if (field.type === 'email')
        return s.regex(EMAIL_PATTERN, { error: messages.email(label) }).transform((v) => v.toLowerCase());
      return withRule(field, s);
    }
  }
}

/** A value's named rule (check digits; a municipality that exists), with the words the form uses too. */
function withRule(field: FieldConfig, schema: z.ZodString): z.ZodType {
  if (!field.rule) return schema;
  return schema.superRefine((value, ctx) => {
    const problem =
      ruleError(field, value) ??
      (field.rule === 'municipality' && !isKnownMunicipality(value) ? messages.municipality(field.label) : undefined);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** One field's schema; also used by forms that are not resources (school settings). */
export function fieldSchema(field: FieldConfig, mode: 'create' | 'update'): z.ZodType {
  // Files are read from the multipart body by the resource's hooks, never through validation.
  if (field.type === 'image') return z.any().transform(() => undefined);
  const required = messages.required(field.label);
  const value = valueSchema(field);
  const isRequired = field.required === true || (field.required === 'create' && mode === 'create');
  const schema = isRequired
    ? z
        .any()
        .refine((v) => v !== null, { error: required })
        .pipe(value)
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
  const defaults = config.fields.filter((f) => f.default !== undefined && !f.system && !f.count && !f.many);
  return {
    // Absent keys are validated as empty so that a missing required field is reported by name.
    create: z
      .preprocess((raw) => withAllKeys(raw, Object.keys(createShape)), z.object(createShape))
      .transform((values) => withDefaults(values, defaults)) as z.ZodType<Record<string, unknown>>,
    update: z.object(updateShape).partial() as unknown as z.ZodType<Record<string, unknown>>,
  };
}

/**
 * A config's write schemas, built once per config object and process (the generic routes, the payer's, the enrolment
 * campaigns'): zod schemas are immutable and depend on the config alone, and building them was a fair part of each
 * app's start (a test run starts some 500 apps).
 */
const writeSchemas = new WeakMap<ResourceConfig, WriteSchemas>();
export function writeSchemasOf(config: ResourceConfig): WriteSchemas {
  let schemas = writeSchemas.get(config);
  if (!schemas) writeSchemas.set(config, (schemas = buildWriteSchemas(config)));
  return schemas;
}

/** A new record takes the config's default for what it lacks (a field outside the form always lacks it). */
function withDefaults(values: Record<string, unknown>, fields: FieldConfig[]): Record<string, unknown> {
  const copy = { ...values };
  for (const field of fields)
    if (copy[field.name] === null || copy[field.name] === undefined) copy[field.name] = field.default;
  return copy;
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
