import type { Kysely } from 'kysely';
import { campaignName } from '../../../resources/enrolment-campaigns';
import { admissionKey } from '../../enrolment/admission-key';
import type { AppMigration } from './helpers';

/**
 * The enrolment season's last defects (issue 39):
 * - `enrolment_campaigns.name`: "Matrícula 2027", "Rematrícula 2027" — what a reference to a campaign shows (the
 *   office's admissions list and its filter), written by the server with the kind and the school year.
 * - `admissions.applicant_key`: the child as the form names them (name folded, birth date, guardian's CPF), unique per
 *   campaign, so that the same child cannot apply twice to one campaign, even by two posts at once. A declined
 *   request gives its key up (the family may apply again). Of requests already doubled, the first keeps it.
 */
export const enrolmentNamesAndAdmissionKey: AppMigration = {
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<Record<string, Record<string, unknown>>>;
    await db.schema.alterTable('enrolment_campaigns').addColumn('name', 'varchar(60)').execute();
    const campaigns = await k
      .selectFrom('enrolment_campaigns as c')
      .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
      .select(['c.id', 'c.kind', 'y.year'])
      .execute();
    for (const c of campaigns)
      await k
        .updateTable('enrolment_campaigns')
        .set({ name: campaignName(String(c.kind), Number(c.year)) })
        .where('id', '=', c.id)
        .execute();

    await db.schema.alterTable('admissions').addColumn('applicant_key', 'varchar(200)').execute();
    const rows = await k
      .selectFrom('admissions')
      .select(['id', 'campaign_id', 'student_name', 'student_birth_date', 'guardian_cpf'])
      .where('status', '<>', 'recusada')
      .orderBy('id')
      .execute();
    const seen = new Set<string>();
    for (const r of rows) {
      const key = admissionKey(String(r.student_name), String(r.student_birth_date), String(r.guardian_cpf));
      if (seen.has(`${String(r.campaign_id)}:${key}`)) continue;
      seen.add(`${String(r.campaign_id)}:${key}`);
      await k.updateTable('admissions').set({ applicant_key: key }).where('id', '=', r.id).execute();
    }
    await db.schema
      .createIndex('admissions_campaign_applicant')
      .unique()
      .on('admissions')
      .columns(['campaign_id', 'applicant_key'])
      .execute();
  },
};
