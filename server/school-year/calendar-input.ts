import { formatDate, parseDate } from '../../resources/format';
import { validationError, type FieldErrors } from '../http/errors';
import { asId } from '../http/ids';
import { calendarSpan, type SchoolYear, type StageDates } from './calendar';
import type { CalendarDay, DayKind } from './holidays';
import { weekdayOf } from './school-days';

export const DAY_KINDS: { value: DayKind; label: string }[] = [
  { value: 'feriado', label: 'Feriado' },
  { value: 'recesso', label: 'Recesso' },
  { value: 'letivo', label: 'Sábado letivo' },
  { value: 'evento', label: 'Evento' },
];

/** More than a year's days, or stages, is not a calendar. */
const MAX_DAYS = 400;
const MAX_STAGES = 24;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body of `PUT /school-years/{id}/calendar`, checked against the year and the school's stages: every problem named
 * by its row (`days.3.kind`), dates in dd/mm/aaaa as the office reads them.
 */
export function calendarInput(
  body: unknown,
  year: SchoolYear,
  stageIds: Set<number>,
): { stages: StageDates[]; days: CalendarDay[] } {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const raw = isObject(body) ? body : {};
  if (!Array.isArray(raw.stages)) add('stages', 'Envie as etapas do ano (uma lista, vazia se ainda não há datas).');
  else if (raw.stages.length > MAX_STAGES) add('stages', `No máximo ${MAX_STAGES} etapas.`);
  if (!Array.isArray(raw.days)) add('days', 'Envie os dias do calendário (uma lista).');
  else if (raw.days.length > MAX_DAYS) add('days', `No máximo ${MAX_DAYS} dias.`);
  if (Object.keys(errors).length) throw validationError(errors);

  const yearRange = `${formatDate(year.start_date)} a ${formatDate(year.end_date)}`;
  const stages: StageDates[] = [];
  (raw.stages as unknown[]).forEach((item, i) => {
    const row = isObject(item) ? item : {};
    const at = `stages.${i}`;
    const stageId = asId(row.stage_id);
    if (stageId === undefined || !stageIds.has(stageId)) add(`${at}.stage_id`, 'Selecione uma etapa cadastrada.');
    else if (stages.some((s) => s.stage_id === stageId)) add(`${at}.stage_id`, 'Esta etapa já tem datas neste ano.');
    const start = parseDate(row.start_date);
    const end = parseDate(row.end_date);
    if (!start) add(`${at}.start_date`, 'Informe o início da etapa (dd/mm/aaaa).');
    if (!end) add(`${at}.end_date`, 'Informe o término da etapa (dd/mm/aaaa).');
    if (!start || !end || stageId === undefined) return;
    if (end < start) return add(`${at}.end_date`, 'O término da etapa não pode ser antes do início.');
    if (start < year.start_date || end > year.end_date)
      return add(`${at}.start_date`, `A etapa deve ficar dentro do ano letivo (${yearRange}).`);
    stages.push({ stage_id: stageId, start_date: start, end_date: end });
  });
  const sorted = [...stages].sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].start_date <= sorted[i - 1].end_date)
      add(
        `stages.${stages.indexOf(sorted[i])}.start_date`,
        `As etapas não podem se sobrepor: ${formatDate(sorted[i].start_date)} já está em outra etapa.`,
      );

  const { first, last } = calendarSpan(year);
  const days: CalendarDay[] = [];
  (raw.days as unknown[]).forEach((item, i) => {
    const row = isObject(item) ? item : {};
    const at = `days.${i}`;
    const date = parseDate(row.date);
    const kind = DAY_KINDS.find((k) => k.value === row.kind)?.value;
    const description = typeof row.description === 'string' ? row.description.trim() : '';
    if (!date) add(`${at}.date`, 'Informe a data do dia (dd/mm/aaaa).');
    else if (date < first || date > last)
      add(`${at}.date`, `${formatDate(date)} está fora do ano letivo de ${year.year}.`);
    else if (days.some((d) => d.date === date)) add(`${at}.date`, `${formatDate(date)} aparece duas vezes.`);
    if (!kind) add(`${at}.kind`, 'Escolha o tipo do dia: feriado, recesso, letivo ou evento.');
    if (row.description !== undefined && row.description !== null && typeof row.description !== 'string')
      add(`${at}.description`, 'A descrição deve ser um texto.');
    else if (description.length > 255) add(`${at}.description`, 'A descrição pode ter no máximo 255 caracteres.');
    else if (!description && kind && kind !== 'letivo')
      add(`${at}.description`, 'Descreva o dia (por exemplo, o nome do feriado).');
    if (!date || !kind) return;
    if (kind === 'letivo' && weekdayOf(date) !== 6)
      return add(`${at}.kind`, `${formatDate(date)} não é sábado: só um sábado pode ser marcado como letivo.`);
    days.push({ date, kind, description });
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return { stages, days: days.sort((a, b) => a.date.localeCompare(b.date)) };
}
