import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { Tables } from '../db/schema';
import type { Storage } from '../storage/storage';
import { schoolCensusFields, type SchoolCensusName } from '../../resources/school-settings';
import { registerHealthRoutes } from './health';
import { warmLogo } from './logo-cache';
import { DEFAULT_MONEY_RULES, moneyRulesOf, type SchoolMoneyRules } from './late-fees';
import { DEFAULT_RESULT_RULES, resultRulesOf, type ResultRules } from './results-rules';

export const DEFAULT_BRANDING = {
  school_name: 'Secretaria',
  main_service: null as string | null,
  email: null as string | null,
  phones: [] as string[],
  main_color: '#C4C4C4',
  secondary_color: '#666666',
  city: null as string | null,
  average_grade: 6,
  colored_logo: null as string | null,
  cover: null as string | null,
};

export type Branding = typeof DEFAULT_BRANDING;

type SettingsRow = Tables['school_settings'];

function brandingOf(row: Selectable<SettingsRow>): Branding {
  let phones: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.phones);
    if (Array.isArray(parsed)) phones = parsed.map(String);
  } catch {
    phones = [];
  }
  return {
    school_name: row.school_name,
    main_service: row.main_service,
    email: row.email,
    phones,
    main_color: row.main_color,
    secondary_color: row.secondary_color,
    city: row.city,
    // Stored in tenths so that 6.0 stays exact; the contract speaks of the grade itself.
    average_grade: Number(row.average_grade) / 10,
    colored_logo: row.colored_logo,
    cover: row.cover,
  };
}

export type SchoolSettings = Branding & {
  /** The text document every enrolment contract is made from (null: none chosen). */
  contract_text_document_id: number | null;
  /** Administração and Financeiro must use two-step sign-in (issue 24). */
  require_two_step: boolean;
  /** The least frequency that passes, whole percent (issue 25; LDB: 75). */
  minimum_attendance: number;
  /** Whether justified absences count against the frequency (false: excused). */
  justified_absences_count: boolean;
  /** Which e-mails families get (issue 26), and how many days before a due date the reminder goes. */
  notifications: NotificationSettings;
  /** Late fine, monthly interest and punctuality discount (issue 27; server/finance/amount-due.ts). */
  late_fees: LateFeeSettings;
  /** How the year's results are reached (issue 38): average, make-up, failures allowed, dependência. */
  results: ResultRules;
  /** Re-enrolment refused while the family has overdue charges (issue 39; Lei 9.870/99, art. 5º; off by default). */
  refuse_debtors: boolean;
} & SchoolCensus;

/** The school's census data (issue 40; resources/school-settings.ts): codes and texts, the classrooms a number. */
export type SchoolCensus = Record<SchoolCensusName, string | number | null>;

/** The census columns of the settings row, as the configs name them (null when not typed). */
function censusOf(row: Record<string, unknown> | undefined): SchoolCensus {
  return Object.fromEntries(
    schoolCensusFields.map((field) => {
      const value = row?.[field.name];
      if (value === null || value === undefined) return [field.name, null];
      return [field.name, field.type === 'integer' ? Number(value) : String(value)];
    }),
  ) as SchoolCensus;
}

export interface LateFeeSettings {
  /** Percent, at most 2 (CDC art. 52 §1). */
  fine_percent: number;
  /** Percent a month, charged pro rata die. */
  interest_percent: number;
  /** Null: off. `value` is a percent, or reais for 'amount'; earned up to `days_before` days before the due date. */
  punctuality: { kind: 'percent' | 'amount'; value: number; days_before: number } | null;
}

/** The rules in the settings' words: percents, and reais for an amount. */
function lateFeesFrom(rules: SchoolMoneyRules): LateFeeSettings {
  const p = rules.punctuality;
  return {
    fine_percent: rules.finePercentBp / 100,
    interest_percent: rules.interestMonthBp / 100,
    punctuality: p ? { ...p, value: p.value / 100 } : null,
  };
}

export const DEFAULT_LATE_FEES: LateFeeSettings = lateFeesFrom(DEFAULT_MONEY_RULES);

export interface NotificationSettings {
  grades: boolean;
  documents: boolean;
  charge_due: boolean;
  charge_due_days: number;
  charge_overdue: boolean;
  /** Days after the due date the overdue reminder goes (issue 27; 1: the day after). */
  charge_overdue_days: number;
}

export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  grades: true,
  documents: true,
  charge_due: true,
  charge_due_days: 3,
  charge_overdue: true,
  charge_overdue_days: 1,
};

/** The school's one settings row, read once: its public branding and what only the office sees. */
export async function loadSettings(db: Db): Promise<SchoolSettings & { id: number | null }> {
  const row = await db.kysely.selectFrom('school_settings').selectAll().orderBy('id').executeTakeFirst();
  if (!row)
    return {
      ...DEFAULT_BRANDING,
      contract_text_document_id: null,
      require_two_step: false,
      minimum_attendance: 75,
      justified_absences_count: false,
      notifications: DEFAULT_NOTIFICATIONS,
      late_fees: DEFAULT_LATE_FEES,
      results: DEFAULT_RESULT_RULES,
      refuse_debtors: false,
      ...censusOf(undefined),
      id: null,
    };
  const template = row.contract_text_document_id;
  // The PDFs that read the settings draw the logo from memory (pdf/letterhead.ts): read once per version.
  await warmLogo(db, row.colored_logo);
  return {
    ...brandingOf(row),
    contract_text_document_id: template == null ? null : Number(template),
    require_two_step: Number(row.require_two_step) === 1,
    minimum_attendance: Number(row.minimum_attendance),
    justified_absences_count: Number(row.justified_absences_count) === 1,
    notifications: {
      grades: Number(row.notify_grades) === 1,
      documents: Number(row.notify_documents) === 1,
      charge_due: Number(row.notify_charge_due) === 1,
      charge_due_days: Number(row.notify_charge_due_days),
      charge_overdue: Number(row.notify_charge_overdue) === 1,
      charge_overdue_days: Number(row.notify_charge_overdue_days),
    },
    late_fees: lateFeesFrom(moneyRulesOf(row)),
    results: resultRulesOf(row),
    refuse_debtors: Number(row.refuse_debtors) === 1,
    ...censusOf(row as unknown as Record<string, unknown>),
    id: Number(row.id),
  };
}

/**
 * What the public pages may read: the branding's own keys, picked one by one, so that a setting added later (the
 * census's CNPJ and address, issue 40) never reaches `/data-of-client` by being forgotten in a list of exclusions.
 */
export async function loadBranding(db: Db): Promise<Branding> {
  const settings = await loadSettings(db);
  return Object.fromEntries(
    (Object.keys(DEFAULT_BRANDING) as (keyof Branding)[]).map((key) => [key, settings[key]]),
  ) as Branding;
}

export function registerSchoolRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get('/data-of-client', { config: { public: true } }, async () => loadBranding(db));
  // For load balancers and the benchmark's baseline: answers without touching the database (`?ready=1`: it does).
  registerHealthRoutes(app, db, storage);
}
