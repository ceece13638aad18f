import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * A discipline's componente curricular of the Educacenso (issue 40c; written by `npm run migration:new` from
 * resources/disciplines.ts): the INEP code records 20 and 50 report it under. Nullable: the census check names the
 * disciplines of a schooling team's grid still without one.
 */
export const disciplineCensusComponent: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('disciplines').addColumn('census_component', 'varchar(2)').execute();
  },
};
