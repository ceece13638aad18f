import { sql } from 'kysely';
import { formatBRL, formatDate, formatDateTime, schoolDayOf } from '../../../resources/format';
import { amountsDueOn } from '../../finance/amount-due-of';
import { chargesWithStudents } from '../financial-query';
import { formatPhone } from '../../../resources/text';
import { drawLetterhead } from '../../pdf/letterhead';
import { drainPdf, finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import { loadSettings } from '../../school/routes';
import { seesPersonal, teamsInReach, type ReportBuilder } from '../builder';
import { rowPages } from '../cursor';
import { inTeams } from '../reach';
import { teamOrFail } from '../queries';
import { checkRanges } from '../ranges';
import { byName } from '../../db/name-order';

interface Row {
  registration_id: number;
  team_id: number;
  team_name: string;
  student: string;
  phone: string | null;
  email: string | null;
  service: string | null;
  quota: number;
  due_date: string;
  value_cents: number | string;
  observations: string | null;
}

/** The columns: the family's contacts (phone, e-mail) only for a role that sees personal data. */
function columnsOf(personal: boolean) {
  const contacts = personal
    ? [
        { title: 'Telefone', width: 0.09 },
        { title: 'E-mail', width: 0.15 },
      ]
    : [];
  return [
    { title: 'Aluno', width: personal ? 0.18 : 0.3 },
    ...contacts,
    { title: 'Serviço', width: 0.09 },
    { title: 'Parcela', width: 0.05, align: 'center' as const },
    { title: 'Vencimento', width: 0.08, align: 'center' as const },
    { title: 'Valor', width: 0.08, align: 'right' as const },
    { title: 'Multa e juros', width: 0.08, align: 'right' as const },
    { title: 'Total hoje', width: 0.08, align: 'right' as const },
    { title: 'Observações', width: personal ? 0.12 : 0.24 },
  ];
}

const plural = (n: number) => `${n} ${n === 1 ? 'cobrança' : 'cobranças'}`;

/** The period line: both days, one of them, or none (every overdue charge). */
function periodText(start: unknown, end: unknown): string {
  if (start !== undefined && end !== undefined) return `Vencimento de ${formatDate(start)} a ${formatDate(end)}`;
  if (start !== undefined) return `Vencimento a partir de ${formatDate(start)}`;
  if (end !== undefined) return `Vencimento até ${formatDate(end)}`;
  return 'Todas as cobranças vencidas';
}

/**
 * Overdue charges — unpaid and due before today in the school's calendar (a charge due today or later is
 * not owed yet) — in the period when one is given (of one team or all), by team, student and due date,
 * with a subtotal per team and a grand total, each with the fine and interest to date and what is due today
 * (the money rules of server/finance/amount-due.ts, the school's settings and each enrolment's scholarship).
 * Landscape; rows are read through a cursor and pages leave as they fill.
 */
export const defaulters: ReportBuilder = async ({ db, now }, params, out) => {
  checkRanges(params, [{ from: 'start_date', to: 'end_date', fromLabel: 'Vencimento de', toLabel: 'Vencimento até' }]);
  const team = params.team === undefined ? undefined : await teamOrFail(db, Number(params.team));
  const school = await loadSettings(db);
  const today = schoolDayOf(now);
  const personal = seesPersonal(params);
  const reach = teamsInReach(params);
  let query = chargesWithStudents(db)
    .select([
      'r.id as registration_id',
      't.id as team_id',
      't.name as team_name',
      's.name as student',
      // The contacts are read only for whom they are printed.
      personal ? 's.phone' : sql<null>`null`.as('phone'),
      personal ? 's.email' : sql<null>`null`.as('email'),
      'st.name as service',
      'f.quota',
      'f.due_date',
      'f.value_cents',
      'f.observations',
    ])
    .where('f.paid', '=', 0)
    .where('f.due_date', '<', today);
  if (params.start_date !== undefined) query = query.where('f.due_date', '>=', String(params.start_date));
  if (params.end_date !== undefined) query = query.where('f.due_date', '<=', String(params.end_date));
  if (team) query = query.where('r.team_id', '=', team.id);
  // Without a team, every team the caller reaches (a teacher's own).
  if (reach) query = query.where(inTeams(sql.ref('r.team_id'), reach));
  // Accents and case do not move a student in the list, on either database.
  query = query
    .orderBy(byName(db, 't.name'))
    .orderBy('t.id')
    .orderBy(byName(db, 's.name'))
    .orderBy('s.id')
    .orderBy('f.due_date')
    .orderBy('f.id');

  const doc = reportPdf(out, {
    title: 'Relatório de inadimplentes',
    author: school.school_name,
    landscape: true,
    footer: `Relatório de inadimplentes — gerado em ${formatDateTime(now)}`,
  });
  drawLetterhead(doc, school);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(14).text('RELATÓRIO DE INADIMPLENTES', { width, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      `${periodText(params.start_date, params.end_date)} — ${team ? `Turma: ${team.name}` : 'Todas as turmas'} — posição em ${formatDate(today)}`,
      { width, align: 'center' },
    );
  doc.moveDown(0.8);

  const dueToday = await amountsDueOn(db, today);

  const table = new PdfTable(doc, columnsOf(personal), { fontSize: 8 });
  table.header();
  let current: { id: number; name: string; cents: number; today: number; count: number } | undefined;
  let cents = 0;
  let todayCents = 0;
  let count = 0;
  const subtotal = () => {
    if (current)
      table.band(
        `Subtotal da turma ${current.name}: ${formatBRL(current.cents)} (${plural(current.count)}); ` +
          `hoje, com multa e juros: ${formatBRL(current.today)}`,
        { bold: true, align: 'right' },
      );
  };
  for await (const page of rowPages<Row>(db, query)) {
    for (const row of page) {
      if (current?.id !== Number(row.team_id)) {
        subtotal();
        current = { id: Number(row.team_id), name: row.team_name, cents: 0, today: 0, count: 0 };
        table.keep(3);
        table.band(`Turma: ${row.team_name}`, { bold: true, fill: '#f3f3f3' });
      }
      const value = Number(row.value_cents);
      const due = dueToday(row);
      current.cents += value;
      current.today += due.total;
      current.count += 1;
      cents += value;
      todayCents += due.total;
      count += 1;
      table.row([
        row.student,
        ...(personal ? [formatPhone(row.phone), row.email ?? ''] : []),
        row.service ?? '',
        String(row.quota),
        formatDate(row.due_date),
        formatBRL(value),
        formatBRL(due.fine + due.interest),
        formatBRL(due.total),
        row.observations ?? '',
      ]);
    }
    await drainPdf(doc, out);
  }
  subtotal();
  if (count === 0) table.band('Nenhuma cobrança em aberto com vencimento no período.', {});
  table.band(`Total geral: ${formatBRL(cents)} (${plural(count)}); hoje, com multa e juros: ${formatBRL(todayCents)}`, {
    bold: true,
    align: 'right',
    fill: '#e8eef7',
  });
  await finishPdf(doc, out);
};
