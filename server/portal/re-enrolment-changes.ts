import { z } from 'zod';
import { guardians } from '../../resources/guardians';
import { students } from '../../resources/students';
import type { FieldConfig, ResourceConfig } from '../../resources/types';
import { fieldSchema } from '../crud/validation';
import { validationError, type FieldErrors } from '../http/errors';

/**
 * What a family may propose to change on re-enrolment: contact, address and documents, never the school's own
 * fields (status, teams). Each field is validated by the resource config's own rule (CPF, e-mail, phone, CEP), so a
 * proposal the office accepts is one the staff screens would have taken.
 */
export const STUDENT_FIELDS = [
  'email',
  'phone',
  'cpf',
  'rg',
  'cep',
  'street',
  'number',
  'neighborhood',
  'city',
  'uf',
] as const;
export const GUARDIAN_FIELDS = [
  'name',
  'cpf',
  'rg',
  'email',
  'phone',
  'cep',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'uf',
  'occupation',
] as const;

export interface ProposedChanges {
  student?: Record<string, unknown>;
  guardians?: { id: number; values: Record<string, unknown> }[];
}

function shapeOf(config: ResourceConfig, names: readonly string[]): z.ZodType<Record<string, unknown>> {
  const fields = names.map((name) => config.fields.find((f) => f.name === name)).filter((f): f is FieldConfig => !!f);
  return z
    .object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, 'update')])))
    .partial()
    .strict();
}

const studentSchema = shapeOf(students, STUDENT_FIELDS);
const guardianSchema = shapeOf(guardians, GUARDIAN_FIELDS);

/** Errors of one zod result, named `prefix.field` so the screen can show each beside its input. */
function collect(result: z.ZodSafeParseResult<unknown>, prefix: string, errors: FieldErrors): void {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '';
    const key = field ? `${prefix}.${field}` : prefix;
    const message = issue.code === 'unrecognized_keys' ? 'Este dado não pode ser alterado pelo portal.' : issue.message;
    (errors[key] ??= []).push(message);
  }
}

/**
 * The family's proposal, validated: `{student: {…}, guardians: [{id, …}]}` with only the guardians linked to the
 * student (`guardianIds`). Answers the normalised values (digits only, as stored) or a 422 naming each field.
 */
export function parseChanges(raw: unknown, guardianIds: number[]): ProposedChanges {
  if (raw == null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw validationError({ changes: ['Alterações inválidas.'] });
  const body = raw as { student?: unknown; guardians?: unknown };
  const errors: FieldErrors = {};
  const out: ProposedChanges = {};
  if (body.student != null) {
    const parsed = studentSchema.safeParse(body.student);
    collect(parsed, 'changes.student', errors);
    if (parsed.success) out.student = clean(parsed.data);
  }
  if (body.guardians != null) {
    if (!Array.isArray(body.guardians) || body.guardians.length > 10)
      throw validationError({ 'changes.guardians': ['Lista de responsáveis inválida.'] });
    out.guardians = [];
    body.guardians.forEach((item: unknown, i: number) => {
      const { id, ...values } = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
      if (typeof id !== 'number' || !guardianIds.includes(id)) {
        errors[`changes.guardians.${i}`] = ['Responsável não encontrado.'];
        return;
      }
      const parsed = guardianSchema.safeParse(values);
      collect(parsed, `changes.guardians.${i}`, errors);
      if (parsed.success) out.guardians!.push({ id, values: clean(parsed.data) });
    });
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** Keys the family left out are not changes. */
function clean(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
