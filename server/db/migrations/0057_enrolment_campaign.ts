import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The office's side of the enrolment season (issue 39): the school setting "Recusar rematrícula com débito em
 * aberto" (Lei 9.870/99, art. 5º; off by default: refusing is the school's choice), and the new permission
 * `enrolment.manage` (campaigns, their panel, reminders, returning a request) given to Administração and Secretaria.
 */
export const enrolmentCampaign: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('school_settings')
      .addColumn('refuse_debtors', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into role_permissions (role_id, permission)
      select id, 'enrolment.manage' from roles where key in ('administracao', 'secretaria')`.execute(db);
  },
};
