import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The Censo Escolar (issue 40): the permission `census.manage` (check the census, export its files, read INEP's
 * return file) given to Administração and Secretaria, who answer the census for the school.
 */
export const censusPermission: AppMigration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into role_permissions (role_id, permission)
      select id, 'census.manage' from roles where key in ('administracao', 'secretaria')`.execute(db);
  },
};
