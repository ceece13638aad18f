import { fieldOf, writableFields, type FieldConfig, type ResourceConfig } from '../../resources';
import { isShown, seesPersonal } from './access';

export interface Section {
  /** Empty for the untitled group. */
  title: string;
  fields: FieldConfig[];
}

/**
 * The form's groups: the config's sections, then the writable fields no section names, untitled. Personal
 * fields are left out for a user who may not see them (`personal`: whether they may, by default their role's).
 */
export function formSections(config: ResourceConfig, personal = seesPersonal()): Section[] {
  const writable = writableFields(config).filter((f) => isShown(f, personal));
  const named = (config.sections ?? []).map((s) => ({
    title: s.title,
    fields: s.fields.map((name) => fieldOf(config, name)).filter((f) => writable.includes(f)),
  }));
  const placed = new Set(named.flatMap((s) => s.fields));
  const rest = writable.filter((f) => !placed.has(f));
  return [...named, ...(rest.length ? [{ title: '', fields: rest }] : [])].filter((s) => s.fields.length > 0);
}

/**
 * The show page's groups: the form's, then what the form does not edit (computed counts, linked rows,
 * the record's number and dates) under 'Outras informações'. Pictures and secrets are never shown as text.
 */
export function showSections(config: ResourceConfig, personal = seesPersonal()): Section[] {
  const shown = (f: FieldConfig) => f.type !== 'password' && f.type !== 'image' && !f.writeOnly && isShown(f, personal);
  const form = formSections(config, personal).map((s) => ({ ...s, fields: s.fields.filter(shown) }));
  const placed = new Set(form.flatMap((s) => s.fields.map((f) => f.name)));
  const rest = config.fields.filter((f) => shown(f) && !placed.has(f.name));
  const sections = form.length === 1 && form[0].title === '' ? [{ title: 'Dados', fields: form[0].fields }] : form;
  const restTitle = sections.some((s) => s.fields.length) ? 'Outras informações' : 'Dados';
  return [...sections, ...(rest.length ? [{ title: restTitle, fields: rest }] : [])].filter((s) => s.fields.length > 0);
}

/** Fields that take a whole row of the form grid. */
export const isWide = (field: FieldConfig) =>
  Boolean(field.wide) || field.type === 'textarea' || field.type === 'image';
