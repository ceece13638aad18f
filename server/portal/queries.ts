import { registrationNumber } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { notFound } from '../http/errors';
import { currentSchoolYear } from '../school-year/years';
import { STUDENT_NOT_FOUND } from './accounts';
import type { PortalAccount } from './sessions';

/** A student as the portal's home lists them. */
export interface PortalStudent {
  id: number;
  name: string;
  registration_number: string | null;
  team: { id: number; name: string } | null;
  photo_url: string | null;
}

/** The ids of the account's students: a guardian's linked students, or the adult student themselves. */
export async function studentIdsOf(db: Db, account: PortalAccount): Promise<number[]> {
  if (account.studentId !== null) return [account.studentId];
  const rows = await dynamic(db)
    .selectFrom('student_guardians')
    .select('student_id')
    .where('guardian_id', '=', account.guardianId ?? 0)
    .execute();
  return rows.map((r) => Number(r.student_id));
}

/**
 * The student of a portal route's `:id`, when it is one of the account's; otherwise the same 404 whether the id
 * exists or not, so that a family learns nothing of other students.
 */
export async function ownStudent(db: Db, account: PortalAccount, raw: string): Promise<number> {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(await studentIdsOf(db, account)).includes(id)) throw notFound(STUDENT_NOT_FOUND);
  return id;
}

/**
 * The student's enrolment a family sees: the one in the school year asked for, or in the current school year (the
 * year containing today, else the last begun: server/school-year/years.ts), else their latest. Asked for a year they
 * were not enrolled in, none.
 */
export async function currentEnrolment(db: Db, studentId: number, schoolYearId?: number) {
  const rows = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.id', 't.id as team_id', 't.name as team', 't.school_year_id'])
    .where('r.student_id', '=', studentId)
    .orderBy('r.id', 'desc')
    .execute();
  const wanted = schoolYearId ?? (rows.length > 1 ? (await currentSchoolYear(db))?.id : undefined);
  const row = rows.find((r) => Number(r.school_year_id) === wanted) ?? (schoolYearId ? undefined : rows[0]);
  return row ? { id: Number(row.id), team: { id: Number(row.team_id), name: String(row.team) } } : undefined;
}

/** The school years the student was enrolled in, newest first: the report card's choices. */
export async function enrolmentYears(db: Db, studentId: number): Promise<{ id: number; year: number }[]> {
  const rows = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('school_years as y', 'y.id', 't.school_year_id')
    .select(['y.id', 'y.year'])
    .distinct()
    .where('r.student_id', '=', studentId)
    .orderBy('y.year', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), year: Number(r.year) }));
}

export async function studentsOf(db: Db, account: PortalAccount): Promise<PortalStudent[]> {
  const ids = await studentIdsOf(db, account);
  if (ids.length === 0) return [];
  const rows = await dynamic(db)
    .selectFrom('students')
    .select(['id', 'name', 'image', 'status'])
    .where('id', 'in', ids)
    .orderBy(byName(db, 'name'))
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (r) => {
      const enrolment = r.status == null || r.status === 'Ativo' ? await currentEnrolment(db, Number(r.id)) : undefined;
      return {
        id: Number(r.id),
        name: String(r.name),
        registration_number: enrolment ? registrationNumber(enrolment.id) : null,
        team: enrolment?.team ?? null,
        photo_url: r.image ? `/api/portal/students/${Number(r.id)}/photo` : null,
      };
    }),
  );
}
