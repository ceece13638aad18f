/**
 * The resource config format: the single source of truth for an entity.
 *
 * A config is plain typed data — no React, no database imports — so that the client (react-admin
 * screens) and the server (validation, search/sort whitelist, SQL) both import it. UI-only touches
 * (an icon, a custom cell) are referenced by name and resolved in `src/`.
 */

export type FieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'integer'
  /** A string of digits only (kept as text: workload "0080" stays "0080"). */
  | 'digits'
  /** A calendar date, `YYYY-MM-DD`, never shifted by time zones. */
  | 'date'
  /** A point in time (ISO 8601, UTC on the wire), shown in America/Sao_Paulo. */
  | 'datetime'
  | 'select'
  | 'reference'
  | 'password';

export interface FieldOption {
  value: string;
  label: string;
}

export interface ReferenceConfig {
  /** Name of the referenced resource config (e.g. `teachings`). */
  resource: string;
  /** Key under which the server embeds `{id, <labelField>}` of the referenced row (e.g. `teaching`). */
  embedAs: string;
  /** Field of the referenced resource shown to people. */
  labelField: string;
}

export interface FieldConfig {
  /** Column name in the database and key in the API. */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  /** Input mask, `#` standing for a digit, e.g. `(##)#####-####`. The value travels without the mask. */
  mask?: string;
  options?: FieldOption[];
  reference?: ReferenceConfig;
  /** Must be unique in the table; the server answers 422 with `uniqueMessage`. */
  unique?: boolean;
  uniqueMessage?: string;
  /** Set by the server (id, timestamps): never accepted from a request, never in forms. */
  system?: boolean;
  /** Shown in upper case in lists (names are, per the spec). */
  upperCaseInList?: boolean;
  /** In lists, cut long texts to this many characters. */
  truncateInList?: number;
  /** Shown under the input in forms. */
  helperText?: string;
  /** Name of a UI-only list cell renderer looked up in `src/resources/cells`. */
  cell?: string;
}

export interface SortConfig {
  field: string;
  order: 'ASC' | 'DESC';
}

/** A resource whose rows reference this one; used to explain a refused delete (HTTP 409). */
export interface Dependent {
  resource: string;
  field: string;
}

export interface ResourceConfig {
  /** Stable key of the config, English, used by references (e.g. `teachings`). */
  name: string;
  /** Path under `/api` (e.g. `/teachings`). */
  apiPath: string;
  /** Database table. */
  table: string;
  labels: {
    singular: string;
    plural: string;
    /** Grammatical gender, for "Relação de todos os / todas as …". */
    gender: 'm' | 'f';
  };
  /** Admin route path under `/admin` (e.g. `ensinos` → `ensinos`, `ensinos/registrar`, `ensinos/{id}/editar`). */
  adminPath: string;
  fields: FieldConfig[];
  list: {
    /** Column field names in order; `field.sub` is not allowed — references show their label. */
    columns: string[];
    defaultSort: SortConfig;
    perPage?: number;
    perPageOptions?: number[];
  };
  /** Fields matched (case- and accent-insensitively) by the `search` query parameter. */
  searchFields: string[];
  /** The only fields `sortBy` accepts. */
  sortableFields: string[];
  /** Form fields in order (create and edit). */
  formFields: string[];
  /** Menu entry delivered at login. */
  menu: { group: string; icon: string; label: string };
}

/** Fields that every table has and the server fills in. */
export const systemFields = {
  id: { name: 'id', label: '#', type: 'integer', system: true },
  createdAt: { name: 'created_at', label: 'Criado', type: 'datetime', system: true },
} as const satisfies Record<string, FieldConfig>;

/** Guards a config literal's type without widening it. */
export function defineResource(config: ResourceConfig): ResourceConfig {
  return config;
}

export function fieldOf(config: ResourceConfig, name: string): FieldConfig {
  const field = config.fields.find((f) => f.name === name);
  if (!field) throw new Error(`Resource ${config.name} has no field ${name}`);
  return field;
}

/** Fields a client may send on create/update. */
export function writableFields(config: ResourceConfig): FieldConfig[] {
  return config.formFields.map((name) => fieldOf(config, name)).filter((f) => !f.system);
}

/** "Relação de todos os ensinos" / "Relação de todas as turmas". */
export function listTitle(config: ResourceConfig): string {
  const article = config.labels.gender === 'f' ? 'todas as' : 'todos os';
  return `Relação de ${article} ${config.labels.plural.toLowerCase()}`;
}
