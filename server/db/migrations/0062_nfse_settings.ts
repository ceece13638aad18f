import { sql, type Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The school as an NFS-e issuer (issue 41): one row of settings (CNPJ, inscrição municipal, the municipality, the
 * tax regime, the national service code, the ISS rate in basis points, the description's template, when to issue,
 * the environment — null until someone chooses one: no invoice leaves a school that has not configured it) and the
 * A1 certificate, sealed with SECRETARIA_ENCRYPTION_KEY (server/secrets/seal.ts), its subject and expiry beside it in
 * clear for the screen and the expiry warning. The permission `invoices.manage` (issue by hand, resubmit, cancel, the
 * clerk's list of rejections) goes to Administração and Financeiro.
 */
export const nfseSettings: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withTimestamps(withId(db.schema.createTable('nfse_settings'), ctx), ctx)
      .addColumn('cnpj', 'varchar(14)')
      .addColumn('inscricao_municipal', 'varchar(20)')
      .addColumn('municipio_ibge', 'varchar(7)')
      .addColumn('regime', 'varchar(20)')
      .addColumn('service_code', 'varchar(6)')
      .addColumn('iss_rate_bp', 'integer')
      .addColumn('description_template', 'text')
      .addColumn('issue_on', 'varchar(10)', (c) => c.notNull().defaultTo('payment'))
      .addColumn('environment', 'varchar(20)')
      .addColumn('certificate_sealed', 'text')
      .addColumn('certificate_subject', 'varchar(300)')
      .addColumn('certificate_cnpj', 'varchar(14)')
      .addColumn('certificate_not_after', timestampType(ctx))
      .execute();
    await sql`insert into role_permissions (role_id, permission)
      select id, 'invoices.manage' from roles where key in ('administracao', 'financeiro')`.execute(db);
  },
};
