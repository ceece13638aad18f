/**
 * The report registry's format. One entry per report: the server registers its route and builder from it,
 * the admin builds the form screen, the dashboard card and the 'Relatórios' menu entry from it, as the
 * resource configs do for entities. Shared by server and client: no server or React import here.
 */

/** What a form field picks, and so which input the screen shows and how the server parses it. */
export type ReportFieldKind =
  /** One team, chosen by a select that searches on the server. Parsed as an id. */
  | 'team'
  /** Several teams (sent as `name[]`). */
  | 'teams'
  /** One student, chosen by a select that searches on the server. */
  | 'student'
  /** One team among the enrolments of the student chosen in the field named by `dependsOn`. */
  | 'studentTeam'
  /** A calendar day, `yyyy-mm-dd` on the wire. */
  | 'date'
  /** A calendar month, `yyyy-mm` on the wire (without a value, the builder says which: e.g. last month). */
  | 'month'
  /** A whole number (`min`/`max` bound it). */
  | 'integer'
  /** Money in reais, typed "1.234,56" or "1234.56", sent as "1234.56" (a bare "100" is R$ 100,00). */
  | 'money'
  /** Free text, searched case- and accent-insensitively. */
  | 'text'
  /** One of `choices`. */
  | 'choice'
  /** A row of a lookup table (`lookup` names it: payment_types, service_types, users). */
  | 'lookup'
  /** Several rows of a lookup table (sent as `name[]`). */
  | 'lookups';

export interface ReportField {
  /** The parameter's name on the wire (path placeholder or query parameter). */
  name: string;
  label: string;
  kind: ReportFieldKind;
  required?: boolean;
  /** Initial value of the form (and the server's when the parameter is absent). */
  default?: string | number;
  min?: number;
  max?: number;
  choices?: { id: string; name: string }[];
  /** For 'lookup' / 'lookups': the API path of the lookup list (e.g. 'payment-types'). */
  lookup?: string;
  /** For 'studentTeam': the field holding the student. */
  dependsOn?: string;
  /**
   * The form's initial value where it differs from `default`, the server's value when the parameter is absent
   * (the report card: the original client, which sends no format, gets its spreadsheet; our form starts on PDF).
   */
  formDefault?: string;
}

/** A team-scoped resource (resources' `teamScope`) that a report field names. */
export type ReachResource = 'teams' | 'students';

/**
 * Whom a report reads and what it prints about them (issue 34), declared as routes declare theirs (`config.reach`)
 * and applied by the server to every report, before its builder runs.
 */
export interface ReportReads {
  /**
   * Each field naming a team or a student, with the resource it names (`{ student: 'students', team: 'teams' }`).
   * For a caller confined to some teams (a professor: the teams they teach), one outside their reach answers 404,
   * as `/students/{id}` does. Every field of kind team, teams, student or studentTeam is here (the server refuses
   * to start otherwise, and tests/unit/report-registry.test.ts says which one was forgotten).
   */
  reach: Record<string, ReachResource>;
  /**
   * 'named': it reads only the team or student its required fields name. 'reach': it may read teams nobody named
   * (an optional filter left empty: every team), and then only the caller's (the builder keeps its rows to
   * `params._teams`).
   */
  scope: 'named' | 'reach';
  /**
   * The students' personal fields it prints (names of resources/students.ts fields marked `personal`). For a
   * role without `students.personal` they are left out of the file (the column absent, the phrase omitted);
   * the builders see it as `params._personal` 0. `[]`: it prints none.
   */
  personal: string[];
}

/** The file a report produces; `xlsx|pdf` reports choose by their `type_print` field. */
export type ReportFormat = 'xlsx' | 'pdf' | 'xlsx|pdf' | 'csv';

export interface FileReport extends ReportReads {
  kind: 'file';
  /** Stable key, also the builder's name on the server. */
  key: string;
  /** Admin route under /admin/reports/ (spec §1 route table). */
  path: string;
  /**
   * The permission (resources/permissions.ts) its route asks and the menu, the cards and the report list
   * show it for.
   */
  access: string;

  /** Card, menu and page title. */
  title: string;
  /** Icon name known to the admin's icon map. */
  icon: string;
  /**
   * API path under /api, as the spec writes it: `{name}` placeholders are filled from the fields of that
   * name; every other field goes to the query string (arrays as `name[]`).
   */
  api: string;
  format: ReportFormat;
  /** Fixed Portuguese file name without extension (the extension comes from the format). */
  fileName: string;
  fields: ReportField[];
  /** Shown when a required field is empty (spec §5). */
  requiredMessage: string;
  /**
   * The server may answer HTTP 200 `{error: true, message}` instead of a file (report card, transfer
   * report): the screen shows the message as a warning.
   */
  precheck?: boolean;
  /**
   * The server may answer HTTP 409 `{error: true, confirm: true, message}` (a completion statement for a
   * student still failing, or before the course ends): the screen asks whether to issue it anyway and, if so,
   * asks again with `confirm=1`. A refusal (failed by attendance) is a 409 `{error: true, message}`, shown as a
   * warning. Not 200: a client expecting the file would save the JSON as the PDF.
   */
  confirmable?: boolean;
  /** Shown when generating fails (spec §8); a generic one otherwise. */
  failureMessage?: string;
  /**
   * An issued document stored on the server (the contract): 'Gerar' downloads the stored one (made on the
   * first request) and never issues it anew, which would void the copy already handed out; the server's
   * refusal (no template chosen) is shown as a warning.
   */
  issued?: boolean;
}

/** A server-side data table with a CSV download (the general report). */
export interface TableReport extends ReportReads {
  kind: 'table';
  key: string;
  /**
   * The permission (resources/permissions.ts) its route asks and the menu, the cards and the report list
   * show it for.
   */
  access: string;
  path: string;
  title: string;
  icon: string;
  /** The data-table endpoint under /api. */
  api: string;
}

export type ReportDef = FileReport | TableReport;

/** A row of the general report (one per enrolment), as the server answers it and the table shows it. */
export interface GeneralReportRow {
  /** The enrolment's id: a student enrolled in two teams has two rows. */
  id: number;
  student_id: number;
  name: string;
  team: string;
  polo: string;
  /** The polo's responsible person. */
  responsible: string | null;
  grid: string;
}

export const fileExtension = (format: 'xlsx' | 'pdf' | 'csv') => `.${format}`;

export const MIME_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The resource each kind of field names, for the kinds that name a team or a student. */
export const REACH_OF_KIND: Partial<Record<ReportFieldKind, ReachResource>> = {
  team: 'teams',
  teams: 'teams',
  studentTeam: 'teams',
  student: 'students',
};

/** The fields of a report that name a team or a student and that its `reach` leaves out (or gives another resource). */
export function undeclaredReach(report: { fields: ReportField[]; reach: Record<string, ReachResource> }): string[] {
  return report.fields
    .filter((f) => REACH_OF_KIND[f.kind] !== undefined && report.reach[f.name] !== REACH_OF_KIND[f.kind])
    .map((f) => f.name);
}
