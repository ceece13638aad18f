import type { ReportBuilder } from '../builder';
import { defaulters } from './defaulters';
import { financialWithFilter } from './financial-with-filter';
import { certificateOfCompletion, registrationStatement } from './letters';
import { reportCard } from './report-card';
import { studentsPerClass } from './students-per-class';

/**
 * The builder of each report key of the registry (reports/index.ts). A registry entry without a builder
 * here has its route elsewhere (the contract, the general report's table).
 */
export const BUILDERS: Record<string, ReportBuilder> = {
  'students-per-class': studentsPerClass,
  'certificate-of-completion': certificateOfCompletion,
  'registration-statement': registrationStatement,
  'report-card': reportCard,
  defaulters,
  'financial-with-filter': financialWithFilter,
};
