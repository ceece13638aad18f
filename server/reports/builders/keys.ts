/**
 * The report keys of the registry (reports/index.ts) that have a builder on the server. The request loop
 * only needs this list to register routes; the builders themselves (exceljs, pdfkit) load in the worker
 * thread alone, which keeps the idle server small (the bench measures its memory during a report).
 * A registry entry left out has its route elsewhere (the contract, the general report's table).
 */
export const BUILT_REPORTS = [
  'students-per-class',
  'class-diary',
  'student-data-by-class',
  'financial-by-team',
  'transfer',
  'annual-performance',
  'certificate-of-completion',
  'registration-statement',
  'report-card',
  'defaulters',
  'financial-with-filter',
  'low-attendance',
  'bolsa-familia',
  'movements',
  // The general report's CSV (its route is in general-routes.ts, beside the report's table).
  'general',
] as const;

export type BuiltReportKey = (typeof BUILT_REPORTS)[number];

export const hasBuilder = (key: string): key is BuiltReportKey => (BUILT_REPORTS as readonly string[]).includes(key);
