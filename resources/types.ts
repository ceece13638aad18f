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
  | 'password'
  /** An uploaded picture (sent as multipart; the server checks its content and stores it). */
  | 'image'
  /**
   * An amount in reais, stored in centavos in the column `<name>_cents`; read as the finance calls read it
   * ("1.250,00", "1250.00", 1250) and answered as both `<name>` (1250) and `<name>_cents` (125000).
   */
  | 'money'
  /** A calendar month, `YYYY-MM`. */
  | 'month'
  /** A time of day, `HH:MM` (a team's start and end). */
  | 'time'
  /**
   * Several of the field's `options` (a student's disabilities): stored as text, a JSON array of the chosen values in
   * the options' order (`["1","25"]`), or with `flags` one '0'/'1' per option (a team's weekdays: '0111110').
   * Accepted as that text, as a list of values, or as values or labels separated by commas (a spreadsheet's cell);
   * shown as checkboxes.
   */
  | 'multiselect';

/**
 * Names of the UI-only pieces a config may name. `src/resources/` maps every name to its component
 * (`Record<Name, …>`), so a typo in a config, or a name without a component, fails the build.
 */
export type CellName = 'badge' | 'yesNo' | 'enrolmentBadge' | 'teamLinks' | 'builtinRole';
export type RowActionName = 'launchGrades';
export type BulkActionName = 'portalInvite';
export type EditPanelName =
  | 'launchGrades'
  | 'studentStatus'
  | 'gridTemplates'
  | 'twoStepReset'
  | 'guardianPortal'
  | 'studentPortal'
  | 'teamWorkload'
  | 'nextYear'
  | 'campaignPanel'
  | 'admissionDecision';
export type RecordTabsName = 'studentTabs' | 'teamTabs' | 'schoolYearTabs';
export type FormHeaderName = 'studentPhoto';
export type EditorName = 'roleEditor' | 'campaignEditor';
export type CreateSectionName = 'studentGuardian';

/** Colours of a chip, as MUI names them. */
export type ChipColour = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export interface FieldOption {
  value: string;
  label: string;
  /** A select whose options have colours is shown as a coloured chip in lists and on the show page. */
  colour?: ChipColour;
}

/** A titled group of fields: the form lays it out on a grid and the show page repeats it. */
export interface FieldSection {
  title: string;
  fields: string[];
}

export interface ReferenceConfig {
  /** Name of the referenced resource config (e.g. `teachings`). */
  resource: string;
  /** Key under which the server embeds `{id, <labelField>}` of the referenced row (e.g. `teaching`). */
  embedAs: string;
  /** Field of the referenced resource shown to people. */
  labelField: string;
  /**
   * Large tables (students, teams): the form searches on the server as the user types instead of
   * loading every row.
   */
  autocomplete?: boolean;
  /** Shown for a record that references nothing, in lists and as the form's empty choice (a user: 'Sem perfil'). */
  emptyLabel?: string;
}

/**
 * A read-only list the server embeds: rows of `target` reached through a join table, e.g. a student's
 * teams through registrations. Loaded for a whole page in one query.
 */
export interface ManyConfig {
  through: string;
  foreignKey: string;
  target: string;
  targetKey: string;
  labelField: string;
}

/** A read-only number the server computes: how many rows of another table point at this one. */
export interface CountConfig {
  table: string;
  foreignKey: string;
  /** `foreignKey` points at rows of this table, whose own `foreignKey` points at this resource. */
  through?: { table: string; foreignKey: string };
}

export interface FieldConfig {
  /** Column name in the database and key in the API. */
  name: string;
  label: string;
  type: FieldType;
  /** `'create'`: required when registering, optional when editing (a password). */
  required?: boolean | 'create';
  maxLength?: number;
  minLength?: number;
  /** A date that may not be earlier than another date field of the same record (end ≥ start). */
  notBefore?: string;
  /**
   * A date the original server answered as dd/mm/aaaa, which its client reads so: answered so to every client that
   * does not ask for ISO (`X-Date-Format: iso`, resources/format.ts), as this project's screens do. Input takes
   * both forms either way.
   */
  answeredAs?: 'dd/mm/aaaa';
  /** Bounds of an integer. */
  min?: number;
  max?: number;
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
  /**
   * Column width in lists, in pixels (default: as wide as the text, up to 240 px). Longer text is cut with
   * an ellipsis and the whole value in a tooltip.
   */
  listWidth?: number;
  /** On the form grid, take the whole row (long texts, pictures); multi-line texts and images always do. */
  wide?: boolean;
  /** A UI-only list cell renderer of `src/resources/cells`. */
  cell?: CellName;
  /** Shown but not editable on the edit screen, and ignored by the server on update (a user's e-mail). */
  readOnlyOnEdit?: boolean;
  /** Accepted on writes, never answered (a password: stored hashed by the server). */
  writeOnly?: boolean;
  /** Computed by the server; never written. */
  count?: CountConfig;
  /** Embedded by the server as `[{id, <labelField>}]`; never written. */
  many?: ManyConfig;
  /** Rows of a multi-line input. */
  rows?: number;
  /** Fills other fields from a lookup when the input is left (`cep`: street, neighborhood, city, uf). */
  autofill?: 'cep';
  /**
   * A named rule checked on both sides (`cpf`: check digits, 'CPF inválido.'; `cnpj`, also alphanumeric;
   * `birthCertificate`, the new model's 32 digits; `nis`), or on the server alone (`municipality`: an IBGE code of
   * resources/municipalities.ts, chosen on screen from a search by name and UF).
   */
  rule?: 'cpf' | 'cnpj' | 'birthCertificate' | 'nis' | 'municipality';
  /** A `multiselect` stored as one '0'/'1' per option, in the options' order (weekdays, Sunday first). */
  flags?: boolean;
  /**
   * The value of a new record when none is sent: the server stores it on create and the registration
   * form starts with it. A field outside the form (a student's status) gets it on every create.
   */
  default?: string | number;
  /**
   * Personal data (LGPD): answered only to a role holding `students.personal`; for any other (a teacher) the
   * pipeline leaves the key out of every answer, and the screens leave out its input and column.
   */
  personal?: boolean;
}

/**
 * A field filter of a list, beside its search box (students by status, teams by year): a query parameter of
 * `GET {apiPath}` and an input of the list screen. What it compares follows from the field's type: a select, one
 * of its options; a reference, the referenced id; a `many` field, rows linked to that id of its target (or to
 * target rows whose `targetColumn` is that id: a student's teams' polo); a count, "Sim" (more than none) or "Não";
 * a date, its year (`part: 'year'`) or month (`part: 'month'`). A bad value is answered 422 naming the parameter.
 */
export interface ListFilterConfig {
  /** The query parameter, also the key of the screen's filter (`status`, `team_id`, `has_financial`, `year`). */
  param: string;
  label: string;
  /** The field compared. */
  field: string;
  /** A `many` field: the column of its target compared instead of the target's id (`polo_id`). */
  targetColumn?: string;
  /** Whose ids the value names, for the input (`teams`, `polos`); a reference field's own resource by default. */
  resource?: string;
  /** A date field: compared by year (`2026`) or month (`2026-03`). */
  part?: 'year' | 'month';
  /**
   * Named situations instead of the field's own values (a charge: em aberto, vencida, paga): the value picks one,
   * whose comparisons of the row's columns must all hold. Offered as a select of their labels.
   */
  states?: FilterState[];
  /**
   * The value the admin's list opens with (the office may change or clear it): `currentYear`, the current school year
   * as the server says it (`GET /school-years/current`: the year containing today, else the last begun).
   */
  initial?: 'currentYear';
}

/** One situation of a {@link ListFilterConfig}'s `states`. */
export interface FilterState {
  value: string;
  label: string;
  where: StateCondition[];
}

/** A column compared with a value, or with today's date at the school (São Paulo), `YYYY-MM-DD` as dates are stored. */
export type StateCondition =
  { column: string; op: '=' | '<>'; value: number | string } | { column: string; op: '<' | '>='; today: true };

/**
 * A list of another resource's rows that belong to this record, shown on the record's page (a team's students, a
 * polo's teams): react-admin's `getManyReference`, answered by the child list's filter `filter`.
 */
export interface ChildListConfig {
  /** The child resource (config `name`). */
  resource: string;
  /** The child's list filter (`ListFilterConfig.param`) that takes this record's id. */
  filter: string;
  /** Title of the block ('Alunos matriculados'). */
  label: string;
  /** Child columns shown; default its phone columns, else its list columns. */
  columns?: string[];
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
    /** The columns a phone shows (under 600 px), the ones that tell the rows apart; default: all of them. */
    phoneColumns?: string[];
    perPage?: number;
    perPageOptions?: number[];
    /** Field filters beside the search box (and query parameters of the list route). */
    filters?: ListFilterConfig[];
    /** Columns of the CSV export, in order; default: the list's columns. */
    exportColumns?: string[];
    /** Actions on the selected rows besides export and delete (students: 'Enviar convite do portal'). */
    bulkActions?: BulkActionName[];
  };
  /** Lists of child rows shown on the record's page. */
  children?: ChildListConfig[];
  /** Fields matched (case- and accent-insensitively) by the `search` query parameter. */
  searchFields: string[];
  /** The only fields `sortBy` accepts. */
  sortableFields: string[];
  /** Form fields in order (create and edit). */
  formFields: string[];
  /**
   * Titled groups of the form fields (a student's Dados pessoais, Documentos, Endereço…), laid out on a
   * responsive grid; the show page uses the same groups. Form fields left out of every section follow in an
   * untitled one. Default: one untitled section of `formFields`.
   */
  sections?: FieldSection[];
  /** Menu entry delivered at login. */
  menu: { group: string; icon: string; label: string };
  /**
   * The permissions (resources/permissions.ts) of its generic routes: `read` for the list and the record,
   * `write` for create, update and delete; the menu shows it to the roles that hold `read`. Without it the
   * routes are only for signed-in users (test configs); every product resource declares it (route-guard test).
   */
  access?: { read: string; write: string };
  /** Record every create, update and delete in the audit log (who, when, what changed). */
  audit?: boolean;
  /**
   * How a user confined to some teams (a professor: the teams they teach) reaches this resource's rows: a
   * team itself (`'self'`), or rows linked to one through a join table's `team_id` (a student, through
   * registrations). Lists answer only those rows; any other id is not found (404). Unsaid: not confined.
   */
  teamScope?: 'self' | { through: string; foreignKey: string };
  /**
   * `GET {apiPath}/{id}` answers the record itself instead of a list whose first item is it: the original server's
   * answer for this resource, which its client reads as an object (text documents).
   */
  recordAnswer?: 'object';
  /**
   * Listed and shown only: no create, edit or delete, on the server or on screen — unless `ui.editor` names
   * screens of its own, which write through the area's own routes (a role and its permissions).
   */
  readOnly?: boolean;
  /**
   * Rows the office sees but may neither change nor remove (a system user): the server answers 409 with
   * the message, and the screens offer no Editar or Remover for them.
   */
  fixedRows?: { ids: number[]; message: string };
  /** Named UI extras looked up in `src/resources/extras` (e.g. a link per row, a panel under the edit form). */
  ui?: {
    rowActions?: RowActionName[];
    editPanels?: EditPanelName[];
    /** Panels of `editPanels`' list shown under the show screen's sections too (a role that reads but cannot edit). */
    showPanels?: EditPanelName[];
    /**
     * Named tabs of the record (a student's Matrículas, Financeiro…), shown at the top of the edit screen
     * after a first tab with the form.
     */
    recordTabs?: RecordTabsName;
    /** A named component shown above the edit form's fields (a student's photo). */
    formHeader?: FormHeaderName;
    /**
     * A named section at the end of the create form, checked before the record is saved and written after it
     * (a new student's guardian, found by CPF or registered, then linked).
     */
    createSection?: CreateSectionName;
    /** A bespoke screen about the list's records, a button above the list for the roles that write them. */
    listLink?: { label: string; path: string };
    /** Text of the list's create button (default 'Adicionar um novo'). */
    createLabel?: string;
    /** Hide the row's delete button for the signed-in user's own record. */
    hideDeleteForSelf?: boolean;
    /**
     * Create and edit screens of its own instead of the generated form, for a `readOnly` resource whose writes
     * are an area's routes (Perfis: the permissions as checkboxes); the list then offers create, edit and delete.
     */
    editor?: EditorName;
    /** A row opens the record's page even where it may be edited: the work is there (a campaign's panel). */
    rowOpensShow?: boolean;
  };
}

/** Fields that every table has and the server fills in. */
export const systemFields = {
  id: { name: 'id', label: '#', type: 'integer', system: true },
  createdAt: { name: 'created_at', label: 'Criado', type: 'datetime', system: true },
} as const satisfies Record<string, FieldConfig>;

/** Why the row may not be changed or removed (one of the config's `fixedRows`), or undefined. */
export function fixedRowMessage(config: ResourceConfig, id: unknown): string | undefined {
  return config.fixedRows?.ids.includes(Number(id)) ? config.fixedRows.message : undefined;
}

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
  return config.formFields.map((name) => fieldOf(config, name)).filter((f) => !f.system && !f.count && !f.many);
}

/** The dates of a resource that the original server answered as dd/mm/aaaa (`answeredAs`). */
export function originalDateFields(config: ResourceConfig): string[] {
  return config.fields.filter((f) => f.answeredAs).map((f) => f.name);
}

/** Fields stored in the table's own columns (not computed, not write-only). */
export function storedFields(config: ResourceConfig): FieldConfig[] {
  return config.fields.filter((f) => !f.count && !f.many && !f.writeOnly);
}

/** The column a field is stored in: its name, but `<name>_cents` for an amount. */
export function columnOf(field: FieldConfig): string {
  return field.type === 'money' ? `${field.name}_cents` : field.name;
}

/** The 27 federative units, for `uf` selects. */
export const UF_OPTIONS: FieldOption[] = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
].map((uf) => ({ value: uf, label: uf }));

/** A reference field to a resource, embedding `{id, name}` under `embedAs`. */
export function referenceTo(
  resource: string,
  name: string,
  label: string,
  embedAs: string,
  extra: Partial<FieldConfig> = {},
): FieldConfig {
  return { name, label, type: 'reference', reference: { resource, embedAs, labelField: 'name' }, ...extra };
}

/** "Relação de todos os ensinos" / "Relação de todas as turmas". */
export function listTitle(config: ResourceConfig): string {
  const article = config.labels.gender === 'f' ? 'todas as' : 'todos os';
  return `Relação de ${article} ${config.labels.plural.toLowerCase()}`;
}
