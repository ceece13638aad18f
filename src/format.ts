/** Display formats of the school: dates, money and grades come from the module the server uses too. */
export {
  formatBRL,
  formatDate,
  formatDateTime,
  formatInstantDate,
  formatLongDate,
  gradeOfTenths,
  registrationNumber,
} from '../resources/format';

export function upper(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLocaleUpperCase('pt-BR');
}

export function truncate(value: unknown, size: number): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > size ? `${text.slice(0, size - 1).trimEnd()}…` : text;
}
