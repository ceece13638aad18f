import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connection';
import { createAdmin, createDemoStaff } from './accounts';
import { seedCensusData } from './census';
import { seedMasterData, seedPaymentPlans } from './master-data';
import { seedSchoolLife } from './school-life';
import { seedSchoolYears } from './school-years';
import { seedGuardians } from './students';
import { PROVIDER_USER_ID } from '../../resources/users';

export interface SeedOptions {
  adminEmail: string;
  /** Without it, the administrator gets a random password, answered in `generatedPassword`. */
  adminPassword?: string;
  /** The demo school besides the administrator (SEED_DEMO); true by default. */
  demo?: boolean;
  /** Demo students and enrolments (the API tests start without them, to count their own). */
  withStudents?: boolean;
}

export interface FirstStart {
  /** Whether this start found no user and created the administrator. */
  created: boolean;
  /** Whether it also created the demo school. */
  demo: boolean;
  /** The administrator's password when it was generated (shown once, by the start-up banner). */
  generatedPassword?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

const TEACHINGS = [
  { name: 'Ensino Fundamental', description: 'Anos finais do ensino fundamental (6º ao 9º ano).' },
  { name: 'Ensino Médio', description: 'Formação geral básica do 1º ao 3º ano.' },
  {
    name: 'Educação de Jovens e Adultos',
    description: 'EJA — ensino fundamental e médio para quem não concluiu na idade regular.',
  },
  { name: 'Técnico', description: 'Cursos técnicos de nível médio, concomitantes ou subsequentes.' },
];

/**
 * The first start only (no user yet, so a second start or a second instance keeps every change):
 * creates the administrator and, unless `demo` is false, the demo school.
 */
export async function seedDemoSchool(db: Db, options: SeedOptions): Promise<FirstStart> {
  return db.kysely.transaction().execute(async (trx) => {
    // The payment provider's user (id 100) comes with the migrations; only a person's account counts.
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '<>', PROVIDER_USER_ID)
      .limit(1)
      .executeTakeFirst();
    if (existing) return { created: false, demo: false };
    const now = new Date().toISOString();
    const generatedPassword = await createAdmin(trx, options.adminEmail, options.adminPassword, now);
    if (options.demo === false) return { created: true, demo: false, generatedPassword };
    await createDemoStaff(trx, now);
    await seedSchool(trx, now, options.withStudents ?? true);
    await seedSchoolYears(trx, now);
    await seedGuardians(trx, new Date(now));
    await seedPaymentPlans(trx, now);
    // Lessons, grades and charges need the students: the API tests' school has none, and counts its own.
    if (options.withStudents ?? true) await seedSchoolLife(trx, new Date(now));
    // Issue 40: the census data of everything above, so that the demo school passes the census check.
    await seedCensusData(trx);
    return { created: true, demo: true, generatedPassword };
  });
}

/**
 * The demo school without its accounts: settings, teachings, master data and (with `withStudents`) the
 * students. Apart so a test can seed a database migrated only up to an older migration.
 */
export async function seedSchool(trx: Trx, now: string, withStudents: boolean): Promise<void> {
  await trx
    .insertInto('school_settings')
    .values({
      school_name: 'Escola Modelo Secretaria',
      main_service: 'Verifique a autenticidade de seu Documento',
      email: 'secretaria@demo.invalid',
      phones: JSON.stringify(['91988887777', '9132220000']),
      main_color: '#1E5AA8',
      secondary_color: '#0B2F5B',
      city: 'Ananindeua - Pará',
      average_grade: 60,
      colored_logo: null,
      cover: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const teachingIds = await trx
    .insertInto('teachings')
    .values(TEACHINGS.map((t) => ({ ...t, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  await seedMasterData(
    trx,
    { medio: Number(teachingIds[1].id), tecnico: Number(teachingIds[3].id) },
    now,
    withStudents,
  );
}
