import { sql, type Kysely } from 'kysely';
import { PROVIDER_USER_ID } from '../../../resources/users';
import { timestampType, withId, withSearchText, type AppMigration, type MigrationContext } from './helpers';

/**
 * Roles and permissions (issue 24): the five built-in roles with the catalogue's permissions, a role per user.
 * Every user there was could do everything: each becomes `administracao`, except the Mercado Pago user, which
 * only records payments (it never signs in). `users.role_id` stays nullable in the table (SQLite cannot add a
 * NOT NULL reference); the server requires it on every user it writes, and a user without one may do nothing.
 */
const READS = ['students.read', 'teams.read', 'master.read', 'finance.read'];
const ALL = [
  ...READS,
  'students.write',
  'students.personal',
  'students.access_log',
  'teams.write',
  'grades.write',
  'master.write',
  'finance.write',
  'reports.general',
  'reports.financial',
  'users.manage',
  'settings.manage',
];

/** The built-in roles as this migration made them (a copy: resources/permissions.ts may grow later). */
const BUILTIN_ROLES = [
  { key: 'administracao', name: 'Administração', permissions: ALL },
  {
    key: 'direcao',
    name: 'Direção',
    permissions: [...READS, 'students.personal', 'reports.general', 'reports.financial'],
  },
  {
    key: 'secretaria',
    name: 'Secretaria',
    permissions: [
      ...READS,
      'students.write',
      'students.personal',
      'teams.write',
      'grades.write',
      'master.write',
      'reports.general',
    ],
  },
  {
    key: 'financeiro',
    name: 'Financeiro',
    permissions: [
      'students.read',
      'students.personal',
      'teams.read',
      'master.read',
      'finance.read',
      'finance.write',
      'reports.financial',
    ],
  },
  { key: 'professor', name: 'Professor', permissions: ['students.read', 'teams.read', 'grades.write', 'master.read'] },
];

export const roles: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withSearchText(withId(db.schema.createTable('roles'), ctx))
      .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(80)', (c) => c.notNull().unique())
      // 1: one of BUILTIN_ROLES, whose key is fixed and which is never deleted.
      .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('updated_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    // The rows' search_text is filled at the next start, when the roles config is first indexed.
    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('permission', 'varchar(60)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('role_id', 'integer', (c) => c.references('roles.id'))
      .execute();
    await db.schema.createIndex('users_role_idx').on('users').column('role_id').execute();

    const now = new Date().toISOString();
    for (const role of BUILTIN_ROLES) {
      await sql`insert into roles (key, name, builtin, created_at, updated_at) values (${role.key}, ${role.name}, 1, ${now}, ${now})`.execute(
        db,
      );
      for (const permission of role.permissions)
        await sql`insert into role_permissions (role_id, permission) select id, ${permission} from roles where key = ${role.key}`.execute(
          db,
        );
    }
    await sql`update users set role_id = (select id from roles where key = 'administracao') where id <> ${PROVIDER_USER_ID}`.execute(
      db,
    );
    await sql`update users set role_id = (select id from roles where key = 'financeiro') where id = ${PROVIDER_USER_ID}`.execute(
      db,
    );
  },
};
