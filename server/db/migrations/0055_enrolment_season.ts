import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The enrolment season (issue 39), the tables every part of it shares:
 * - `enrolment_campaigns`: one per school year (the year families enrol INTO) and kind — `rematricula` for the
 *   school's own students, `matricula` for new families through the public form; `documents` is a JSON array of the
 *   names a family must upload, `terms` the text it accepts.
 * - `enrolment_campaign_teams`: where each current team leads (`from_team_id`, empty for new families) and the target
 *   team's plan and contract template (a text document).
 * - `enrolment_requests`: one family's way through a campaign for one student — its `step` (how far the family
 *   got), its `status` (the office's side), the data changes proposed (JSON, applied only on acceptance), the plan
 *   chosen, the contract read (hash and stored file), the signature, the first instalment's charge (a row of
 *   `financials`) and, once accepted, the registration. Unique per campaign and student, so that two tabs or two
 *   clicks never open a second one.
 * - `enrolment_request_documents`: the files uploaded, kept in storage by key.
 * - `admissions`: a new family's request from the public form, `pendente` or `espera` (waiting list, in order of
 *   arrival), then `aceita` (with the request it became) or `recusada` with the reason the family receives.
 * - `teams.capacity`: places in a team (empty = no limit), read by the public form and the waiting list.
 */
export const enrolmentSeason: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('enrolment_campaigns'), ctx)
        .addColumn('school_year_id', 'integer', (c) => c.notNull().references('school_years.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('opens_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('closes_on', 'varchar(10)', (c) => c.notNull())
        .addColumn('documents', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('terms', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ctx,
    ).execute();
    await withId(db.schema.createTable('enrolment_campaign_teams'), ctx)
      .addColumn('campaign_id', 'integer', (c) => c.notNull().references('enrolment_campaigns.id').onDelete('cascade'))
      .addColumn('from_team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('to_team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('payment_plan_id', 'integer', (c) => c.references('payment_plans.id').onDelete('set null'))
      .addColumn('contract_template_id', 'integer', (c) => c.references('text_documents.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('enrolment_campaign_teams_campaign')
      .on('enrolment_campaign_teams')
      .column('campaign_id')
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('enrolment_requests'), ctx)
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('enrolment_campaigns.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('cascade'))
        .addColumn('guardian_id', 'integer', (c) => c.references('guardians.id').onDelete('set null'))
        .addColumn('from_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('to_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('step', 'varchar(20)', (c) => c.notNull().defaultTo('convidado'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pendente'))
        .addColumn('payment_plan_id', 'integer', (c) => c.references('payment_plans.id').onDelete('set null'))
        .addColumn('changes', 'text')
        .addColumn('contract_key', 'varchar(255)')
        .addColumn('contract_sha256', 'varchar(64)')
        .addColumn('signed_code', 'varchar(80)')
        .addColumn('first_charge_id', 'integer', (c) => c.references('financials.id').onDelete('set null'))
        .addColumn('registration_id', 'integer', (c) => c.references('registrations.id').onDelete('set null'))
        .addColumn('office_note', 'text')
        .addColumn('opened_at', at)
        .addColumn('submitted_at', at)
        .addColumn('decided_at', at)
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reminded_at', at),
      ctx,
    ).execute();
    await db.schema
      .createIndex('enrolment_requests_campaign_student')
      .unique()
      .on('enrolment_requests')
      .columns(['campaign_id', 'student_id'])
      .execute();

    await withId(db.schema.createTable('enrolment_request_documents'), ctx)
      .addColumn('request_id', 'integer', (c) => c.notNull().references('enrolment_requests.id').onDelete('cascade'))
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('file_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('mime', 'varchar(60)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', at, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('enrolment_request_documents_request')
      .on('enrolment_request_documents')
      .column('request_id')
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('admissions'), ctx)
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('enrolment_campaigns.id').onDelete('cascade'),
        )
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('student_name', 'varchar(150)', (c) => c.notNull())
        .addColumn('student_birth_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('student_cpf', 'varchar(11)')
        .addColumn('guardian_name', 'varchar(150)', (c) => c.notNull())
        .addColumn('guardian_cpf', 'varchar(11)', (c) => c.notNull())
        .addColumn('guardian_email', 'varchar(190)', (c) => c.notNull())
        .addColumn('guardian_phone', 'varchar(20)')
        .addColumn('follow_token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('decline_reason', 'text')
        .addColumn('request_id', 'integer', (c) => c.references('enrolment_requests.id').onDelete('set null'))
        .addColumn('decided_at', at)
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ctx,
    ).execute();
    await db.schema
      .createIndex('admissions_campaign_team')
      .on('admissions')
      .columns(['campaign_id', 'team_id'])
      .execute();

    await db.schema.alterTable('teams').addColumn('capacity', 'integer').execute();
  },
};
