import type { Generated } from 'kysely';

/** Row shapes of the tables the server touches by name (generic resources are reached by config). */
export interface Tables {
  users: {
    id: Generated<number>;
    name: string;
    email: string;
    password_hash: string;
    /** Nullable in the table only (migration 0020_roles): the server writes one for every user. */
    role_id: number | null;
    /** 1 for a user the server itself acts as (the payment provider's): never signs in (0034_system_users). */
    is_system: Generated<number>;
    created_at: string;
    updated_at: string;
  };
  roles: {
    id: Generated<number>;
    key: string;
    name: string;
    builtin: number;
    search_text: Generated<string>;
    created_at: string;
    updated_at: string;
  };
  role_permissions: {
    role_id: number;
    permission: string;
  };
  auth_tokens: {
    id: Generated<number>;
    user_id: number;
    token_hash: string;
    expires_at: string;
    created_at: string;
  };
  school_settings: {
    id: Generated<number>;
    school_name: string;
    main_service: string | null;
    email: string | null;
    phones: string;
    main_color: string;
    secondary_color: string;
    city: string | null;
    average_grade: number;
    colored_logo: string | null;
    cover: string | null;
    contract_text_document_id: number | null;
    /** 1: Administração and Financeiro must use two-step sign-in (migration 0019). */
    require_two_step: Generated<number>;
    /** Least frequency that passes, whole percent (migration 0021). */
    minimum_attendance: Generated<number>;
    /** 1: justified absences count as any absence; 0: excused (migration 0021). */
    justified_absences_count: Generated<number>;
    /** Issue 39 (migration 0057): refuse re-enrolment to a family with overdue charges (Lei 9.870/99, art. 5º). */
    refuse_debtors: Generated<number>;
    notify_grades: Generated<number>;
    notify_documents: Generated<number>;
    notify_charge_due: Generated<number>;
    notify_charge_due_days: Generated<number>;
    notify_charge_overdue: Generated<number>;
    /** Days after the due date the overdue reminder goes (migration 0029). */
    notify_charge_overdue_days: Generated<number>;
    /** Late fine and monthly interest, basis points; punctuality discount (kind null: off) (migration 0025). */
    late_fine_bp: Generated<number>;
    interest_month_bp: Generated<number>;
    punctuality_kind: string | null;
    punctuality_value: Generated<number>;
    punctuality_days: Generated<number>;
    /** Results at the end of the year (migration 0050): see server/school/results-rules.ts. */
    average_mode: Generated<string>;
    stage_weights: Generated<string>;
    makeup_rule: Generated<string>;
    failures_allowed: Generated<number>;
    dependencia_allowed: Generated<number>;
    created_at: string;
    updated_at: string;
  };
  teachings: {
    id: Generated<number>;
    name: string;
    description: string | null;
    search_text: Generated<string>;
    created_at: string;
    updated_at: string;
  };
  login_failures: {
    /** `email:<address>` or `ip:<address>`. */
    subject: string;
    failures: number;
    first_failure_at: string;
    last_failure_at: string;
  };
  search_signatures: {
    table_name: string;
    signature: string;
  };
  two_step: {
    user_id: number;
    /** Base32, as the authenticator app holds it. */
    secret: string;
    enabled_at: string | null;
    last_step: number | null;
    created_at: string;
  };
  two_step_recovery_codes: {
    id: Generated<number>;
    user_id: number;
    code_hash: string;
    used_at: string | null;
    created_at: string;
  };
  two_step_challenges: {
    challenge_hash: string;
    user_id: number;
    purpose: 'login' | 'setup';
    failures: Generated<number>;
    expires_at: string;
  };
  /** The school's logo, base64 (migration 0036): one row at most, named by `school_settings.colored_logo`. */
  school_logos: {
    id: Generated<number>;
    version: string;
    mime: string;
    content: string;
    created_at: string;
  };
}
