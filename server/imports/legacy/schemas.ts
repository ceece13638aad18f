import { z } from 'zod';

/**
 * The previous system's answers as the contract describes them (../shared/spec), checked before anything is
 * written. Lenient where the contract is (ids as numbers or digits, dates as dd/mm/aaaa or ISO, money as reais),
 * strict in size: no text longer than a column holds.
 */
const id = z.coerce.number().int().positive().max(2_147_483_647);
const optionalId = z.union([id, z.null(), z.undefined(), z.literal('')]).transform((v) => (v ? v : null));
const text = (max: number) =>
  z
    .union([z.string().max(max), z.number(), z.null(), z.undefined()])
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));
const required = (max: number) => z.union([z.string().min(1).max(max), z.number()]).transform(String);

/** dd/mm/aaaa (as the contract answers) or an ISO date or instant, as yyyy-mm-dd; null when empty. */
export const legacyDate = z.union([z.string().max(40), z.null(), z.undefined()]).transform((v, ctx) => {
  if (!v) return null;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  ctx.addIssue({ code: 'custom', message: 'data inválida' });
  return z.NEVER;
});

export const teaching = z.object({ id, name: required(120), description: text(255) });
export const course = z.object({ id, name: required(120), teaching_id: optionalId });
export const discipline = z.object({
  id,
  name: required(120),
  teaching_id: optionalId,
  amount_of_reviews: z.union([z.coerce.number().int().min(0).max(100), z.null()]).optional(),
  workload: z.union([z.coerce.number().int().min(0).max(100_000), z.null()]).optional(),
});
export const stage = z.object({ id, stage: z.coerce.number().int().min(0).max(1000), description: text(255) });
export const polo = z.object({
  id,
  name: required(120),
  city: text(120),
  uf: text(2),
  responsible: text(120),
  address: text(255),
  email: text(255),
  phone: text(20),
});
export const textDocument = z.object({ id, name: required(120), content: text(200_000), teaching_id: optionalId });
export const grid = z.object({ id, name: required(120), obs: text(2000), course_id: optionalId });
export const gridRow = z.object({
  discipline_id: id,
  stage_id: id,
  course_id: optionalId,
  workload: z.coerce.number().int().min(0).max(100_000),
});
export const team = z.object({
  id,
  name: required(150),
  start_date: legacyDate,
  end_date: legacyDate,
  polo_id: optionalId,
  grid_id: optionalId,
});
/** A word naming a role, as a source may give it (the contract names none: roles.ts). */
const roleWord = z.string().max(120).nullish();
export const user = z.object({
  id,
  name: required(120),
  email: z.string().max(255),
  role: z.union([z.string().max(120), z.object({ key: roleWord, name: roleWord }), z.null()]).optional(),
  role_name: roleWord,
  profile: roleWord,
});
export type LegacyUser = z.infer<typeof user>;

const charge = z.object({
  id,
  quota: z.coerce.number().int().min(0).max(1000).nullish(),
  value: z.union([z.number(), z.string().max(30)]).nullish(),
  value_cents: z.coerce.number().int().min(0).max(100_000_000_00).nullish(),
  due_date: legacyDate,
  pay_day: legacyDate,
  paid: z.union([z.coerce.number(), z.boolean(), z.null()]).optional(),
  service_type: z.object({ name: z.string().max(120) }).nullish(),
  payment_type: z.object({ name: z.string().max(120) }).nullish(),
  observations: text(5000),
  financial_observation: text(5000),
  gateway_response: z.union([z.string().max(100_000), z.record(z.string(), z.unknown()), z.null()]).optional(),
});
export type LegacyCharge = z.infer<typeof charge>;

const registration = z.object({
  id,
  created_at: z.string().max(40).nullish(),
  team: z.object({ id }),
  /** Where the enrolment's contract is downloaded (02 §3), or null: none issued. */
  file_url_contract: z.string().max(2000).nullish(),
  financials: z.array(charge).max(10_000).nullish(),
});

const document = z.object({
  id,
  type: z.string().min(1).max(20),
  code: z.string().max(60).nullish(),
  file_name: z.string().min(1).max(255),
  folder: z.string().max(60).nullish(),
  document_name: z.string().max(255).nullish(),
  registration_id: optionalId,
  revoked_at: z.string().max(40).nullish(),
});
export type LegacyDocument = z.infer<typeof document>;

const book = z.object({
  id,
  registration_number: required(30),
  book_number: required(30),
  page_number: required(30),
  issue_date: legacyDate,
  certificate_seal_number: text(60),
  history_seal_number: text(60),
  team_id: optionalId,
});

export const studentFields = {
  name: required(150),
  gender: text(1),
  email: text(255),
  cep: text(8),
  street: text(255),
  number: text(20),
  neighborhood: text(120),
  city: text(120),
  uf: text(2),
  phone: text(20),
  cpf: text(14),
  rg: text(30),
  expedient_body: text(30),
  nationality: text(60),
  naturalness: text(120),
  birth_date: legacyDate,
  name_mother: text(150),
  status: text(20),
};
export const studentRow = z.object({ id, ...studentFields });
export const student = z.object({
  id,
  ...studentFields,
  has_photo: z.boolean().optional(),
  registrations: z.array(registration).max(1000).nullish(),
  documents: z.array(document).max(1000).nullish(),
  books: z.array(book).max(1000).nullish(),
  observations: z
    .array(z.object({ id, observation: z.string().min(1).max(20_000) }))
    .max(10_000)
    .nullish(),
});
export type LegacyStudent = z.infer<typeof student>;

export const statusHistory = z.object({
  data: z
    .array(
      z.object({ id, previous_status: text(20), new_status: required(20), created_at: z.string().max(40).nullish() }),
    )
    .max(10_000),
});

export const grade = z.object({
  stage_id: id,
  discipline_id: id,
  team_id: id,
  grade: z.union([z.string().max(10), z.number()]),
});
