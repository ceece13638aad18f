import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The Censo Escolar's data (issue 40), written by `npm run migration:new` from the configs' census fields: the school's
 * identification, address and infrastructure (school_settings), a student's census data (students), a team's stage,
 * mediation and schedule (teams) and a member of staff's (users). Codes of the Educacenso layout as text
 * (resources/census-codes.ts); several answers as a JSON array of codes, a team's weekdays as seven '0'/'1' flags.
 * Every column takes a null: the census checker says what is missing; country defaults to Brasil (76), a team to
 * presencial and escolarização.
 */
export const censusData: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('students').addColumn('inep_id', 'varchar(12)').execute();
    await db.schema.alterTable('students').addColumn('race', 'varchar(1)').execute();
    await db.schema.alterTable('students').addColumn('nationality_kind', 'varchar(1)').execute();
    await db.schema
      .alterTable('students')
      .addColumn('country_code', 'varchar(3)', (c) => c.defaultTo('76'))
      .execute();
    await db.schema.alterTable('students').addColumn('birth_municipality_ibge', 'varchar(7)').execute();
    await db.schema.alterTable('students').addColumn('filiation', 'varchar(1)').execute();
    await db.schema.alterTable('students').addColumn('filiation_2', 'varchar(190)').execute();
    await db.schema.alterTable('students').addColumn('disabilities', 'text').execute();
    await db.schema.alterTable('students').addColumn('assessment_resources', 'text').execute();
    await db.schema.alterTable('students').addColumn('public_transport', 'varchar(1)').execute();
    await db.schema.alterTable('students').addColumn('transport_kinds', 'text').execute();
    await db.schema.alterTable('students').addColumn('birth_certificate', 'varchar(32)').execute();
    await db.schema.alterTable('students').addColumn('nis', 'varchar(11)').execute();
    await db.schema.alterTable('teams').addColumn('census_stage', 'varchar(2)').execute();
    await db.schema
      .alterTable('teams')
      .addColumn('mediation', 'varchar(1)', (c) => c.defaultTo('1'))
      .execute();
    await db.schema
      .alterTable('teams')
      .addColumn('attendance_kind', 'varchar(1)', (c) => c.defaultTo('0'))
      .execute();
    await db.schema.alterTable('teams').addColumn('start_time', 'varchar(5)').execute();
    await db.schema.alterTable('teams').addColumn('end_time', 'varchar(5)').execute();
    await db.schema.alterTable('teams').addColumn('weekdays', 'text').execute();
    await db.schema.alterTable('teams').addColumn('inep_id', 'varchar(10)').execute();
    await db.schema.alterTable('users').addColumn('census_role', 'varchar(6)').execute();
    await db.schema.alterTable('users').addColumn('manager_position', 'varchar(1)').execute();
    await db.schema.alterTable('users').addColumn('inep_id', 'varchar(12)').execute();
    await db.schema.alterTable('users').addColumn('cpf', 'varchar(11)').execute();
    await db.schema.createIndex('users_cpf_unique').on('users').column('cpf').unique().execute();
    await db.schema.alterTable('users').addColumn('birth_date', 'varchar(10)').execute();
    await db.schema.alterTable('users').addColumn('gender', 'varchar(1)').execute();
    await db.schema.alterTable('users').addColumn('race', 'varchar(1)').execute();
    await db.schema.alterTable('users').addColumn('nationality_kind', 'varchar(1)').execute();
    await db.schema
      .alterTable('users')
      .addColumn('country_code', 'varchar(3)', (c) => c.defaultTo('76'))
      .execute();
    await db.schema.alterTable('users').addColumn('birth_municipality_ibge', 'varchar(7)').execute();
    await db.schema.alterTable('users').addColumn('name_mother', 'varchar(190)').execute();
    await db.schema.alterTable('users').addColumn('schooling', 'varchar(1)').execute();
    await db.schema.alterTable('users').addColumn('degree_course', 'varchar(8)').execute();
    await db.schema.alterTable('school_settings').addColumn('inep_code', 'varchar(8)').execute();
    await db.schema.alterTable('school_settings').addColumn('cnpj', 'varchar(14)').execute();
    await db.schema.alterTable('school_settings').addColumn('administrative_dependency', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('private_category', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('regulation', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('location_zone', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('differentiated_location', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('cep', 'varchar(8)').execute();
    await db.schema.alterTable('school_settings').addColumn('street', 'varchar(190)').execute();
    await db.schema.alterTable('school_settings').addColumn('address_number', 'varchar(20)').execute();
    await db.schema.alterTable('school_settings').addColumn('neighborhood', 'varchar(120)').execute();
    await db.schema.alterTable('school_settings').addColumn('municipality_ibge', 'varchar(7)').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_building', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_water', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_energy', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_sewage', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_waste', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_internet', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_classrooms', 'integer').execute();
  },
};
