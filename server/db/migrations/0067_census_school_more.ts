import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The school's census answers a private school still lacked (issue 40b; written by `npm run migration:new` from
 * resources/school-settings.ts): its mantenedora (a JSON list of codes) and the mantenedora's CNPJ, the sphere of the
 * council that regulates it (Registro 00), and whether it provides drinking water (Registro 10). Nullable: the census
 * check says what is missing.
 */
export const censusSchoolMore: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('school_settings').addColumn('private_maintainer', 'text').execute();
    await db.schema.alterTable('school_settings').addColumn('maintainer_cnpj', 'varchar(14)').execute();
    await db.schema.alterTable('school_settings').addColumn('regulation_sphere', 'varchar(1)').execute();
    await db.schema.alterTable('school_settings').addColumn('infra_drinking_water', 'varchar(1)').execute();
  },
};
