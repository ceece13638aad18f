import type { AppMigration } from './helpers';
import { foundation } from './0001_foundation';
import { masterData } from './0002_master_data';
import { publicSite } from './0003_public_site';
import { outboxListing } from './0004_outbox_listing';
import { studentRecords } from './0005_student_records';
import { contractsAndCharges } from './0006_contracts_and_charges';
import { loginFailures } from './0007_login_failures';
import { payments } from './0008_payments';
import { documentHashes } from './0009_document_hashes';
import { gradesSavedBy } from './0010_grades_saved_by';
import { searchAndCounts } from './0011_search_and_counts';
import { documentNames } from './0012_document_names';
import { teamCounts } from './0013_team_counts';
import { changeCounts } from './0014_change_counts';
import { outboxDelivery } from './0015_outbox_delivery';
import { paymentsTrust } from './0016_payments_trust';
import { teamTeachers } from './0017_team_teachers';
import { accessLog } from './0018_access_log';
import { twoStep } from './0019_two_step';
import { roles } from './0020_roles';
import { lessonsAttendance } from './0021_lessons_attendance';
import { guardians } from './0022_guardians';
import { portal } from './0023_portal';
import { notifications } from './0024_notifications';
import { receivablesMoney } from './0025_receivables_money';
import { paymentPlans } from './0026_payment_plans';
import { jobs } from './0027_jobs';
import { receivablesIndexes } from './0028_receivables_indexes';
import { reminders } from './0029_reminders';
import { declarationLimits } from './0030_declaration_limits';
import { idempotencyKeys } from './0031_idempotency_keys';
import { gridsCourseOptional } from './0032_grids_course_optional';
import { chargeVersions } from './0033_charge_versions';
import { systemUsers } from './0034_system_users';
import { receivablesReceived } from './0035_receivables_received';
import { portalPayer } from './0036_portal_payer';
import { invitationCodes } from './0037_invitation_codes';
import { documentRevocation } from './0038_document_revocation';
import { schoolLogo } from './0039_school_logo';
import { pushSubscriptions } from './0040_push_subscriptions';
import { pushStaff } from './0041_push_staff';
import { imports } from './0042_imports';
import { legacyIds } from './0043_legacy_ids';
import { registrationDates } from './0044_registration_dates';
import { registrationLegacyNumber } from './0045_registration_legacy_number';
import { chargesSearchText } from './0046_charges_search_text';
import { sealedSecrets } from './0047_sealed_secrets';
import { schoolYears } from './0048_school_years';
import { schoolCalendar } from './0049_school_calendar';
import { results } from './0050_results';
import { teamClose } from './0051_team_close';
import { registrationMovements } from './0052_registration_movements';
import { priorStudies } from './0053_prior_studies';
import { rollover } from './0054_rollover';
import { enrolmentSeason } from './0055_enrolment_season';
import { signatures } from './0056_signatures';
import { enrolmentCampaign } from './0057_enrolment_campaign';
import { courseMinimums } from './0060_course_minimums';
import { enrolmentNamesAndAdmissionKey } from './0061_enrolment_names_and_admission_key';
import { nfseSettings } from './0062_nfse_settings';
import { nfseInvoices } from './0063_nfse_invoices';
import { censusData } from './0064_census_data';
import { censusPermission } from './0065_census_permission';
import { courseServiceCode } from './0066_course_service_code';
import { censusSchoolMore } from './0067_census_school_more';
import { disciplineCensusComponent } from './0068_discipline_census_component';
import { registrationInepCode } from './0069_registration_inep_code';

/**
 * Every migration, in order. Names are permanent: never rename or edit a migration that has
 * shipped; add a new one. The same list runs on SQLite and PostgreSQL.
 */
export const migrations: Record<string, AppMigration> = {
  '0001_foundation': foundation,
  '0002_master_data': masterData,
  '0003_public_site': publicSite,
  '0004_outbox_listing': outboxListing,
  '0005_student_records': studentRecords,
  '0006_contracts_and_charges': contractsAndCharges,
  '0007_login_failures': loginFailures,
  '0008_payments': payments,
  '0009_document_hashes': documentHashes,
  '0010_grades_saved_by': gradesSavedBy,
  '0011_search_and_counts': searchAndCounts,
  '0012_document_names': documentNames,
  '0013_team_counts': teamCounts,
  '0014_change_counts': changeCounts,
  '0015_outbox_delivery': outboxDelivery,
  '0016_payments_trust': paymentsTrust,
  '0017_team_teachers': teamTeachers,
  '0018_access_log': accessLog,
  '0019_two_step': twoStep,
  '0020_roles': roles,
  '0021_lessons_attendance': lessonsAttendance,
  '0022_guardians': guardians,
  '0023_portal': portal,
  '0024_notifications': notifications,
  '0025_receivables_money': receivablesMoney,
  '0026_payment_plans': paymentPlans,
  '0027_jobs': jobs,
  '0028_receivables_indexes': receivablesIndexes,
  '0029_reminders': reminders,
  '0030_declaration_limits': declarationLimits,
  '0031_idempotency_keys': idempotencyKeys,
  '0032_grids_course_optional': gridsCourseOptional,
  '0033_charge_versions': chargeVersions,
  '0034_system_users': systemUsers,
  '0035_receivables_received': receivablesReceived,
  '0036_portal_payer': portalPayer,
  '0037_invitation_codes': invitationCodes,
  '0038_document_revocation': documentRevocation,
  '0039_school_logo': schoolLogo,
  '0040_push_subscriptions': pushSubscriptions,
  '0041_push_staff': pushStaff,
  '0042_imports': imports,
  '0043_legacy_ids': legacyIds,
  '0044_registration_dates': registrationDates,
  '0045_registration_legacy_number': registrationLegacyNumber,
  '0046_charges_search_text': chargesSearchText,
  '0047_sealed_secrets': sealedSecrets,
  '0048_school_years': schoolYears,
  '0049_school_calendar': schoolCalendar,
  '0050_results': results,
  '0051_team_close': teamClose,
  '0052_registration_movements': registrationMovements,
  '0053_prior_studies': priorStudies,
  '0054_rollover': rollover,
  '0055_enrolment_season': enrolmentSeason,
  '0056_signatures': signatures,
  '0057_enrolment_campaign': enrolmentCampaign,
  '0060_course_minimums': courseMinimums,
  '0061_enrolment_names_and_admission_key': enrolmentNamesAndAdmissionKey,
  '0062_nfse_settings': nfseSettings,
  '0063_nfse_invoices': nfseInvoices,
  '0064_census_data': censusData,
  '0065_census_permission': censusPermission,
  '0066_course_service_code': courseServiceCode,
  '0067_census_school_more': censusSchoolMore,
  '0068_discipline_census_component': disciplineCensusComponent,
  '0069_registration_inep_code': registrationInepCode,
};
