import { dateInRange, messages, parseDate, schoolDayOf } from './format';
import { UF_OPTIONS, type FieldConfig } from './types';

/**
 * The dates of an enrolment (issue 37), one source for the server's 422, the MATRÍCULAS tab and the imports: the day
 * the student counts in the team from, and the day they stopped counting. Enrolments have routes of their own
 * (server/registrations), not the generic CRUD, so these are field configs without a resource around them.
 */
export const registrationDateFields = [
  {
    name: 'enrolled_on',
    label: 'Data da matrícula',
    type: 'date',
    helperText: 'Desde quando o aluno conta na chamada e na frequência.',
  },
  {
    name: 'left_on',
    label: 'Data de saída',
    type: 'date',
    notBefore: 'enrolled_on',
    helperText: 'Último dia em que o aluno conta na turma; em branco enquanto ele estuda nela.',
  },
] as const satisfies readonly FieldConfig[];

const [ENROLLED_ON, LEFT_ON] = registrationDateFields;

export const dateMessages = {
  future: (label: string) => `O campo ${label} não pode ser uma data futura.`,
  beforeEnrolment: `O campo ${LEFT_ON.label} não pode ser anterior ao campo ${ENROLLED_ON.label}.`,
};

export interface RegistrationDates {
  enrolled_on: string;
  left_on: string | null;
}

type Read = { day?: string | null; error?: string };

/** A typed day (`AAAA-MM-DD` or `dd/mm/aaaa`) or its error; `null`/'' is no day, `undefined` not sent. */
function readDay(value: unknown, label: string, today: string): Read {
  if (value === undefined) return {};
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { day: null };
  const day = parseDate(value);
  if (!day) return { error: messages.date(label) };
  if (!dateInRange(day)) return { error: messages.dateRange(label) };
  if (day > today) return { error: dateMessages.future(label) };
  return { day };
}

/**
 * The dates of an enrolment after a write: what was sent over what is stored (`stored`, none on a create), checked as
 * the office is told — real days, never after São Paulo's `today`, the exit not before the enrolment. A create
 * without an enrolment day gets today; an edit cannot empty it. Answers the dates, or the errors by field.
 */
export function checkRegistrationDates(
  sent: { enrolled_on?: unknown; left_on?: unknown },
  stored: RegistrationDates | undefined,
  today: string = schoolDayOf(),
): { dates: RegistrationDates; errors?: undefined } | { errors: Record<string, string[]>; dates?: undefined } {
  const errors: Record<string, string[]> = {};
  const enrolled = readDay(sent.enrolled_on, ENROLLED_ON.label, today);
  const left = readDay(sent.left_on, LEFT_ON.label, today);
  if (enrolled.error) errors.enrolled_on = [enrolled.error];
  if (left.error) errors.left_on = [left.error];
  if (stored && enrolled.day === null) errors.enrolled_on = [messages.required(ENROLLED_ON.label)];
  if (Object.keys(errors).length) return { errors };
  const dates: RegistrationDates = {
    enrolled_on: enrolled.day ?? stored?.enrolled_on ?? today,
    left_on: left.day !== undefined ? left.day : (stored?.left_on ?? null),
  };
  if (dates.left_on && dates.left_on < dates.enrolled_on)
    return { errors: { [sent.left_on !== undefined ? 'left_on' : 'enrolled_on']: [dateMessages.beforeEnrolment] } };
  return { dates };
}

/**
 * The student statuses that mean leaving the school's teams (resources/students.ts): changing to one closes the
 * student's open enrolments on that day (`left_on`). Trancado is a pause, not an exit: it keeps the enrolments open
 * and only takes the student off the roll calls while it lasts.
 */
export const LEAVING_STATUSES: readonly string[] = ['Inativo', 'Concluído', 'Evadido', 'Transferido', 'Falecido'];

/** Whether a lesson's day falls within an enrolment (from the enrolment day to the exit day, both counted). */
export const withinEnrolment = (span: { since: string; until: string | null }, day: string): boolean =>
  day >= span.since && (span.until === null || day <= span.until);

/**
 * Arriving from another school (issue 38): the school the student comes from, recorded on the enrolment. Field configs
 * as the dates are, one source for the server's 422 and the screens.
 */
export const registrationOriginFields = [
  { name: 'origin_school', label: 'Escola de origem', type: 'text', maxLength: 190 },
  { name: 'origin_city', label: 'Cidade de origem', type: 'text', maxLength: 120 },
  { name: 'origin_uf', label: 'UF de origem', type: 'select', options: UF_OPTIONS },
] as const satisfies readonly FieldConfig[];

/**
 * A grade brought from the school of origin, per discipline and year/series, for the history ("estudos realizados em
 * outras escolas"). The grade is written as the other school wrote it (7,5 or a concept such as B).
 */
export const priorStudyFields = [
  { name: 'year', label: 'Ano', type: 'integer', required: true, min: 1900, max: 2199 },
  {
    name: 'series',
    label: 'Série/ano',
    type: 'text',
    required: true,
    maxLength: 60,
    helperText: 'Como a escola de origem escreveu: 6º ano, 1ª série.',
  },
  { name: 'discipline', label: 'Disciplina', type: 'text', required: true, maxLength: 120 },
  { name: 'grade', label: 'Nota ou conceito', type: 'text', required: true, maxLength: 10 },
  { name: 'hours', label: 'Carga horária', type: 'integer', min: 1, max: 9999 },
] as const satisfies readonly FieldConfig[];

/** A grade from the school of origin as the API answers it (server/school-year/movements/arriving.ts). */
export interface PriorStudy {
  id: number;
  registration_id: number;
  year: number;
  series: string;
  discipline: string;
  grade: string;
  hours: number | null;
}
