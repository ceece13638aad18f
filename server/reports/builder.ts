import type { Writable } from 'node:stream';
import type { Db } from '../db/connection';

/** The file a builder writes. */
export type ReportFileFormat = 'xlsx' | 'pdf' | 'csv';

/**
 * What a report builder is given. Builders run in a worker thread (server/workers/pool.ts) with the
 * worker's own database connection, so they may take seconds without delaying anyone's request.
 */
export interface ReportContext {
  db: Db;
  /** Public address of the app, for QR codes and links in documents. */
  appUrl: string;
  /** The moment the request arrived (for 'gerado em' lines and long dates). */
  now: Date;
}

/** The parameters of the report's fields, parsed by kind: ids and integers as numbers, money in centavos,
 * dates as `yyyy-mm-dd`, arrays for `teams`/`lookups`, absent optional fields left out. The server adds who
 * asks: `_personal` (1 when they may see personal data) and `_teams` (the teams of a confined caller). */
export type ReportParams = Record<string, string | number | number[] | undefined>;

/** Whether the caller may see the students' personal data: only when the server said so (absent: no). */
export const seesPersonal = (params: ReportParams): boolean => params._personal === 1;

/** The teams a confined caller reaches (a professor's), or undefined for a caller who reaches the whole school. */
export const teamsInReach = (params: ReportParams): number[] | undefined =>
  Array.isArray(params._teams) ? params._teams : undefined;

/**
 * `{error: true, message}` instead of a file: HTTP 200 for the reports whose client asks for it first (`precheck`:
 * report card, transfer report, spec §7), 409 for any other (the completion statement), whose client expects the file.
 */
export interface ReportCheck {
  error: true;
  message: string;
  /** The file is made once the person confirms (the request again with `confirm=1`), not refused. */
  confirm?: true;
}

/**
 * Writes the report to `out` (row by row for big ones: never all rows in memory) and resolves when done,
 * or resolves with a check before writing anything. A missing team or student throws `notFound(…)` from
 * server/http/errors (answered 404 with its message); bad parameters throw `validationError(…)` (422).
 * `format` is the file asked for ('xlsx' or 'pdf'; 'csv' for the general report).
 */
export type ReportBuilder = (
  ctx: ReportContext,
  params: ReportParams,
  out: Writable,
  format: ReportFileFormat,
) => Promise<ReportCheck | void>;
