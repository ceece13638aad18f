import type { Writable } from 'node:stream';
import { formatInstantDate } from '../../../resources/format';
import type { Db } from '../../db/connection';
import { frequencyText } from '../../lessons/standing';
import { GRADE_FORMAT, gradeValue, RED_FONT } from '../grades';
import { cardLegend, type ReportCard } from '../report-card';
import { reportSheet, streamingWorkbook } from '../xlsx';

/**
 * The report card as the original client saved it, a spreadsheet: the same lines as the PDF, grades as numbers
 * (one decimal, so that a spreadsheet can average them), the same marks in red.
 */
export async function reportCardXlsx(db: Db, card: ReportCard, out: Writable, now: Date): Promise<void> {
  const { stages, passing, minimum } = card;
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Boletim',
    {
      title: 'BOLETIM ESCOLAR',
      lines: [
        `Aluno: ${card.student.toLocaleUpperCase('pt-BR')}`,
        `Matrícula: ${card.registration}`,
        `Curso: ${card.course}`,
        `Turma: ${card.team}`,
        `Período: ${card.period}`,
      ],
    },
    [
      { header: 'DISCIPLINA', width: 30 },
      ...stages.map((s) => ({ header: `${s}ª ETAPA`, width: 10, numFmt: GRADE_FORMAT })),
      { header: 'MÉDIA', width: 9, numFmt: GRADE_FORMAT },
      { header: 'FALTAS', width: 8 },
      { header: 'FREQUÊNCIA', width: 12 },
      { header: 'RESULTADO', width: 22 },
    ],
    'landscape',
  );
  // 1-based columns: the stages start at B.
  const averageColumn = 2 + stages.length;
  for (const l of card.lines) {
    const row = sheet.addRow([
      l.discipline,
      ...l.grades.map((g) => gradeValue(g) ?? '—'),
      gradeValue(l.average) ?? '—',
      l.absences ?? '—',
      frequencyText(l.frequency),
      l.verdict || '—',
    ]);
    l.grades.forEach((g, i) => {
      if (g !== undefined && g < passing) row.getCell(2 + i).font = RED_FONT;
    });
    if (l.average !== null && l.average < passing) row.getCell(averageColumn).font = RED_FONT;
    if (l.frequency !== null && l.frequency < minimum) row.getCell(averageColumn + 2).font = RED_FONT;
    if (l.verdict.startsWith('REPROVADO')) row.getCell(averageColumn + 3).font = RED_FONT;
    row.commit();
  }
  sheet.addRow([]).commit();
  sheet.addRow([cardLegend(card)]).commit();
  sheet.addRow([`Emitido em ${formatInstantDate(now)}.`]).commit();
  sheet.commit();
  await workbook.commit();
}
