import { formatDate, formatDateTime, registrationNumber } from '../../../resources/format';
import { MOVEMENT_KINDS } from '../../../resources/movements';
import { drawLetterhead } from '../../pdf/letterhead';
import { finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import { loadSettings } from '../../school/routes';
import { teamsInReach, type ReportBuilder } from '../builder';
import { teamsOf } from '../low-attendance';
import { movementLines, movementStudents, type MovementLine } from '../movements';
import { checkRanges } from '../ranges';
import { reportSheet, streamingWorkbook } from '../xlsx';

const TITLE = 'MOVIMENTO DE ALUNOS';

/** The columns, as the Censo Escolar and the secretarias de educação ask for the numbers. */
const COLUMNS: { header: string; width: number; of: (l: MovementLine) => string | number }[] = [
  { header: 'TURMA', width: 30, of: (l) => l.team },
  { header: 'ENTRADAS', width: 11, of: (l) => l.entries },
  { header: 'VINDOS DE OUTRA ESCOLA', width: 14, of: (l) => l.arrived },
  { header: 'TRANSFERIDOS', width: 13, of: (l) => l.transferencia },
  { header: 'ABANDONOS', width: 11, of: (l) => l.abandono },
  { header: 'FALECIDOS', width: 10, of: (l) => l.falecimento },
  { header: 'CONCLUINTES', width: 12, of: (l) => l.conclusao },
  { header: 'OUTRAS SAÍDAS', width: 12, of: (l) => l.other },
  { header: 'MATRICULADOS NO FIM', width: 14, of: (l) => l.atEnd },
];

/** The students behind the numbers, under them (a sheet of its own in the spreadsheet). */
const STUDENT_COLUMNS = [
  { header: 'TURMA', width: 28 },
  { header: 'DATA', width: 12 },
  { header: 'MATRÍCULA', width: 11 },
  { header: 'ALUNO', width: 36 },
  { header: 'MOVIMENTO', width: 15 },
  { header: 'DETALHE', width: 40 },
];

const LABELS = Object.fromEntries(Object.entries(MOVEMENT_KINDS).map(([kind, k]) => [kind, k.label]));

/** The line of totals under the teams. */
function totalOf(lines: MovementLine[]): MovementLine {
  const sum = (key: keyof Omit<MovementLine, 'team'>) => lines.reduce((a, l) => a + l[key], 0);
  return {
    team: 'TOTAL',
    entries: sum('entries'),
    arrived: sum('arrived'),
    transferencia: sum('transferencia'),
    abandono: sum('abandono'),
    falecimento: sum('falecimento'),
    conclusao: sum('conclusao'),
    other: sum('other'),
    atEnd: sum('atEnd'),
  };
}

/**
 * "Movimento de alunos" (issue 38): per team over a period, the entries (and of them the transfers in), the exits by
 * kind (transfer, abandonment, death, completion, other) and the students enrolled on the last day, with a total line.
 * One team or every team the caller reaches; a spreadsheet or a PDF.
 */
export const movementReport: ReportBuilder = async ({ db, now }, params, out, format) => {
  checkRanges(params, [{ from: 'start_date', to: 'end_date', fromLabel: 'Data inicial', toLabel: 'Data final' }]);
  const start = String(params.start_date);
  const end = String(params.end_date);
  const teamIds = await teamsOf(
    db,
    params.team_id === undefined ? undefined : Number(params.team_id),
    teamsInReach(params),
  );
  const [lines, students] = await Promise.all([
    movementLines(db, teamIds, start, end),
    movementStudents(db, teamIds, start, end, LABELS),
  ]);
  const studentCells = (m: (typeof students)[number]) => [
    m.team,
    formatDate(m.date),
    registrationNumber(m.registration_id),
    m.student.toLocaleUpperCase('pt-BR'),
    m.movement,
    m.detail,
  ];
  const total = totalOf(lines);
  const period = `Período: ${formatDate(start)} a ${formatDate(end)}`;
  const generated = `Gerado em: ${formatDateTime(now)}`;

  if (format === 'pdf') {
    const school = await loadSettings(db);
    const doc = reportPdf(out, {
      title: 'Movimento de alunos',
      author: school.school_name,
      landscape: true,
      footer: `Movimento de alunos — gerado em ${formatDateTime(now)}`,
    });
    drawLetterhead(doc, school);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.font('Helvetica-Bold').fontSize(14).text(TITLE, { width, align: 'center' });
    doc.font('Helvetica').fontSize(10).text(period, { width, align: 'center' }).moveDown(0.8);
    const shares = COLUMNS.map((c) => c.width / COLUMNS.reduce((a, b) => a + b.width, 0));
    const table = new PdfTable(
      doc,
      COLUMNS.map((c, i) => ({ title: c.header, width: shares[i], align: i === 0 ? 'left' : 'center' })),
      { fontSize: 8 },
    );
    table.header();
    for (const line of lines) table.row(COLUMNS.map((c) => String(c.of(line))));
    if (lines.length === 0) table.band('Nenhuma turma.');
    table.row(
      COLUMNS.map((c) => String(c.of(total))),
      { bold: true, fill: '#f2f2f2' },
    );
    doc.moveDown(1).font('Helvetica-Bold').fontSize(11).text('ALUNOS QUE ENTRARAM OU SAÍRAM NO PERÍODO');
    doc.moveDown(0.4);
    const list = new PdfTable(
      doc,
      STUDENT_COLUMNS.map((c) => ({ title: c.header, width: c.width / 142 })),
      { fontSize: 8 },
    );
    list.header();
    for (const m of students) list.row(studentCells(m));
    if (students.length === 0) list.band('Nenhuma entrada ou saída no período.');
    await finishPdf(doc, out);
    return;
  }

  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Movimento',
    { title: TITLE, lines: [period, generated] },
    COLUMNS.map((c) => ({ header: c.header, width: c.width })),
    'landscape',
  );
  for (const line of lines) sheet.addRow(COLUMNS.map((c) => c.of(line))).commit();
  const row = sheet.addRow(COLUMNS.map((c) => c.of(total)));
  row.font = { bold: true };
  row.commit();
  sheet.commit();
  const list = await reportSheet(
    db,
    workbook,
    'Alunos',
    { title: 'ALUNOS QUE ENTRARAM OU SAÍRAM NO PERÍODO', lines: [period, generated] },
    STUDENT_COLUMNS,
    'landscape',
  );
  for (const m of students) list.addRow(studentCells(m)).commit();
  if (students.length === 0) list.addRow(['Nenhuma entrada ou saída no período.']).commit();
  list.commit();
  await workbook.commit();
};
