import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { toBuffer } from '../pdf/buffer';
import { drawLetterhead, type LetterheadSchool } from '../pdf/letterhead';
import { drawQrCode } from '../pdf/verification';

/** What the printed invitation says: plain data, drawn in a worker thread (server/pdf/renderers.ts). */
export interface InvitationLetter {
  school: LetterheadSchool;
  /** Whom it invites (a guardian, or an adult student). */
  name: string;
  /** The account's e-mail: the family signs in with it. */
  email: string;
  /** The one-time link with its token, for the QR code. */
  link: string;
  /** The one-time code, printed grouped ("7K2M-9P4Q"). */
  code: string;
  /** Where the code is typed (`…/portal/ativar`) and where the family signs in afterwards (`…/portal`). */
  activationUrl: string;
  portalUrl: string;
  /** The invitation's last day, `dd/mm/aaaa`. */
  expiresOn: string;
}

const MARGIN = 56;
const QR_SIZE = 150;

/**
 * One A4 page handed to the family at the office (issue 35): the school's letterhead, how to activate the access (the
 * QR code of the link, or the address and the one-time code typed there), the e-mail to sign in with, and until when
 * the invitation is good. The link and the code exist only here: the office prints a new letter to replace it.
 */
export async function renderInvitationLetter(input: InvitationLetter): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: 'Convite para o Portal das famílias', Author: input.school.school_name },
  });
  const width = doc.page.width - MARGIN * 2;
  drawLetterhead(doc, input.school);
  doc.font('Helvetica-Bold').fontSize(16).text('Convite para o Portal das famílias', { width, align: 'center' });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(11).text(`Olá, ${input.name}!`, { width });
  doc.moveDown(0.5);
  doc.text(
    `${input.school.school_name} convida você para o Portal das famílias, onde você acompanha notas, frequência, ` +
      'cobranças e documentos pelo celular ou pelo computador.',
    { width, align: 'justify' },
  );
  doc.moveDown(1);

  // The QR code at the right, the steps beside it.
  const top = doc.y;
  const { modules } = QRCode.create(input.link, { errorCorrectionLevel: 'M' });
  drawQrCode(doc, modules, MARGIN + width - QR_SIZE, top, QR_SIZE);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333333')
    .text('Aponte a câmera do celular', MARGIN + width - QR_SIZE, top + QR_SIZE + 2, {
      width: QR_SIZE,
      align: 'center',
    });
  const column = width - QR_SIZE - 20;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(12).text('Como ativar o seu acesso', MARGIN, top, {
    width: column,
  });
  doc.moveDown(0.4);
  const steps = [
    'Aponte a câmera do celular para o QR code ao lado e toque no link que aparecer.',
    `Ou abra ${input.activationUrl} e digite o seu e-mail e o código de convite abaixo.`,
    'Crie a sua senha (pelo menos 8 caracteres).',
    `Depois, entre em ${input.portalUrl} com o e-mail ${input.email} e a senha que criou.`,
  ];
  doc.font('Helvetica').fontSize(11);
  steps.forEach((step, i) => {
    doc.text(`${i + 1}. ${step}`, MARGIN, doc.y, { width: column });
    doc.moveDown(0.3);
  });
  doc.y = Math.max(doc.y, top + QR_SIZE + 16) + 12;

  // The code, large, in a box: the family copies it letter by letter.
  const box = doc.y;
  doc.roundedRect(MARGIN, box, width, 74, 6).lineWidth(1).strokeColor('#444444').stroke();
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#333333')
    .text('Código de convite', MARGIN, box + 10, { width, align: 'center' });
  doc
    .font('Courier-Bold')
    .fontSize(28)
    .fillColor('#000000')
    .text(input.code, MARGIN, box + 28, { width, align: 'center' });
  doc.y = box + 90;
  doc.font('Helvetica').fontSize(11).text(`E-mail de acesso: ${input.email}`, MARGIN, doc.y, { width });
  doc.moveDown(1);
  doc
    .fontSize(10)
    .fillColor('#333333')
    .text(
      `Este convite vale até ${input.expiresOn} e só pode ser usado uma vez. Guarde esta carta em lugar seguro: ` +
        'ela abre o acesso aos dados dos seus alunos. Se o prazo passar ou a carta se perder, peça um novo convite à ' +
        'secretaria (o anterior deixa de valer).',
      MARGIN,
      doc.y,
      { width, align: 'justify' },
    );
  return toBuffer(doc);
}
