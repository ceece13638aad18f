import { z } from 'zod';
import { dateInRange, parseDate, schoolDayOf } from '../../resources/format';
import { EMAIL_PATTERN, isValidCpf, onlyDigits } from '../../resources/text';
import { validationError, type FieldErrors } from '../http/errors';

/** The public form's body: the team, the student, the guardian, the human check and the honeypot. */
export interface AdmissionInput {
  team_id: number;
  student: { name: string; birth_date: string; cpf: string | null };
  guardian: { name: string; cpf: string; email: string; phone: string | null };
  altcha?: string;
  /** The honeypot: a field people never see; a filled one is a bot's. */
  website?: string;
}

const name = (what: string) =>
  z
    .string({ error: `Informe o nome ${what}.` })
    .trim()
    .min(3, `Informe o nome completo ${what}.`)
    .max(150, `O nome ${what} pode ter no máximo 150 caracteres.`);

const cpf = (what: string) =>
  z
    .string({ error: `Informe o CPF ${what}.` })
    .max(20, `CPF ${what} inválido.`)
    .transform(onlyDigits)
    .refine(isValidCpf, `CPF ${what} inválido: confira os números.`);

const birthDate = z
  .string({ error: 'Informe a data de nascimento do aluno.' })
  .max(20, 'Data de nascimento inválida: use dd/mm/aaaa.')
  .transform((v, ctx) => {
    const day = parseDate(v);
    if (!day || !dateInRange(day)) {
      ctx.addIssue({ code: 'custom', message: 'Data de nascimento inválida: use dd/mm/aaaa.' });
      return z.NEVER;
    }
    if (day > schoolDayOf()) {
      ctx.addIssue({ code: 'custom', message: 'A data de nascimento não pode ser uma data futura.' });
      return z.NEVER;
    }
    return day;
  });

const schema = z.object({
  team_id: z.coerce
    .number({ error: 'Escolha a turma.' })
    .int('Escolha a turma.')
    .min(1, 'Escolha a turma.')
    .max(2147483647, 'Escolha a turma.'),
  student: z.object(
    {
      name: name('do aluno'),
      birth_date: birthDate,
      cpf: z
        .string({ error: 'CPF do aluno inválido.' })
        .max(20, 'CPF do aluno inválido.')
        .nullish()
        .transform((v) => onlyDigits(v ?? ''))
        .refine((v) => v === '' || isValidCpf(v), 'CPF do aluno inválido: confira os números.')
        .transform((v) => v || null),
    },
    { error: 'Informe os dados do aluno.' },
  ),
  guardian: z.object(
    {
      name: name('do responsável'),
      cpf: cpf('do responsável'),
      email: z
        .string({ error: 'Informe o e-mail do responsável.' })
        .trim()
        .max(190, 'O e-mail pode ter no máximo 190 caracteres.')
        .regex(EMAIL_PATTERN, 'Informe um e-mail válido.')
        .transform((v) => v.toLowerCase()),
      phone: z
        .string({ error: 'Telefone inválido.' })
        .max(30, 'Telefone inválido.')
        .nullish()
        .transform((v) => onlyDigits(v ?? ''))
        .refine((v) => v === '' || v.length === 10 || v.length === 11, 'Informe o telefone com DDD.')
        .transform((v) => v || null),
    },
    { error: 'Informe os dados do responsável.' },
  ),
  altcha: z.string().max(10_000).optional(),
  website: z.string().max(500).optional(),
});

/** The body checked; a 422 naming each field by its path (`student.cpf`) with a message in Portuguese. */
export function admissionInput(body: unknown): AdmissionInput {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  throw validationError(errors);
}
