import { formatDate } from '../../../resources/format';
import { dynamic } from '../../db/connection';
import type { ReportBuilder } from '../builder';
import { studentsOfTeam, teamOrFail } from '../queries';
import { tuitionMatrix } from '../tuition-matrix';
import { BRL_FORMAT, reportSheet, streamingWorkbook } from '../xlsx';

export const PAID_FILL = 'FFC6EFCE';
export const OVERDUE_FILL = 'FFFFC7CE';
const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];

const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;

/**
 * Students of the team (rows, alphabetical) × due months of their tuition (columns, earliest to latest):
 * each cell the month's value, green when paid, red when overdue (unpaid and due before today in the
 * school's calendar); totals per student and per month, summed in centavos so they are exact.
 */
export const financialByTeam: ReportBuilder = async ({ db, now }, params, out) => {
  const team = await teamOrFail(db, Number(params.team));
  const students = await studentsOfTeam(db, team.id, false);
  const charges = await dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .leftJoin('service_types as st', 'st.id', 'f.service_type_id')
    .select(['f.registration_id', 'f.value_cents', 'f.due_date', 'f.paid', 'st.name as service'])
    .where('r.team_id', '=', team.id)
    .execute();
  const matrix = tuitionMatrix(
    charges.map((c) => ({
      registration_id: Number(c.registration_id),
      value_cents: Number(c.value_cents),
      due_date: String(c.due_date),
      paid: Number(c.paid) !== 0,
      service: c.service === null ? null : String(c.service),
    })),
    now,
  );
  const { months, today } = matrix;

  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Financeiro',
    {
      title: 'RELATÓRIO FINANCEIRO POR TURMA',
      lines: [
        `Turma: ${team.name}`,
        `Curso: ${team.course}`,
        `Posição em ${formatDate(today)} — verde: pago; vermelho: vencido e não pago`,
      ],
    },
    [
      { header: 'Nº', width: 5 },
      { header: 'ALUNO', width: 38 },
      ...months.map((m) => ({ header: monthLabel(m), width: 13, numFmt: BRL_FORMAT })),
      { header: 'TOTAL', width: 15, numFmt: BRL_FORMAT },
    ],
    'landscape',
  );
  const monthTotals = months.map(() => 0);
  students.forEach(({ registration_id, student }, i) => {
    let rowTotal = 0;
    const row = sheet.addRow([i + 1, student.name.toLocaleUpperCase('pt-BR')]);
    months.forEach((month, j) => {
      const cell = matrix.cell(registration_id, month);
      if (!cell) return;
      const target = row.getCell(3 + j);
      target.value = cell.cents / 100;
      if (cell.overdue || cell.paid)
        target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: cell.overdue ? OVERDUE_FILL : PAID_FILL } };
      rowTotal += cell.cents;
      monthTotals[j] += cell.cents;
    });
    row.getCell(3 + months.length).value = rowTotal / 100;
    row.commit();
  });
  const total = sheet.addRow([
    '',
    'TOTAL',
    ...monthTotals.map((c) => c / 100),
    monthTotals.reduce((a, b) => a + b, 0) / 100,
  ]);
  total.font = { bold: true };
  total.commit();
  sheet.commit();
  await workbook.commit();
};
