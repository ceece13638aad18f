import { sql, type Kysely, type Transaction } from 'kysely';
import { schoolDayOf } from '../../../resources/format';
import { withId, withSearchText, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/** Whole years from `birth` to `today` (both 'YYYY-MM-DD'): a copy, so this migration never changes. */
function ageOn(birth: unknown, today: string): number | null {
  if (typeof birth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birth) || birth > today) return null;
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A student's mother, until now a text field (`name_mother`), becomes a guardian linked to them: pedagogical
 * responsible always, financial responsible when the student is a minor on the school's calendar today (an adult,
 * or a student without a birth date, pays for themselves). Siblings with the same mother's name get one guardian
 * each: a name alone does not tell one person from a namesake, and the office can link one record to both.
 * `name_mother` stays as it was (the documents still read it). `search_text` is filled at the next start, when
 * the guardians config is first indexed.
 */
async function migrateMothers(db: AnyDb): Promise<void> {
  const today = schoolDayOf();
  const now = new Date().toISOString();
  const { rows } = await sql<{ id: number; name_mother: string; birth_date: string | null }>`
    select id, name_mother, birth_date from students
    where name_mother is not null and trim(name_mother) <> '' order by id`.execute(db);
  for (const student of rows) {
    const guardian = await db
      .insertInto('guardians')
      .values({ name: student.name_mother.trim(), kinship: 'mae', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const age = ageOn(student.birth_date, today);
    await db
      .insertInto('student_guardians')
      .values({
        student_id: student.id,
        guardian_id: guardian.id,
        kinship: 'mae',
        financial_responsible: age !== null && age < 18 ? 1 : 0,
        pedagogical_responsible: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Guardians (issue 26): people responsible for students, one record however many students they answer for. */
export const guardians: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withSearchText(
      withTimestamps(
        withId(db.schema.createTable('guardians'), ctx)
          .addColumn('name', 'varchar(190)', (c) => c.notNull())
          // Text: leading zeros are part of a CPF. Unique when given; many guardians have none on file.
          .addColumn('cpf', 'varchar(11)', (c) => c.unique())
          .addColumn('rg', 'varchar(30)')
          // The usual kinship (resources/guardians.ts KINSHIPS), suggested when linking to a student.
          .addColumn('kinship', 'varchar(30)')
          .addColumn('email', 'varchar(190)')
          .addColumn('phone', 'varchar(11)')
          .addColumn('cep', 'varchar(8)')
          .addColumn('street', 'varchar(190)')
          .addColumn('number', 'varchar(20)')
          .addColumn('complement', 'varchar(120)')
          .addColumn('neighborhood', 'varchar(120)')
          .addColumn('city', 'varchar(120)')
          .addColumn('uf', 'varchar(2)')
          .addColumn('occupation', 'varchar(120)'),
        ctx,
      ),
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('student_guardians'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        // Restrict: a guardian linked to a student is not deleted (a 409 naming the links).
        .addColumn('guardian_id', 'integer', (c) => c.notNull().references('guardians.id').onDelete('restrict'))
        .addColumn('kinship', 'varchar(30)', (c) => c.notNull())
        // 1: pays (the payer of the student's charges); exactly one per minor, kept by server/guardians.
        .addColumn('financial_responsible', 'integer', (c) => c.notNull().defaultTo(0))
        // 1: answers for the student's school life (meetings, report cards).
        .addColumn('pedagogical_responsible', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('student_guardians_unique', ['student_id', 'guardian_id']),
      ctx,
    ).execute();
    await db.schema
      .createIndex('student_guardians_guardian_idx')
      .on('student_guardians')
      .column('guardian_id')
      .execute();

    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not, and one per row is slow.
    const k = db as AnyDb;
    if (k.isTransaction) await migrateMothers(k);
    else await k.transaction().execute((trx: Transaction<unknown>) => migrateMothers(trx as AnyDb));
  },
};
