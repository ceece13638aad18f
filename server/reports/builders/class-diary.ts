import type ExcelJS from 'exceljs';
import { frequencyText } from '../../lessons/standing';
import type { ReportBuilder } from '../builder';
import { diaryLines, diaryOf, lessonTitle, MARKS_LEGEND, type Diary, type DiaryDiscipline } from '../diary';
import { RED_FONT, uniqueSheetName } from '../grades';
import type { Db } from '../../db/connection';
import { dateCell, DATE_FORMAT, reportSheet, streamingWorkbook } from '../xlsx';

const THIN = { style: 'thin' } as const;
const BOX = { top: THIN, left: THIN, bottom: THIN, right: THIN };
// One style object shared by every cell of a kind: exceljs recognises an object it has already written
// and skips serialising it again (a 200 × 45 diary writes 9,000 lesson cells). Never mutated.
const GRID_STYLE: Partial<ExcelJS.Style> = Object.freeze({ border: BOX });
const MARK_STYLE: Partial<ExcelJS.Style> = Object.freeze({ border: BOX, alignment: { horizontal: 'center' as const } });
const LOW_STYLE: Partial<ExcelJS.Style> = Object.freeze({ border: BOX, font: RED_FONT });
const TOTALS = ['AULAS DADAS', 'FALTAS', 'JUSTIFICADAS', 'FREQUÊNCIA'];

async function disciplineSheet(
  db: Db,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  diary: Diary,
  d: DiaryDiscipline | undefined,
  used: Set<string>,
) {
  const lessons = d?.lessons ?? [];
  const columns = [
    { header: 'Nº', width: 5 },
    { header: 'ALUNO', width: 38 },
    ...lessons.map((l) => ({ header: lessonTitle(l), width: 9 })),
    ...TOTALS.map((header) => ({ header, width: 13 })),
  ];
  const name = uniqueSheetName(d?.name ?? 'Diário', used);
  const title = { title: 'DIÁRIO DE CLASSE', lines: [...diaryLines(diary, d), MARKS_LEGEND] };
  const sheet = await reportSheet(db, workbook, name, title, columns, 'landscape');
  for (const s of d?.students ?? []) {
    const t = s.totals;
    const low = t.frequency !== null && t.frequency < diary.minimum;
    const row = sheet.addRow([
      s.number,
      s.name,
      ...s.marks,
      t.periods,
      t.absences,
      t.justified,
      frequencyText(t.frequency),
    ]);
    for (let col = 1; col <= columns.length; col++) {
      const lessonCell = col > 2 && col <= 2 + lessons.length;
      row.getCell(col).style = lessonCell ? MARK_STYLE : low && col === columns.length ? LOW_STYLE : GRID_STYLE;
    }
    row.commit();
  }
  if (!d) sheet.addRow(['', 'A grade desta turma não tem disciplinas.']).commit();
  else if (lessons.length === 0) sheet.addRow(['', 'Nenhuma aula registrada.']).commit();
  sheet.addRow([]).commit();
  sheet.addRow([]).commit();
  const line = sheet.addRow(['', '________________________________________']);
  line.getCell(columns.length).value = '________________________________________';
  line.commit();
  const who = sheet.addRow(['', 'Assinatura do(a) professor(a)']);
  who.getCell(columns.length).value = 'Assinatura da coordenação pedagógica';
  who.commit();
  sheet.commit();
}

async function contentsSheet(db: Db, workbook: ExcelJS.stream.xlsx.WorkbookWriter, diary: Diary, used: Set<string>) {
  const columns = [
    { header: 'DATA', width: 12, numFmt: DATE_FORMAT },
    { header: 'DISCIPLINA', width: 28 },
    { header: 'ETAPA', width: 8 },
    { header: 'PERÍODOS', width: 10 },
    { header: 'CONTEÚDO', width: 90 },
  ];
  const lines = [`CURSO: ${diary.team.course}    TURMA: ${diary.team.name}`];
  const name = uniqueSheetName('Conteúdo ministrado', used);
  const sheet = await reportSheet(db, workbook, name, { title: 'CONTEÚDO MINISTRADO', lines }, columns, 'landscape');
  for (const c of diary.contents) {
    const row = sheet.addRow([dateCell(c.date), c.discipline, `${c.stage}ª`, c.periods, c.content]);
    row.getCell(5).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  if (diary.contents.length === 0) sheet.addRow(['', 'Nenhuma aula registrada.']).commit();
  sheet.commit();
}

/**
 * The class diary as the teacher kept it: a sheet per discipline (or the one asked for) with a column per
 * lesson (date, periods), each student's absences in it, their periods given, absences, justified absences
 * and frequency, then the "Conteúdo ministrado" sheet. As a PDF through ./class-diary-pdf.ts.
 */
export const classDiary: ReportBuilder = async (ctx, params, out, format) => {
  const diary = await diaryOf(ctx.db, params);
  if (format === 'pdf') return (await import('./class-diary-pdf')).classDiaryPdf(ctx, diary, out);
  const workbook = streamingWorkbook(out);
  const used = new Set<string>();
  const disciplines = diary.disciplines.length ? diary.disciplines : [undefined];
  for (const d of disciplines) await disciplineSheet(ctx.db, workbook, diary, d, used);
  await contentsSheet(ctx.db, workbook, diary, used);
  await workbook.commit();
};
