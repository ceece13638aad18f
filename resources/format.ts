/**
 * How the school writes dates, money, grades and numbers, and the words of every field error.
 *
 * Plain TypeScript (no React, no database) so that the server, the PDFs and the forms import the same
 * rules: a form shows exactly the message the server would answer, and a date or an amount is read and
 * written the same way on both sides.
 */

/** The school's clock: instants are shown, and "today" is taken, in São Paulo (UTC−3). */
export const SCHOOL_TIME_ZONE = 'America/Sao_Paulo';

// ---------------------------------------------------------------------------------------------------
// Calendar dates: `YYYY-MM-DD` text, never turned into an instant, so that no time zone moves a day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** The ISO text of a day that exists on the calendar (29/02 only in leap years), or null. */
function existingDay(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/**
 * A date as people type it — `2024-02-29` or `29/02/2024` — as ISO text; null when it is not a day
 * that exists ("2024-02-30", "31/04/2024") or not a date at all.
 */
export function parseDate(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return existingDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const br = BR_DATE.exec(text);
  if (br) return existingDay(Number(br[3]), Number(br[2]), Number(br[1]));
  return null;
}

/**
 * The header with which a client asks for calendar dates as ISO (`X-Date-Format: iso`): this project's screens send
 * it on every call. Without it, the dates the original server answered as dd/mm/aaaa (a field's `answeredAs`) are
 * answered so, because the client written for that server reads them so and would save them back empty.
 */
export const DATE_FORMAT_HEADER = 'X-Date-Format';
export const ISO_DATES = 'iso';

/** `2026-03-05` → `05/03/2026`, as the original server answered a calendar date; anything else as it is. */
export function toOriginalDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = ISO_DATE.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * The calendar days a record takes, from 01/01/1900 to 31/12/2199: a year typed short (0026 for 2026)
 * is a mistake to refuse, not a date to keep (reports lay out months and years between the dates).
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2199-12-31' } as const;

/** Whether an ISO day (from `parseDate`) is within `DATE_RANGE`. */
export const dateInRange = (iso: string) => iso >= DATE_RANGE.min && iso <= DATE_RANGE.max;

const instantFormats = {
  date: new Intl.DateTimeFormat('pt-BR', {
    timeZone: SCHOOL_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }),
  dateTime: new Intl.DateTimeFormat('pt-BR', {
    timeZone: SCHOOL_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
  // en-CA writes YYYY-MM-DD: the school's calendar day of an instant, as a calendar date.
  isoDay: new Intl.DateTimeFormat('en-CA', {
    timeZone: SCHOOL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }),
};

function instantOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return null;
  return new Date(value);
}

/** The school's calendar day (ISO) of an instant: 02:30 UTC on 1 March is still 28 February. */
export function schoolDayOf(instant: Date | string = new Date()): string {
  const date = instantOf(instant);
  return date ? instantFormats.isoDay.format(date) : '';
}

/** `2026-03-05` → `05/03/2026`, by text; a full timestamp shows the school's calendar day. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return '';
  if (value.length > 10) return formatInstantDate(value);
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** An instant's day in São Paulo, `dd/mm/aaaa`. */
export function formatInstantDate(value: unknown): string {
  const date = instantOf(value);
  return date ? instantFormats.date.format(date) : '';
}

/** An instant in São Paulo, `dd/mm/aaaa hh:mm`. */
export function formatDateTime(value: unknown): string {
  const date = instantOf(value);
  return date ? instantFormats.dateTime.format(date).replace(',', '') : '';
}

/** The months' names in Portuguese, January first (dates written out, the history's place and date). */
export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/**
 * "23 de novembro de 2026", as documents write a date. A calendar date is written as it is; an instant
 * (a `Date`, or a timestamp) by its day in São Paulo.
 */
export function formatLongDate(value: Date | string = new Date()): string {
  const day = typeof value === 'string' && ISO_DATE.test(value) ? value : schoolDayOf(value);
  const m = ISO_DATE.exec(day);
  if (!m) return '';
  return `${Number(m[3])} de ${MONTH_NAMES[Number(m[2]) - 1]} de ${Number(m[1])}`;
}

// ---------------------------------------------------------------------------------------------------
// Numbers.

/** An enrolment's number as documents print it: 42 → "000042". */
export function registrationNumber(id: number | string): string {
  return String(id).padStart(6, '0');
}

/**
 * An integer as a request may carry it: a JSON number without fraction, or plain decimal digits (forms
 * sent as multipart carry text), with a sign only when `signed`. `true`, `"0x10"`, `"1e3"`, `[1]` and
 * `"1.0"` are not integers.
 */
export function parseInteger(value: unknown, { signed = true }: { signed?: boolean } = {}): number | null {
  // Beyond 2^53 a number no longer names one integer: 2^53 + 1 arrives as 2^53.
  if (typeof value === 'number') return Number.isSafeInteger(value) && (signed || value >= 0) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!(signed ? /^[+-]?\d+$/ : /^\+?\d+$/).test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? (Object.is(n, -0) ? 0 : n) : null;
}

/** Centavos in the API's answers: a decimal number with two places (15020 → 150.2). */
export const amountOf = (cents: number | string | bigint) => Number(BigInt(cents)) / 100;

/** Centavos as money: 123456 → "R$ 1.234,56"; exact for any whole number of centavos. */
export function formatBRL(cents: number | bigint | string): string {
  let value: bigint;
  try {
    value = BigInt(cents);
  } catch {
    return '';
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const reais = (abs / 100n).toString().replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}R$ ${reais},${pad(Number(abs % 100n))}`;
}

const BRL = /^(-)?(?:R\$)?(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

/**
 * Money as people type it, in centavos: "1.234,56", "R$ 1.234,56", "1234", "0,1" (10 centavos). Read
 * digit by digit, never through a float. Null when it is not an amount.
 */
export function parseBRL(input: unknown): number | null {
  if (typeof input !== 'string') return null;
  const m = BRL.exec(input.replace(/[\s\u00a0]/g, ''));
  if (!m || (m[1] && m[2])) return null;
  const reais = m[3].replace(/\./g, '');
  const cents = Number(reais) * 100 + Number((m[4] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] || m[2] ? -cents : cents;
}

/**
 * Amounts in reais as the API receives them (charges, the financial report's filter), in exact centavos: a JSON number
 * with at most two decimals
 * (150.2), a decimal text from a form ("1234.56", as the contract's client sends it), or the Brazilian
 * format people type ("1.234,56", "R$ 150,20"). Read as text, never multiplied as a float. A JSON number
 * is never read in the Brazilian format: 33.333 is not R$ 33.333,00 but an amount with too many decimals.
 */
export function parseMoney(input: unknown): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') {
    text = input.replace(/[\s\u00a0]/g, '').replace(/^R\$/, '');
  } else return null;
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m && typeof input === 'number') return null;
  // Text that is not a decimal with a point: the Brazilian format.
  if (!m) return parseBRL(text);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

/** A calendar month `YYYY-MM` (or `MM/YYYY`, as typed) as `YYYY-MM`, years 1900 to 2199; null otherwise. */
export function parseMonth(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const iso = /^(\d{4})-(\d{2})$/.exec(text);
  const typed = /^(\d{2})\/(\d{4})$/.exec(text);
  const [year, month] = iso ? [iso[1], iso[2]] : typed ? [typed[2], typed[1]] : [];
  if (!year || !month) return null;
  if (Number(month) < 1 || Number(month) > 12 || Number(year) < 1900 || Number(year) > 2199) return null;
  return `${year}-${month}`;
}

/** The largest amount a charge or plan may have, in centavos (R$ 99.999.999,99). */
export const MAX_CENTS = 99_999_999_99;

/** A grade stored in tenths, as the API writes it: 75 → "7.5", 60 → "6.0". */
export function gradeOfTenths(tenths: number): string {
  return `${Math.trunc(tenths / 10)}.${Math.abs(tenths % 10)}`;
}

/** A grade in tenths as the school writes it on screen and paper: 75 → "7,5", 100 → "10,0" (the API keeps "7.5"). */
export function formatGrade(tenths: number): string {
  return gradeOfTenths(tenths).replace('.', ',');
}

/**
 * A grade from 0 to 10 with at most one decimal ("7,5", "7.5", 7.5, "10") in tenths (75); null
 * otherwise. Text is read digit by digit; a number is accepted only when it is exactly such a grade.
 */
export function parseGrade(value: unknown): number | null {
  let tenths: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    tenths = Math.round(value * 10);
    if (Math.abs(value * 10 - tenths) > 1e-9) return null;
  } else if (typeof value === 'string') {
    const m = /^(\d{1,2})(?:[.,](\d))?$/.exec(value.trim());
    if (!m) return null;
    tenths = Number(m[1]) * 10 + Number(m[2] ?? '0');
  } else return null;
  return tenths >= 0 && tenths <= 100 ? tenths : null;
}

/** Why a grade is refused, in the words the cell and the server's 422 both use. */
export const GRADE_OUT_OF_RANGE = 'Nota fora da escala: use de 0,0 a 10,0.';
export const GRADE_TWO_DECIMALS = 'Use uma casa decimal só (ex.: 9,7 ou 9,8): a nota não é arredondada.';
export const GRADE_NOT_A_NUMBER = 'Digite a nota com números, de 0,0 a 10,0 (ex.: 7,5).';

/**
 * The school's rule for a grade, the same at the cell and in the server's 422: 0,0 to 10,0 with at most
 * one decimal, read as typed ("10" is 10,0, "9,5" is 9,5). A second decimal is refused, never rounded
 * (9,75 is not made 9,8 nor 97,5: the teacher chooses). The reason a value is no grade, or null.
 */
export function gradeError(value: unknown): string | null {
  if (parseGrade(value) !== null) return null;
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!m) return GRADE_NOT_A_NUMBER;
  if (Number(`${m[1]}.${m[2] ?? '0'}`) > 10) return GRADE_OUT_OF_RANGE;
  return (m[2] ?? '').length > 1 ? GRADE_TWO_DECIMALS : GRADE_NOT_A_NUMBER;
}

// ---------------------------------------------------------------------------------------------------
// The words of field errors, the same in the server's 422 and under a form input.

/**
 * The most options a message names: the 27 UFs are read at a glance; the census's code lists (some 200 countries, 602
 * higher-education courses) would make a message of pages that says nothing the select does not show.
 */
const OPTIONS_NAMED = 30;

export const messages = {
  required: (label: string) => `O campo ${label} é obrigatório.`,
  tooLong: (label: string, max: number) => `O campo ${label} pode ter no máximo ${max} caracteres.`,
  tooShort: (label: string, min: number) => `O campo ${label} deve ter pelo menos ${min} caracteres.`,
  tooManyDigits: (label: string, max: number) => `O campo ${label} pode ter no máximo ${max} dígitos.`,
  tooFewDigits: (label: string, min: number) => `O campo ${label} deve ter pelo menos ${min} dígitos.`,
  onlyDigits: (label: string) => `O campo ${label} deve conter apenas números.`,
  text: (label: string) => `O campo ${label} deve ser um texto.`,
  invalid: (label: string) => `O campo ${label} é inválido.`,
  date: (label: string) => `O campo ${label} deve ser uma data válida.`,
  dateTime: (label: string) => `O campo ${label} deve ser uma data e hora válidas.`,
  money: (label: string) => `O campo ${label} deve ser um valor em reais, como 1.234,56.`,
  positiveMoney: (label: string) => `O campo ${label} deve ser um valor em reais maior que zero, como 1.234,56.`,
  month: (label: string) => `O campo ${label} deve ser um mês válido, como 2027-02.`,
  dateRange: (label: string) => `O campo ${label} deve ser uma data entre 01/01/1900 e 31/12/2199.`,
  integer: (label: string) => `O campo ${label} deve ser um número inteiro.`,
  min: (label: string, min: number) => `O campo ${label} deve ser no mínimo ${min}.`,
  max: (label: string, max: number) => `O campo ${label} deve ser no máximo ${max}.`,
  email: (label: string) => `O campo ${label} deve ser um e-mail válido.`,
  option: (label: string, options: string[]) =>
    options.length > OPTIONS_NAMED
      ? `O campo ${label} deve ser uma das ${options.length} opções da lista: escolha uma na lista.`
      : `O campo ${label} deve ser uma das opções: ${options.join(', ')}.`,
  reference: (label: string) => `Selecione um(a) ${label} válido(a).`,
  cpf: 'CPF inválido.',
  cnpj: 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.',
  birthCertificate: 'Matrícula da certidão inválida: confira os 32 dígitos e os dígitos verificadores.',
  nis: 'NIS inválido: confira os 11 dígitos e o dígito verificador.',
  municipality: (label: string) => `O campo ${label} deve ser um município do IBGE: escolha na lista.`,
  time: (label: string) => `O campo ${label} deve ser um horário válido, como 07:30.`,
  options: (label: string, options: string[]) =>
    options.length > OPTIONS_NAMED
      ? `O campo ${label} deve ter apenas opções da lista: escolha na lista.`
      : `O campo ${label} deve ter apenas opções da lista: ${options.join(', ')}.`,
};

/**
 * A count and its noun agreeing in number, as Portuguese says it: plural(1, 'cobrança paga', 'cobranças pagas') is
 * "1 cobrança paga"; 0 and 2 or more take the plural ("0 cobranças pagas"). The count is written with pt-BR digits
 * (1.234).
 */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** "turma Noturna A", but "Turma Médio 2026 A" as it is: team names often start with the word. */
export function teamPhrase(name: string): string {
  return /^turma\b/i.test(name.trim()) ? name.trim() : `turma ${name.trim()}`;
}
