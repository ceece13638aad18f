import type ExcelJS from 'exceljs';
import type { ReportBuilder } from '../builder';
import { averageTenths, GRADE_FORMAT, gradeValue, gridOf, teamGrades, uniqueSheetName } from '../grades';
import { studentsOfTeam, teamOrFail, type ReportTeam } from '../queries';
import { columnLetter, reportSheet, streamingWorkbook } from '../xlsx';

/** Lesson columns of the attendance grid: a month of lessons, the day written by hand on top. */
export const DIARY_LESSONS = 20;
/** Blank lines under COMPETÊNCIAS / DATA / REGISTRO DO PROCESSO EDUCATIVO. */
export const DIARY_RECORD_LINES = 8;
const BLANK = '______________________';
const THIN = { style: 'thin' } as const;
const BOX = { top: THIN, left: THIN, bottom: THIN, right: THIN };
// One style object shared by every cell of a kind: exceljs recognises an object it has already written
// and skips serialising it again, which makes the 60 × 15 diary about three times faster. Never mutated.
const GRID_STYLE: Partial<ExcelJS.Style> = Object.freeze({ border: BOX });
const GRADE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ border: BOX, numFmt: GRADE_FORMAT });

type Discipline = Awaited<ReturnType<typeof gridOf>>['list'][number];

function diaryHeading(team: ReportTeam, discipline: Discipline | undefined) {
  const year = team.start_date.slice(0, 4);
  return {
    title: 'DIÁRIO DE CLASSE',
    lines: [
      discipline
        ? `DISCIPLINA: ${discipline.discipline.name}    CARGA HORÁRIA: ${discipline.workload} h`
        : 'DISCIPLINA: —',
      `ANO: ${year}    MÊS: ${BLANK}    ETAPA: ${BLANK}`,
      `CURSO: ${team.course}    TURMA: ${team.name}`,
      `PROFESSOR(A): ${BLANK}${BLANK}`,
    ],
  };
}

/** Lines the teacher fills by hand, then the signatures. */
function writeFooter(sheet: ExcelJS.Worksheet, width: number) {
  const lessonsEnd = 2 + DIARY_LESSONS;
  sheet.addRow([]).commit();
  const record = (values: [string, string, string]) => {
    const row = sheet.addRow([]);
    row.getCell(1).value = values[0];
    row.getCell(3).value = values[1];
    row.getCell(9).value = values[2];
    sheet.mergeCells(`A${row.number}:B${row.number}`);
    sheet.mergeCells(`C${row.number}:H${row.number}`);
    sheet.mergeCells(`I${row.number}:${columnLetter(width)}${row.number}`);
    for (const col of [1, 3, 9]) row.getCell(col).border = BOX;
    return row;
  };
  const head = record(['COMPETÊNCIAS', 'DATA', 'REGISTRO DO PROCESSO EDUCATIVO']);
  head.font = { bold: true };
  head.commit();
  for (let i = 0; i < DIARY_RECORD_LINES; i++) record(['', '', '']).commit();
  sheet.addRow([]).commit();
  sheet.addRow([]).commit();
  const line = sheet.addRow([]);
  line.getCell(2).value = '________________________________________';
  line.getCell(lessonsEnd - 8).value = '________________________________________';
  line.commit();
  const who = sheet.addRow([]);
  who.getCell(2).value = 'Assinatura do(a) professor(a)';
  who.getCell(lessonsEnd - 8).value = 'Assinatura da coordenação pedagógica';
  who.commit();
}

/**
 * One sheet per discipline of the team's grid: numbered students in upper case, a grid of lesson columns
 * for attendance, the grade of each stage already entered, MÉDIA, FALTAS (by hand: attendance is not
 * recorded in the system), then the lines of the educational record and the signatures.
 */
export const classDiary: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team_id));
  const [grid, students, grades] = await Promise.all([
    gridOf(db, team.grid_id),
    studentsOfTeam(db, team.id),
    teamGrades(db, team.id),
  ]);
  const workbook = streamingWorkbook(out);
  const used = new Set<string>();
  const disciplines: (Discipline | undefined)[] = grid.list.length ? grid.list : [undefined];
  for (const discipline of disciplines) {
    const stages = discipline?.stages ?? [];
    const columns = [
      { header: 'Nº', width: 5 },
      { header: 'ALUNO', width: 40 },
      ...Array.from({ length: DIARY_LESSONS }, (_, i) => ({ header: String(i + 1), width: 4 })),
      ...stages.map((s) => ({ header: `${s.stage}ª ETAPA`, width: 9, numFmt: GRADE_FORMAT })),
      { header: 'MÉDIA', width: 8, numFmt: GRADE_FORMAT },
      { header: 'FALTAS', width: 8 },
    ];
    const name = uniqueSheetName(discipline?.discipline.name ?? 'Diário', used);
    const sheet = await reportSheet(db, workbook, name, diaryHeading(team, discipline), columns, 'landscape');
    const gradesFrom = 2 + DIARY_LESSONS;
    students.forEach(({ student }, i) => {
      const marks = stages.map((s) => (discipline ? grades.at(student.id, discipline.discipline.id, s.id) : undefined));
      const row = sheet.addRow([
        i + 1,
        student.name.toLocaleUpperCase('pt-BR'),
        ...Array<null>(DIARY_LESSONS).fill(null),
        ...marks.map(gradeValue),
        gradeValue(averageTenths(marks)),
        null,
      ]);
      for (let col = 1; col <= columns.length; col++)
        row.getCell(col).style = col > gradesFrom && col < columns.length ? GRADE_STYLE : GRID_STYLE;
      row.commit();
    });
    if (!discipline) sheet.addRow(['', 'A grade desta turma não tem disciplinas.']).commit();
    writeFooter(sheet, columns.length);
    sheet.commit();
  }
  await workbook.commit();
};
