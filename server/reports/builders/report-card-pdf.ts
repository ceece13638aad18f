import type { Writable } from 'node:stream';
import { formatInstantDate, teamPhrase } from '../../../resources/format';
import { frequencyText } from '../../lessons/standing';
import { drawLetterhead } from '../../pdf/letterhead';
import { finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import { cardLegend, gradeText, type ReportCard } from '../report-card';

const RED = '#c62828';

/** The report card on the school's letterhead: grades, average, absences, frequency, result; red under the marks. */
export async function reportCardPdf(card: ReportCard, out: Writable, now: Date): Promise<void> {
  const { school, stages, passing, minimum } = card;
  const doc = reportPdf(out, {
    title: `Boletim — ${card.student}`,
    author: school.school_name,
    footer: `Boletim de ${card.student} — ${teamPhrase(card.team)}`,
  });
  drawLetterhead(doc, school);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('BOLETIM ESCOLAR', { width, align: 'center' })
    .moveDown(0.8);
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Aluno', card.student.toUpperCase());
  line('Matrícula', card.registration);
  line('Curso', card.course);
  line('Turma', card.team);
  line('Período', card.period);
  doc.moveDown(0.8);

  // Absences, frequency and a one-line "REPROVADO POR FALTA" take 40 %; the grades share what is left.
  const share = 0.37 / (stages.length + 1);
  const table = new PdfTable(
    doc,
    [
      { title: 'Disciplina', width: 0.23 },
      ...stages.map((s) => ({ title: `${s}ª etapa`, width: share, align: 'center' as const })),
      { title: 'Média', width: share, align: 'center' },
      { title: 'Faltas', width: 0.07, align: 'center' },
      { title: 'Frequência', width: 0.11, align: 'center' },
      { title: 'Resultado', width: 0.22, align: 'center' },
    ],
    { fontSize: 9 },
  );
  table.header();
  for (const l of card.lines) {
    const colors = [
      null,
      ...l.grades.map((g) => (g !== undefined && g < passing ? RED : null)),
      l.average !== null && l.average < passing ? RED : null,
      null,
      l.frequency !== null && l.frequency < minimum ? RED : null,
      l.verdict.startsWith('REPROVADO') ? RED : null,
    ];
    table.row(
      [
        l.discipline,
        ...l.grades.map((g) => (g === undefined ? '—' : gradeText(g))),
        l.average === null ? '—' : gradeText(l.average),
        l.absences === null ? '—' : String(l.absences),
        frequencyText(l.frequency),
        l.verdict || '—',
      ],
      { color: colors },
    );
  }
  doc
    .moveDown(0.8)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#000000')
    .text(cardLegend(card), doc.page.margins.left, doc.y, { width });
  doc.moveDown(0.3).text(`Emitido em ${formatInstantDate(now)}.`, { width });
  await finishPdf(doc, out);
}
