import { formatDate, formatLongDate, registrationNumber, teamPhrase } from '../../../resources/format';
import { CITY_MISSING } from '../../../resources/documents';
import { CPF_MASK } from '../../../resources/students';
import { applyMask } from '../../../resources/text';
import { ApiError } from '../../http/errors';
import { drawLetterhead } from '../../pdf/letterhead';
import { stampVerification } from '../../pdf/verification';
import { finishPdf, reportPdf } from '../../pdf/stream-table';
import { loadSettings } from '../../school/routes';
import { seesPersonal, type ReportBuilder } from '../builder';
import { completionCheck, reviewCompletion } from '../completion-check';
import { registrationOrFail, studentOrFail, teamOrFail, type ReportTeam } from '../queries';

interface LetterSubject {
  /** "NOME, inscrito(a) no CPF sob o nº …, nascido(a) em …": who the letter speaks of. */
  who: string;
  team: ReportTeam;
  registration: string;
}

interface LetterKind {
  title: string;
  body: (s: LetterSubject) => string;
  /**
   * States a completion: refused for a student failed by attendance, asks for a confirmation while the
   * course runs or a discipline is not passed.
   */
  completion?: boolean;
}

const courseOf = (team: ReportTeam) => (team.course ? `o curso ${team.course}` : 'o curso');

/** What each letter states; everything else (letterhead, place and date, signature) is shared. */
const LETTERS = {
  completion: {
    title: 'ATESTADO DE CONCLUSÃO DE CURSO',
    completion: true,
    body: (s) =>
      `Atestamos, para os devidos fins, que ${s.who}, concluiu ${courseOf(s.team)}, na ${teamPhrase(s.team.name)}, ` +
      `no período de ${formatDate(s.team.start_date)} a ${formatDate(s.team.end_date)}, nesta instituição de ensino, sob a matrícula nº ${s.registration}.`,
  },
  enrolment: {
    title: 'DECLARAÇÃO DE MATRÍCULA',
    body: (s) =>
      `Declaramos, para os devidos fins, que ${s.who}, está regularmente matriculado(a) n${courseOf(s.team)}, na ${teamPhrase(s.team.name)}, ` +
      `com início em ${formatDate(s.team.start_date)} e término previsto em ${formatDate(s.team.end_date)}, nesta instituição de ensino, sob a matrícula nº ${s.registration}.`,
  },
} satisfies Record<string, LetterKind>;

/** A letter on the school's letterhead about a student's enrolment in a team (404 when not enrolled there). */
function letter(kind: LetterKind): ReportBuilder {
  return async ({ db, now }, params, out) => {
    // Name, CPF and birth date for a role that sees personal data; the name alone otherwise.
    const student = await studentOrFail(db, Number(params.student), seesPersonal(params));
    const team = await teamOrFail(db, Number(params.team));
    const registration = await registrationOrFail(db, student.id, team.id);
    const school = await loadSettings(db);
    // "<cidade>, <data>." dates the letter: without the city it is not issued (issue 35).
    if (!school.city?.trim()) throw new ApiError(422, CITY_MISSING, { city: [CITY_MISSING] });
    if (kind.completion) {
      // Checked even with confirm=1: a refusal is not a doubt the person may confirm away.
      const check = completionCheck(await reviewCompletion(db, student.id, team, now), params.confirm === '1');
      if (check) return check;
    }
    const who = [
      student.name.toUpperCase(),
      student.cpf ? `inscrito(a) no CPF sob o nº ${applyMask(String(student.cpf), CPF_MASK)}` : '',
      student.birth_date ? `nascido(a) em ${formatDate(student.birth_date)}` : '',
    ]
      .filter(Boolean)
      .join(', ');

    const doc = reportPdf(out, { title: `${kind.title} — ${student.name}`, author: school.school_name, margin: 64 });
    drawLetterhead(doc, school);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    doc.moveDown(2.5).font('Helvetica-Bold').fontSize(15).text(kind.title, { width, align: 'center' });
    doc
      .moveDown(2)
      .font('Helvetica')
      .fontSize(12)
      .text(kind.body({ who, team, registration: registrationNumber(registration.id) }), {
        width,
        align: 'justify',
        lineGap: 4,
        indent: 36,
      });
    doc.moveDown(1).text('Por ser expressão da verdade, firmamos o presente.', { width, align: 'justify', indent: 36 });
    const date = formatLongDate(now);
    doc.moveDown(2.5).text(`${school.city}, ${date}.`, { width, align: 'right' });
    const line = doc.y + 70;
    const x = doc.page.margins.left + width / 2 - 130;
    doc
      .moveTo(x, line)
      .lineTo(x + 260, line)
      .lineWidth(0.7)
      .strokeColor('#000000')
      .stroke();
    doc.fontSize(10).text('Secretaria escolar', x, line + 5, { width: 260, align: 'center' });
    doc.fontSize(9).fillColor('#444444').text(school.school_name, x, doc.y, { width: 260, align: 'center' });
    // Issued as a verifiable document (server/documents/letters.ts): its code and public page on the page.
    if (typeof params.code === 'string') await stampVerification(doc, params.code, String(params.url));
    await finishPdf(doc, out);
  };
}

export const certificateOfCompletion = letter(LETTERS.completion);
export const registrationStatement = letter(LETTERS.enrolment);
