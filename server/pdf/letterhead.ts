import PDFDocument from 'pdfkit';
import { formatPhone } from '../../resources/text';
import { cachedLogo } from '../school/logo-cache';
import { checkLogo, LOGO_UNREADABLE, pngInflates } from '../school/logo-image';
import type { Branding } from '../school/routes';
import { imageBytes, toBuffer } from './buffer';

/** What a letterhead prints of the school (a subset of its settings). */
export type LetterheadSchool = Pick<Branding, 'school_name' | 'city' | 'email' | 'phones' | 'colored_logo'>;

/**
 * The school's logo (PNG or JPEG bytes) the settings name, as loadSettings left it ready in this process or
 * thread; every letterhead prints it at the left of the school's name. None uploaded: no image.
 */
export function letterheadLogo(school: LetterheadSchool): Buffer | undefined {
  return cachedLogo(school.colored_logo);
}

const LOGO_SIZE = 56;

/**
 * The school's letterhead at the top of the current page: logo (when there is one), the name in large
 * type, the city, e-mail and phones, and a rule under them. Leaves the cursor under the rule, at the left
 * margin, in black Helvetica.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, school: LetterheadSchool, logo = letterheadLogo(school)): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.margins.top;
  const textLeft = logo ? left + LOGO_SIZE + 12 : left;
  const textWidth = width - (textLeft - left);
  const align = logo ? 'left' : 'center';
  if (logo) doc.image(logo, left, top, { fit: [LOGO_SIZE, LOGO_SIZE] });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000000')
    .text(school.school_name, textLeft, top, { width: textWidth, align });
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  if (school.city) doc.text(school.city, textLeft, doc.y + 2, { width: textWidth, align });
  const contacts = [school.email, ...school.phones.map(formatPhone)].filter((c): c is string => Boolean(c && c.trim()));
  if (contacts.length) doc.text(contacts.join('  •  '), textLeft, doc.y + 1, { width: textWidth, align });
  const rule = Math.max(doc.y, logo ? top + LOGO_SIZE : 0) + 6;
  doc
    .moveTo(left, rule)
    .lineTo(left + width, rule)
    .lineWidth(1)
    .strokeColor('#444444')
    .stroke();
  doc.fillColor('#000000').strokeColor('#000000');
  doc.x = left;
  doc.y = rule + 14;
}

/**
 * A letterhead drawn with a logo just uploaded, before it is kept: an image pdfkit cannot read (a PNG cut short,
 * a JPEG with a broken header) fails here, in a worker thread, and not later in every document.
 */
export async function renderLetterheadProof(input: { school: LetterheadSchool; logo: Uint8Array }): Promise<Buffer> {
  const logo = imageBytes(input.logo);
  const checked = checkLogo(logo);
  if ('refusal' in checked) throw new Error(checked.refusal);
  if (checked.type.extension === 'png' && !pngInflates(logo)) throw new Error(LOGO_UNREADABLE);
  const doc = new PDFDocument({ size: 'A4', margin: 64 });
  drawLetterhead(doc, input.school, logo);
  return toBuffer(doc);
}
