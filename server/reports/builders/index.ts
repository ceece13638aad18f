import type { ReportBuilder } from '../builder';
import type { BuiltReportKey } from './keys';
import { annualPerformance } from './annual-performance';
import { classDiary } from './class-diary';
import { financialByTeam } from './financial-by-team';
import { studentDataByClass } from './student-data-by-class';
import { defaulters } from './defaulters';
import { financialWithFilter } from './financial-with-filter';
import { generalCsv } from './general-csv';
import { certificateOfCompletion, registrationStatement } from './letters';
import { reportCard } from './report-card';
import { studentsPerClass } from './students-per-class';
import { transferReport } from './transfer';

/** The builder of each key of BUILT_REPORTS (./keys.ts): a key without its builder fails `tsc`. */
export const BUILDERS: Record<BuiltReportKey, ReportBuilder> = {
  'students-per-class': studentsPerClass,
  'class-diary': classDiary,
  'student-data-by-class': studentDataByClass,
  'financial-by-team': financialByTeam,
  transfer: transferReport,
  'annual-performance': annualPerformance,
  'certificate-of-completion': certificateOfCompletion,
  'registration-statement': registrationStatement,
  'report-card': reportCard,
  defaulters,
  'financial-with-filter': financialWithFilter,
  general: generalCsv,
};
