import type { Db } from '../db/connection';
import { hashPassword } from '../auth/passwords';
import { seedMasterData } from './master-data';
import { PROVIDER_USER_ID } from '../db/migrations/0008_payments';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Demo students and enrolments (the API tests start without them, to count their own). */
  withStudents?: boolean;
}

const TEACHINGS = [
  { name: 'Ensino Fundamental', description: 'Anos finais do ensino fundamental (6º ao 9º ano).' },
  { name: 'Ensino Médio', description: 'Formação geral básica do 1º ao 3º ano.' },
  { name: 'Educação de Jovens e Adultos', description: 'EJA — ensino fundamental e médio para quem não concluiu na idade regular.' },
  { name: 'Técnico', description: 'Cursos técnicos de nível médio, concomitantes ou subsequentes.' },
];

/**
 * Seeds the demo school on the first start only: it runs when there is no user yet, so a second
 * start (or a second instance behind a load balancer) keeps every change. Answers whether it seeded.
 */
export async function seedDemoSchool(db: Db, options: SeedOptions): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    // The payment provider's user (id 100) comes with the migrations; only a person's account counts.
    const existing = await trx.selectFrom('users').select('id').where('id', '<>', PROVIDER_USER_ID).limit(1).executeTakeFirst();
    if (existing) return false;
    const now = new Date().toISOString();
    await trx
      .insertInto('users')
      .values({ name: 'Administrador', email: options.adminEmail, password_hash: await hashPassword(options.adminPassword), created_at: now, updated_at: now })
      .execute();
    await trx
      .insertInto('school_settings')
      .values({
        school_name: 'Escola Modelo Secretaria',
        main_service: 'Verifique a autenticidade de seu Documento',
        email: 'secretaria@escolamodelo.edu.br',
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
    await seedMasterData(trx, { medio: Number(teachingIds[1].id), tecnico: Number(teachingIds[3].id) }, now, options.withStudents ?? true);
    return true;
  });
}
