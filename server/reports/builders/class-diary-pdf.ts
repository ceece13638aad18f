import type { Writable } from 'node:stream';
import { formatDate, formatDateTime } from '../../../resources/format';
import { frequencyText } from '../../lessons/standing';
import { drawLetterhead } from '../../pdf/letterhead';
import { drainPdf, finishPdf, PdfTable, reportPdf, type PdfColumn } from '../../pdf/stream-table';
import { loadSettings } from '../../school/routes';
import type { ReportContext } from '../builder';
import { diaryLines, lessonTitle, MARKS_LEGEND, type Diary, type DiaryDiscipline } from '../diary';

/** Points of one lesson column, of the number and of the totals; the name takes what is left. */
const LESSON_WIDTH = 25;
const NUMBER_WIDTH = 18;
const TOTAL_WIDTH = 44;
const NAME_MIN = 150;
const TOTALS = ['Aulas dadas', 'Faltas', 'Justif.', 'Freq.'];
const LOW = '#c00000';
const ZEBRA = '#f1f4f8';

/**
 * The lessons of a discipline in groups that fit the page's width: the last group is as full as it can be
 * beside the totals; the lessons before it are shared evenly among as few pages as hold them.
 */
export function lessonGroups<T>(lessons: T[], width: number): T[][] {
  const free = width - NUMBER_WIDTH - NAME_MIN;
  const plain = Math.floor(free / LESSON_WIDTH);
  const last = Math.floor((free - TOTALS.length * TOTAL_WIDTH) / LESSON_WIDTH);
  const final = Math.min(last, lessons.length);
  const before = lessons.slice(0, lessons.length - final);
  const count = Math.ceil(before.length / plain);
  const groups: T[][] = [];
  for (let i = 0, start = 0; i < count; i++) {
    const size = Math.ceil((before.length - start) / (count - i));
    groups.push(before.slice(start, start + size));
    start += size;
  }
  groups.push(lessons.slice(lessons.length - final));
  return groups;
}

function heading(doc: PDFKit.PDFDocument, title: string, lines: string[]) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(12).text(title, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).text(lines.join('  •  '), { width, align: 'center' }).moveDown(0.5);
}

function disciplineGrid(doc: PDFKit.PDFDocument, diary: Diary, d: DiaryDiscipline | undefined, width: number) {
  const groups = lessonGroups(d?.lessons ?? [], width);
  groups.forEach((group, g) => {
    const last = g === groups.length - 1;
    const from = groups.slice(0, g).reduce((n, x) => n + x.length, 0);
    // The name keeps its width and the lessons share the rest: the marks stay near the names they belong to.
    const totalsWidth = last ? TOTALS.length * TOTAL_WIDTH : 0;
    const nameWidth = group.length ? NAME_MIN + 20 : width - NUMBER_WIDTH - totalsWidth;
    const lessonWidth = group.length ? (width - NUMBER_WIDTH - nameWidth - totalsWidth) / group.length : 0;
    const columns: PdfColumn[] = [
      { title: 'Nº', width: NUMBER_WIDTH / width, align: 'right' },
      { title: 'ALUNO', width: nameWidth / width },
      ...group.map((l) => ({ title: lessonTitle(l).replace(' ', '\n'), width: lessonWidth / width, align: 'center' })),
      ...(last ? TOTALS.map((title) => ({ title, width: TOTAL_WIDTH / width, align: 'center' as const })) : []),
    ] as PdfColumn[];
    if (g > 0 || doc.y > doc.page.height / 2) doc.addPage();
    const part = groups.length > 1 ? ` — aulas ${from + 1} a ${from + group.length} de ${d?.lessons.length}` : '';
    heading(doc, `DIÁRIO DE CLASSE${part}`, diaryLines(diary, d));
    doc.font('Helvetica-Oblique').fontSize(7).text(MARKS_LEGEND, { width, align: 'center' }).moveDown(0.4);
    const table = new PdfTable(doc, columns, { fontSize: 6.5, singleLine: true });
    table.header();
    for (const s of d?.students ?? []) {
      const t = s.totals;
      const low = t.frequency !== null && t.frequency < diary.minimum;
      const totals = last
        ? [String(t.periods), String(t.absences), String(t.justified), frequencyText(t.frequency)]
        : [];
      const cells = [String(s.number), s.name, ...s.marks.slice(from, from + group.length), ...totals];
      // Every other line tinted, to follow a student across a row of lesson columns.
      const fill = s.number % 2 === 0 ? { fill: ZEBRA } : {};
      table.row(
        cells,
        low && last ? { ...fill, color: cells.map((_, i) => (i === cells.length - 1 ? LOW : null)) } : fill,
      );
    }
    if (!d) table.band('A grade desta turma não tem disciplinas.');
    else if (d.lessons.length === 0) table.band('Nenhuma aula registrada.');
  });
}

function contentsList(doc: PDFKit.PDFDocument, diary: Diary) {
  doc.addPage();
  heading(doc, 'CONTEÚDO MINISTRADO', [`CURSO: ${diary.team.course}    TURMA: ${diary.team.name}`]);
  const table = new PdfTable(
    doc,
    [
      { title: 'Data', width: 0.08 },
      { title: 'Disciplina', width: 0.18 },
      { title: 'Etapa', width: 0.06, align: 'center' },
      { title: 'Períodos', width: 0.07, align: 'center' },
      { title: 'Conteúdo', width: 0.61 },
    ],
    { fontSize: 8 },
  );
  table.header();
  for (const c of diary.contents)
    table.row([formatDate(c.date), c.discipline, `${c.stage}ª`, String(c.periods), c.content]);
  if (diary.contents.length === 0) table.band('Nenhuma aula registrada.');
}

function signatures(doc: PDFKit.PDFDocument, width: number) {
  const left = doc.page.margins.left;
  if (doc.y + 70 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const y = doc.y + 40;
  const half = width / 2;
  doc.font('Helvetica').fontSize(8);
  for (const [i, who] of ['Assinatura do(a) professor(a)', 'Assinatura da coordenação pedagógica'].entries()) {
    const x = left + i * half + 30;
    doc
      .moveTo(x, y)
      .lineTo(x + half - 60, y)
      .lineWidth(0.5)
      .strokeColor('#000000')
      .stroke();
    doc.text(who, x, y + 4, { width: half - 60, align: 'center' });
  }
  doc.x = left;
}

/** The diary as a landscape PDF: per discipline its grid in groups of lessons, then the content list. */
export async function classDiaryPdf({ db, now }: ReportContext, diary: Diary, out: Writable): Promise<void> {
  const school = await loadSettings(db);
  const doc = reportPdf(out, {
    title: `Diário de classe — ${diary.team.name}`,
    author: school.school_name,
    landscape: true,
    margin: 28,
    footer: `Diário de classe — ${diary.team.name} — gerado em ${formatDateTime(now)}`,
  });
  drawLetterhead(doc, school);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const disciplines = diary.disciplines.length ? diary.disciplines : [undefined];
  for (const [i, d] of disciplines.entries()) {
    if (i > 0) doc.addPage();
    disciplineGrid(doc, diary, d, width);
    await drainPdf(doc, out);
  }
  contentsList(doc, diary);
  signatures(doc, width);
  await finishPdf(doc, out);
}
