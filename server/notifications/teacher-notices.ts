import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { queuePush } from '../push/delivery';
import { alreadyTold, claimNotice } from './claims';
import { NEWS_WINDOW_MS } from './events';
import { stageCompleteness } from './missing-grades';
import { stageName } from './publications';

/** What one teacher is told of one publication. */
export interface TeacherNotice {
  /** 'missing-grades:12' (the publication): with the recipient, what makes the notice go once. */
  event: string;
  /** 'user:5'. */
  recipient: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  /** The team's grade sheet, where the missing grades are entered. */
  path: string;
}

/**
 * The office published a stage with grades missing (issue 36): each teacher of a discipline still lacking grades
 * hears of theirs, by e-mail and on the devices they opted in. Counted when the sweep runs, right after the
 * publication: a grade entered meanwhile is not asked for.
 */
export async function teacherNotices(db: Db, now: Date): Promise<TeacherNotice[]> {
  const k = dynamic(db);
  const since = new Date(now.getTime() - NEWS_WINDOW_MS).toISOString();
  const publications = await k
    .selectFrom('grade_publications as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('stages as s', 's.id', 'p.stage_id')
    .select(['p.id', 'p.team_id', 'p.stage_id', 't.grid_id', 't.name as team', 's.stage', 's.description'])
    .where('p.created_at', '>=', since)
    // Only teams with a teacher: nobody else would be told, so the grades are not counted for nothing.
    .where((eb) =>
      eb.exists(eb.selectFrom('team_teachers as a').select('a.id').whereRef('a.team_id', '=', 'p.team_id')),
    )
    .orderBy('p.id')
    .execute();
  const notices: TeacherNotice[] = [];
  for (const p of publications) {
    const missing = (await stageCompleteness(db, Number(p.team_id), Number(p.grid_id))).get(Number(p.stage_id));
    if (!missing?.missing_grades) continue;
    const lacking = new Map(missing.disciplines_missing.map((d) => [d.name, d.missing]));
    const teachers = await k
      .selectFrom('team_teachers as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
      .select(['u.id', 'u.name', 'u.email', 'd.name as discipline'])
      .where('a.team_id', '=', p.team_id)
      .orderBy('u.id')
      .orderBy('d.name')
      .execute();
    const byTeacher = new Map<number, { name: string; email: string; disciplines: string[] }>();
    for (const t of teachers) {
      const count = lacking.get(String(t.discipline));
      if (!count || !t.email) continue;
      const teacher = byTeacher.get(Number(t.id)) ?? { name: String(t.name), email: String(t.email), disciplines: [] };
      teacher.disciplines.push(`${t.discipline}: ${count}`);
      byTeacher.set(Number(t.id), teacher);
    }
    const stage = stageName(Number(p.stage), p.description);
    for (const [id, teacher] of byTeacher)
      notices.push({
        event: `missing-grades:${p.id}`,
        recipient: `user:${id}`,
        name: teacher.name,
        email: teacher.email,
        subject: `Notas faltando: ${stage} — ${p.team}`,
        body:
          `As notas de ${stage} da turma ${p.team} foram publicadas às famílias com notas suas faltando ` +
          `(${teacher.disciplines.join(', ')}). As famílias veem no portal só as notas já lançadas.`,
        path: `/admin/turmas/${p.team_id}/disciplinas`,
      });
  }
  return notices;
}

export interface TeacherSweep {
  appUrl: string;
  school: string;
  now: Date;
  push?: unknown;
}

/** Writes each teacher notice not yet told, once, as the family notices are (see sweep.ts); returns how many. */
export async function tellTeachers(db: Db, mailer: Mailer, options: TeacherSweep): Promise<number> {
  const notices = await teacherNotices(db, options.now);
  if (!notices.length) return 0;
  const told = await alreadyTold(db, [...new Set(notices.map((n) => n.event))]);
  const at = options.now.toISOString();
  const app = options.appUrl.replace(/\/$/, '');
  let written = 0;
  for (const notice of notices) {
    if (told.has(`${notice.event}|${notice.recipient}`)) continue;
    const wrote = await inTransaction(db, async (tx) => {
      if (!(await claimNotice(tx, { event: notice.event, recipient: notice.recipient, studentId: null }, at)))
        return false;
      await mailer.send(
        {
          to: notice.email,
          subject: notice.subject,
          text:
            `Olá, ${notice.name}.\n\n${notice.body}\n\nLance as notas que faltam: ${app}${notice.path}\n\n` +
            `${options.school}\n\nEste é um aviso automático da Secretaria.`,
        },
        tx,
      );
      if (options.push)
        await queuePush(tx, notice.recipient, { title: notice.subject, body: notice.body, url: notice.path }, at);
      return true;
    });
    if (wrote) written++;
  }
  return written;
}
