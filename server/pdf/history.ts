import PDFDocument from 'pdfkit';
import { teamPhrase } from '../../resources/format';
import { historyVerdict } from '../../resources/history';
import { frequencyText } from '../../resources/standing';
import type { HistoryData } from '../documents/history';
import { imageBytes, toBuffer } from './buffer';
import { stampVerification } from './verification';

export interface HistorySheet extends HistoryData {
  code: string;
  url: string;
  /** "Ananindeua - PA, 23 de novembro de 2026". */
  place: string;
  average: string;
  /** The school's logo (PNG or JPEG bytes), at the left of the header. */
  logo?: Uint8Array;
}

const MARGIN = 36;

/**
 * The school history: the student's header, disciplines × stages (workload and grade) with the total
 * workload, the frequency and the result (judged against the passing average printed below), totals, signature.
 */
export async function renderHistory(h: HistorySheet): Promise<Buffer> {
  const landscape = h.stages.length > 3;
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 70, left: MARGIN, right: MARGIN },
    info: { Title: `Histórico escolar — ${h.student.name}`, Author: h.school.name },
    bufferPages: true,
  });
  const width = doc.page.width - MARGIN * 2;
  if (h.logo) doc.image(imageBytes(h.logo), MARGIN, MARGIN, { fit: [44, 44] });
  doc.font('Helvetica-Bold').fontSize(13).text(h.school.name, MARGIN, MARGIN, { align: 'center', width });
  if (h.school.city)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text([h.school.city, h.school.uf].filter(Boolean).join(' - '), { align: 'center' });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(15).text('HISTÓRICO ESCOLAR', { align: 'center' }).moveDown(0.6);

  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Nome', h.student.name.toUpperCase());
  line('Filiação (mãe)', h.student.mother);
  line('Naturalidade', h.student.naturalness);
  line('Data de nascimento', h.student.birthDate);
  line('CPF', h.student.cpf);
  line('Curso', `${h.team.course ?? '—'} — ${teamPhrase(h.team.name)}`);
  line('Etapas', h.stages.length ? `${h.ordinals} ${h.stages.length === 1 ? 'etapa' : 'etapas'}` : '—');
  line('Código de validação', h.code);
  doc.moveDown(0.6);

  // Discipline | per stage: CH and grade | total CH | frequency | result.
  const first = 0.21 * width;
  const tail = [0.08 * width, 0.1 * width, 0.15 * width];
  const per = (width - first - tail[0] - tail[1] - tail[2]) / Math.max(1, h.stages.length * 2);
  const columns = [first, ...h.stages.flatMap(() => [per, per]), ...tail];
  const row = (cells: string[], bold: boolean, fill?: string, cols = columns) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: cols[i] - 6 }))) + 6;
    if (top + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, width, height).fill(fill).fillColor('#000000');
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5)
        .text(c, x + 3, y + 3, { width: cols[i] - 6, align: i === 0 ? 'left' : 'center' });
      doc.rect(x, y, cols[i], height).lineWidth(0.4).strokeColor('#888888').stroke();
      x += cols[i];
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  row(
    [
      'Disciplina',
      ...h.stages.flatMap((s) => [`${s}ª etapa CH`, `${s}ª etapa Nota`]),
      'CH total',
      'Frequência',
      'Resultado',
    ],
    true,
    '#e8eef7',
  );
  for (const r of h.rows)
    row(
      [
        r.discipline,
        ...r.cells.flatMap((c) => [c.workload === null ? '—' : `${c.workload} h`, c.grade ?? '—']),
        `${r.workload} h`,
        frequencyText(r.frequency),
        historyVerdict(r, h.minimum, h.average) || '—',
      ],
      false,
    );
  if (h.rows.length === 0)
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text('A grade desta turma não tem disciplinas.', MARGIN, doc.y + 4);
  doc.moveDown(0.8);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Carga horária total: ${h.totalWorkload} horas`, MARGIN, doc.y, { width, align: 'right' });
  doc.text(`Média de aprovação: ${h.average}`, MARGIN, doc.y, { width, align: 'right' });
  doc.text(`Frequência mínima para aprovação: ${h.minimum}%`, MARGIN, doc.y, { width, align: 'right' });
  // Issue 38: what an arriving student brought from the school of origin, as the other school graded it.
  if (h.priorStudies?.length) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text('ESTUDOS REALIZADOS EM OUTRAS ESCOLAS', MARGIN, doc.y);
    doc.moveDown(0.3);
    const prior = [0.08, 0.14, 0.32, 0.26, 0.1, 0.1].map((share) => share * width);
    row(['Ano', 'Série/ano', 'Escola', 'Disciplina', 'Nota', 'CH'], true, '#e8eef7', prior);
    for (const p of h.priorStudies)
      row(
        [String(p.year), p.series, p.school, p.discipline, p.grade, p.hours ? `${p.hours} h` : '—'],
        false,
        undefined,
        prior,
      );
  }
  doc.moveDown(1).font('Helvetica').fontSize(10).text(h.place, MARGIN, doc.y, { width, align: 'right' });
  if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
  const sign = doc.y + 40;
  doc
    .moveTo(MARGIN + width / 2 - 120, sign)
    .lineTo(MARGIN + width / 2 + 120, sign)
    .lineWidth(0.7)
    .strokeColor('#000000')
    .stroke();
  doc.fontSize(9).text('Secretaria escolar', MARGIN, sign + 4, { width, align: 'center' });
  await stampVerification(doc, h.code, h.url);
  return toBuffer(doc);
}
