import type { Kysely, Transaction } from 'kysely';
import { schoolDayOf } from '../../resources/format';
import { PROVIDER_USER_ID } from '../../resources/users';
import { hashPassword } from '../auth/passwords';
import { amountDue } from '../finance/amount-due';
import { moneyRulesOf } from '../school/late-fees';
import { randomPassword, roleIdOf } from './accounts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

/**
 * The demo school's life so far (issue 35), so that every screen has something to show on the first look: a
 * teacher with her classes, the last weeks' lessons with their roll calls, the first stage's grades (not yet
 * published) and each enrolment's charges — some paid (one of them late, with its fine), some overdue, the next
 * ones open. Everything follows from `now` (no randomness: two first starts on the same day make the same school),
 * and goes in a few statements, so the first start stays quick.
 */
export async function seedSchoolLife(trx: Trx, now: Date): Promise<void> {
  const today = schoolDayOf(now);
  const stamp = now.toISOString();
  // Whatever the demo did by hand was done by the school's first user (the administrator), as the enrolments were.
  const first = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '<>', PROVIDER_USER_ID)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const admin = Number(first.id);
  const enrolments = (
    await trx
      .selectFrom('registrations as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select(['r.id', 'r.team_id', 'r.student_id', 'r.enrolled_on'])
      .orderBy('r.id')
      .execute()
  ).map((r) => ({
    id: Number(r.id),
    team: Number(r.team_id),
    student: Number(r.student_id),
    since: String(r.enrolled_on),
  }));
  const teacher = await seedTeacher(trx, stamp);
  const teaching = await seedTeaching(trx, teacher, stamp);
  await seedLessons(trx, { today, stamp, admin, teacher, teaching, enrolments });
  await seedGrades(trx, { today, stamp, admin, teacher, teaching, enrolments });
  await seedCharges(trx, { today, admin, enrolments });
}

interface Life {
  today: string;
  stamp: string;
  admin: number;
  teacher: number;
  /** Each team that has begun, with its first stage's disciplines (by id) and the ones the teacher gives there. */
  teaching: Team[];
  enrolments: { id: number; team: number; student: number; since: string }[];
}

interface Team {
  id: number;
  start: string;
  end: string;
  stage: number;
  disciplines: { id: number; name: string }[];
  taught: Set<number>;
}

/** Paula, the demo's teacher (Professor): Matemática and Língua Portuguesa in the first team, Matemática in the 2nd. */
async function seedTeacher(trx: Trx, stamp: string): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      name: 'Paula Menezes',
      email: 'paula@demo.invalid',
      password_hash: await hashPassword(randomPassword()),
      role_id: await roleIdOf(trx, 'professor'),
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function seedTeaching(trx: Trx, teacher: number, stamp: string): Promise<Team[]> {
  const teams = await trx
    .selectFrom('teams')
    .select(['id', 'grid_id', 'start_date', 'end_date'])
    .orderBy('id')
    .execute();
  const slots = await trx
    .selectFrom('grid_templates as gt')
    .innerJoin('stages as s', 's.id', 'gt.stage_id')
    .innerJoin('disciplines as d', 'd.id', 'gt.discipline_id')
    .select(['gt.grid_id', 'gt.discipline_id', 'gt.stage_id', 's.stage', 'd.name'])
    .orderBy('s.stage')
    .orderBy('gt.discipline_id')
    .execute();
  const found: Team[] = teams.map((t, i) => {
    const own = slots.filter((s) => s.grid_id === t.grid_id);
    const first = own.length ? Number(own[0].stage_id) : 0;
    const disciplines = own
      .filter((s) => Number(s.stage_id) === first)
      .map((s) => ({ id: Number(s.discipline_id), name: String(s.name) }));
    const named = (name: string) => disciplines.filter((d) => d.name === name).map((d) => d.id);
    const taught =
      i === 0 ? [...named('Matemática'), ...named('Língua Portuguesa')] : i === 1 ? named('Matemática') : [];
    return {
      id: Number(t.id),
      start: String(t.start_date),
      end: String(t.end_date),
      stage: first,
      disciplines,
      taught: new Set(taught),
    };
  });
  const assignments = found.flatMap((t) =>
    [...t.taught].map((discipline) => ({
      team_id: t.id,
      user_id: teacher,
      discipline_id: discipline,
      created_at: stamp,
    })),
  );
  if (assignments.length) await trx.insertInto('team_teachers').values(assignments).execute();
  return found.filter((t) => t.stage && t.disciplines.length);
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The school day itself, or the Friday before a Saturday or Sunday. */
function weekday(day: string): string {
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  return dow === 6 ? addDays(day, -1) : dow === 0 ? addDays(day, -2) : day;
}

/** What a lesson taught, by discipline: the demo's diary reads like a real one. */
const CONTENTS: Record<string, string[]> = {
  'Língua Portuguesa': [
    'Leitura e interpretação de crônicas',
    'Concordância verbal e nominal',
    'Gêneros textuais: artigo de opinião',
    'Regência verbal e crase',
    'Produção de texto dissertativo-argumentativo',
    'Figuras de linguagem',
  ],
  Matemática: [
    'Funções do 1º grau: gráfico e raiz',
    'Funções do 2º grau: vértice e concavidade',
    'Progressões aritméticas',
    'Progressões geométricas',
    'Porcentagem e juros simples',
    'Exercícios de revisão para a avaliação',
  ],
  'Anatomia e Fisiologia Humana': [
    'Sistema cardiovascular',
    'Sistema respiratório',
    'Sistema digestório',
    'Sistema nervoso central',
    'Sistema urinário',
    'Revisão com peças anatômicas',
  ],
  'Fundamentos de Enfermagem': [
    'Biossegurança e lavagem das mãos',
    'Sinais vitais: aferição e registro',
    'Prevenção de lesões por pressão',
    'Administração de medicamentos por via oral',
    'Curativos simples',
    'Prática supervisionada em laboratório',
  ],
};

/** The last six weeks of the first two disciplines of each team that has begun: two periods a week, with roll calls. */
async function seedLessons(trx: Trx, life: Life): Promise<void> {
  const lessons: { team: number; discipline: number; stage: number; date: string; content: string; by: number }[] = [];
  for (const team of life.teaching) {
    const last = life.today < team.end ? life.today : team.end;
    if (last < team.start) continue;
    team.disciplines.slice(0, 2).forEach((discipline, d) => {
      for (let week = 5; week >= 0; week--) {
        // Each discipline on its own day of the week; the most recent one yesterday at the latest.
        const date = weekday(addDays(last, -1 - d - 7 * week));
        if (date < team.start) continue;
        const contents = CONTENTS[discipline.name] ?? [];
        lessons.push({
          team: team.id,
          discipline: discipline.id,
          stage: team.stage,
          date,
          content: contents[5 - week] ?? `${discipline.name}: aula ${6 - week}`,
          by: team.taught.has(discipline.id) ? life.teacher : life.admin,
        });
      }
    });
  }
  if (!lessons.length) return;
  const ids = await trx
    .insertInto('lessons')
    .values(
      lessons.map((l) => ({
        team_id: l.team,
        discipline_id: l.discipline,
        stage_id: l.stage,
        date: l.date,
        periods: 2,
        content: l.content,
        created_by: l.by,
        created_at: `${l.date}T14:00:00.000Z`,
        updated_at: `${l.date}T14:00:00.000Z`,
      })),
    )
    .returning('id')
    .execute();
  // A few absences in each roll call (present is the default: only absences are rows), one in three justified.
  const absences = lessons.flatMap((lesson, i) =>
    life.enrolments
      .filter((e) => e.team === lesson.team && e.since <= lesson.date)
      .filter((e) => (e.student * 7 + i * 3) % 10 === 0)
      .map((e) => {
        const justified = (e.student + i) % 3 === 0;
        return {
          lesson_id: Number(ids[i].id),
          registration_id: e.id,
          absences: 1 + ((e.student + i) % 2),
          justified: justified ? 1 : 0,
          reason: justified ? 'Atestado médico' : null,
          created_at: `${lesson.date}T14:30:00.000Z`,
          updated_at: `${lesson.date}T14:30:00.000Z`,
        };
      }),
  );
  for (let i = 0; i < absences.length; i += 100)
    await trx
      .insertInto('attendance')
      .values(absences.slice(i, i + 100))
      .execute();
}

/** The first stage's grades of every student of each team that has begun, from 3,5 to 10,0; not published yet. */
async function seedGrades(trx: Trx, life: Life): Promise<void> {
  const grades = life.teaching
    .filter((team) => team.start <= life.today)
    .flatMap((team) =>
      life.enrolments
        .filter((e) => e.team === team.id)
        .flatMap((e) =>
          team.disciplines.map((d) => ({
            student_id: e.student,
            stage_id: team.stage,
            discipline_id: d.id,
            team_id: team.id,
            // Tenths, spread over the scale: most pass the school's 6,0, some do not.
            grade: 35 + ((e.student * 17 + d.id * 29) % 66),
            saved_by: team.taught.has(d.id) ? life.teacher : life.admin,
            saved_at: life.stamp,
            created_at: life.stamp,
            updated_at: life.stamp,
          })),
        ),
    );
  for (let i = 0; i < grades.length; i += 100)
    await trx
      .insertInto('grades')
      .values(grades.slice(i, i + 100))
      .execute();
}

const ENROLMENT_FEE = 15_000;
const MONTHLY_FEE = 65_000;

/**
 * Each enrolment's fee (paid on the day, by PIX) and its monthly fees due on the 10th, from the month after the
 * enrolment to the next one: those due before today paid by boleto, some late with the fine and interest the
 * school's rules asked that day, one in four still overdue; the rest open.
 */
async function seedCharges(trx: Trx, life: Pick<Life, 'today' | 'admin' | 'enrolments'>): Promise<void> {
  const settings = await trx
    .selectFrom('school_settings')
    .select(['late_fine_bp', 'interest_month_bp', 'punctuality_kind', 'punctuality_value', 'punctuality_days'])
    .executeTakeFirstOrThrow();
  const rules = moneyRulesOf(settings);
  const types = async (table: string) =>
    new Map((await trx.selectFrom(table).select(['id', 'name']).execute()).map((r) => [String(r.name), Number(r.id)]));
  const services = await types('service_types');
  const payments = await types('payment_types');
  const rows: Record<string, unknown>[] = [];
  const charge = (
    e: Life['enrolments'][number],
    fields: { service: string; payment: string; quota: number; due: string; value: number; paidOn: string | null },
  ) => {
    const parts = fields.paidOn
      ? amountDue({ value_cents: fields.value, due_date: fields.due }, rules, fields.paidOn)
      : null;
    const created = `${e.since}T13:00:00.000Z`;
    rows.push({
      registration_id: e.id,
      value_cents: fields.value,
      quota: fields.quota,
      due_date: fields.due,
      paid: parts ? 1 : 0,
      pay_day: fields.paidOn,
      service_type_id: services.get(fields.service) ?? null,
      payment_type_id: payments.get(fields.payment) ?? null,
      created_by: life.admin,
      updated_by: life.admin,
      paid_by: parts ? life.admin : null,
      paid_principal_cents: parts?.principal ?? null,
      paid_discount_cents: parts?.discount ?? null,
      paid_fine_cents: parts?.fine ?? null,
      paid_interest_cents: parts?.interest ?? null,
      paid_total_cents: parts?.total ?? null,
      created_at: created,
      updated_at: fields.paidOn ? `${fields.paidOn}T15:00:00.000Z` : created,
    });
  };
  const nextMonth = addDays(`${life.today.slice(0, 7)}-01`, 40).slice(0, 7);
  life.enrolments.forEach((e, i) => {
    charge(e, { service: 'Matrícula', payment: 'PIX', quota: 1, due: e.since, value: ENROLMENT_FEE, paidOn: e.since });
    let month = addDays(`${e.since.slice(0, 7)}-01`, 40).slice(0, 7);
    for (let quota = 1; month <= nextMonth && quota <= 6; quota++) {
      const due = `${month}-10`;
      // One in four left unpaid (overdue once due); one in five paid twelve days late, with the fine and interest.
      const payDay = (i + quota) % 5 === 0 ? addDays(due, 12) : addDays(due, -2);
      const unpaid = due >= life.today || (i + quota) % 4 === 0 || payDay > life.today;
      const paidOn = unpaid ? null : payDay;
      charge(e, { service: 'Mensalidade', payment: 'Boleto', quota, due, value: MONTHLY_FEE, paidOn });
      month = addDays(`${month}-01`, 40).slice(0, 7);
    }
  });
  for (let i = 0; i < rows.length; i += 100)
    await trx
      .insertInto('financials')
      .values(rows.slice(i, i + 100))
      .execute();
}
