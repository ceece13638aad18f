import type { ReportBuilder } from '../builder';
import type { BuiltReportKey } from './keys';

/**
 * The builder of each key of BUILT_REPORTS (./keys.ts): a key without its builder fails `tsc`. Each is
 * loaded on its first use, so a worker that only makes spreadsheets never loads pdfkit, and the reverse.
 */
export const BUILDERS: Record<BuiltReportKey, () => Promise<ReportBuilder>> = {
  'students-per-class': async () => (await import('./students-per-class')).studentsPerClass,
  'class-diary': async () => (await import('./class-diary')).classDiary,
  'student-data-by-class': async () => (await import('./student-data-by-class')).studentDataByClass,
  'financial-by-team': async () => (await import('./financial-by-team')).financialByTeam,
  transfer: async () => (await import('./transfer')).transferReport,
  'annual-performance': async () => (await import('./annual-performance')).annualPerformance,
  'certificate-of-completion': async () => (await import('./letters')).certificateOfCompletion,
  'registration-statement': async () => (await import('./letters')).registrationStatement,
  'report-card': async () => (await import('./report-card')).reportCard,
  defaulters: async () => (await import('./defaulters')).defaulters,
  'financial-with-filter': async () => (await import('./financial-with-filter')).financialWithFilter,
  'low-attendance': async () => (await import('./low-attendance')).lowAttendanceReport,
  'bolsa-familia': async () => (await import('./bolsa-familia')).bolsaFamilia,
  movements: async () => (await import('./movements')).movementReport,
  general: async () => (await import('./general-csv')).generalCsv,
};
