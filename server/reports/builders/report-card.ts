import {
  formatDate,
  formatInstantDate,
  gradeOfTenths,
  registrationNumber,
  teamPhrase,
} from '../../../resources/format';
import { dynamic } from '../../db/connection';
import { groupFullGrid, templateRows } from '../../grids/queries';
import { countedAbsences, frequencyText, teamAttendance, verdictOf } from '../../lessons/standing';
import { drawLetterhead } from '../../pdf/letterhead';
import { finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { registrationOrFail, studentOrFail, teamOrFail } from '../queries';

export const NO_GRADES = 'Esse aluno não possui notas para poder gerar um boletim.';

/** A grade as a Brazilian document writes it: 75 tenths → "7,5". */
export const gradeText = (tenths: number) => gradeOfTenths(tenths).replace('.', ',');

/** The mean of the grades given, in tenths, half up (7,25 → 7,3); null without any. */
export function averageTenths(grades: number[]): number | null {
  if (!grades.length) return null;
  return Math.round(grades.reduce((a, b) => a + b, 0) / grades.length);
}

const RED = '#c62828';

/**
 * The report card: per discipline of the team's grid, the grade of each stage and the average (under the
 * passing grade in red), the absences and frequency from the class diary ("—" without recorded lessons) and
 * the result (verdictOf: under the minimum attendance, REPROVADO POR FALTA whatever the average). A student
 * without any grade in the team gets the spec's check instead of a file.
 */
export const reportCard: ReportBuilder = async ({ db, now }, params, out) => {
  const student = await studentOrFail(db, Number(params.student));
  const team = await teamOrFail(db, Number(params.team));
  const registration = await registrationOrFail(db, student.id, team.id);
  const grades = await dynamic(db)
    .selectFrom('grades as g')
    .innerJoin('stages as s', 's.id', 'g.stage_id')
    .select(['g.discipline_id', 's.stage', 'g.grade'])
    .where('g.student_id', '=', student.id)
    .where('g.team_id', '=', team.id)
    .execute();
  if (!grades.length) return { error: true, message: NO_GRADES };

  const gradeOf = new Map(grades.map((g) => [`${g.discipline_id}:${g.stage}`, Number(g.grade)]));
  const grid = groupFullGrid(await templateRows(db, team.grid_id), team.course || null);
  const school = await loadSettings(db);
  const passing = Math.round(school.average_grade * 10);
  const attendance = await teamAttendance(db, team.id);
  const { minimum } = attendance;

  const doc = reportPdf(out, {
    title: `Boletim — ${student.name}`,
    author: school.school_name,
    footer: `Boletim de ${student.name} — ${teamPhrase(team.name)}`,
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
  line('Aluno', student.name.toUpperCase());
  line('Matrícula', registrationNumber(registration.id));
  line('Curso', team.course || '—');
  line('Turma', team.name);
  line('Período', `${formatDate(team.start_date)} a ${formatDate(team.end_date)}`);
  doc.moveDown(0.8);

  const stages = grid.stagesNumbers;
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
  for (const entry of grid.list) {
    const own = stages.map((stage) => gradeOf.get(`${entry.discipline.id}:${stage}`));
    const average = averageTenths(own.filter((g): g is number => g !== undefined));
    const graded = entry.stages.filter((s) => gradeOf.has(`${entry.discipline.id}:${s.stage}`)).length;
    const presence = attendance.at(student.id, entry.discipline.id);
    const { frequency } = presence;
    const verdict = verdictOf({ average, graded, stages: entry.stages.length, passing, frequency, minimum });
    const absences = countedAbsences(presence, attendance.countsJustified);
    const colors = [
      null,
      ...own.map((g) => (g !== undefined && g < passing ? RED : null)),
      average !== null && average < passing ? RED : null,
      null,
      frequency !== null && frequency < minimum ? RED : null,
      verdict.startsWith('REPROVADO') ? RED : null,
    ];
    table.row(
      [
        entry.discipline.name,
        ...own.map((g) => (g === undefined ? '—' : gradeText(g))),
        average === null ? '—' : gradeText(average),
        absences === null ? '—' : String(absences),
        frequencyText(frequency),
        verdict || '—',
      ],
      { color: colors },
    );
  }
  doc
    .moveDown(0.8)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#000000')
    .text(
      `Média para aprovação: ${gradeText(passing)}. Frequência mínima: ${minimum}%. ` +
        'Notas abaixo da média e frequência abaixo da mínima em vermelho.',
      doc.page.margins.left,
      doc.y,
      { width },
    );
  doc.moveDown(0.3).text(`Emitido em ${formatInstantDate(now)}.`, { width });
  await finishPdf(doc, out);
};
