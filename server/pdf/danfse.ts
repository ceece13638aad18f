import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatBRL, formatDate, formatDateTime } from '../../resources/format';
import { toBuffer } from './buffer';
import { drawQrCode, stampVerification } from './verification';

/** The national public consultation of an NFS-e by its access key (NT 008 of the DANFSe). */
export const consultationUrl = (accessKey: string) =>
  `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${encodeURIComponent(accessKey)}`;

export interface DanfsePdf {
  issuer: { name: string; cnpj: string; inscricaoMunicipal: string | null; municipioIbge: string | null };
  taker: {
    name: string;
    document: string;
    email: string | null;
    /** The DPS's address of the tomador, its city as the IBGE list names it; null when the DPS carried none. */
    address?: {
      street: string;
      number: string;
      complement: string | null;
      neighborhood: string;
      city: string;
      uf: string;
      cep: string;
    } | null;
  };
  number: string;
  accessKey: string;
  issuedAt: string;
  competence: string;
  dps: { series: string; number: number };
  serviceCode: string;
  description: string;
  amountCents: number;
  /** ISS rate in percent. */
  issRate: number;
  simulated: boolean;
  /** The school's own verification code of this file (an issued document of the student's) and its page. */
  code: string;
  verificationUrl: string;
}

const cnpjMask = (v: string) =>
  v.length === 14 ? `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}` : v;
/** "Avenida Nazaré, 512, apto 3 — Nazaré — Belém/PA — CEP 66010-000". */
export function addressLine(a: NonNullable<DanfsePdf['taker']['address']>): string {
  const cep = a.cep.length === 8 ? `${a.cep.slice(0, 5)}-${a.cep.slice(5)}` : a.cep;
  const street = [a.street, a.number, a.complement].filter(Boolean).join(', ');
  return `${street} — ${a.neighborhood} — ${a.city}/${a.uf} — CEP ${cep}`;
}

const cpfMask = (v: string) =>
  v.length === 11 ? `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}` : cnpjMask(v);

/**
 * The DANFSe: the printable form of an NFS-e (issuer, taker, service, values and ISS, number and access key, a QR
 * code to the national consultation). A simulated one says so across every page: it is worth nothing to the tax
 * office.
 */
export async function renderDanfse(d: DanfsePdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 110, left: 40, right: 40 },
    bufferPages: true,
    info: { Title: `DANFSe ${d.number}`, Author: d.issuer.name },
  });
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(13).text('DANFSe — Documento Auxiliar da NFS-e', { align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text('Nota Fiscal de Serviço eletrônica — padrão nacional', { align: 'center' }).moveDown(0.8);

  const top = doc.y;
  const qr = QRCode.create(consultationUrl(d.accessKey), { errorCorrectionLevel: 'M' }).modules;
  drawQrCode(doc, qr, 40 + width - 86, top, 86);
  const field = (label: string, value: string, w = width - 100) => {
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(label, { width: w });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(value || '—', { width: w })
      .moveDown(0.3);
  };
  field('Número da NFS-e', d.number);
  field('Chave de acesso', d.accessKey);
  field('Emitida em', formatDateTime(d.issuedAt));
  field('Competência', formatDate(d.competence));
  field('DPS (série / número)', `${d.dps.series} / ${d.dps.number}`);

  const section = (title: string) => {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10).fillColor('#1f3b63').text(title.toUpperCase());
    doc
      .moveTo(40, doc.y + 1)
      .lineTo(40 + width, doc.y + 1)
      .strokeColor('#1f3b63')
      .stroke()
      .moveDown(0.4);
  };
  section('Prestador do serviço');
  field('Nome', d.issuer.name, width);
  field('CNPJ', cnpjMask(d.issuer.cnpj), width);
  field('Inscrição municipal', d.issuer.inscricaoMunicipal ?? '', width);
  field('Município (código IBGE)', d.issuer.municipioIbge ?? '', width);
  section('Tomador do serviço');
  field('Nome', d.taker.name, width);
  field(d.taker.document.length === 11 ? 'CPF' : 'CNPJ', cpfMask(d.taker.document), width);
  field('Endereço', d.taker.address ? addressLine(d.taker.address) : 'Não informado', width);
  if (d.taker.email) field('E-mail', d.taker.email, width);
  section('Serviço prestado');
  field('Código do serviço (LC 116)', d.serviceCode, width);
  field('Descrição', d.description, width);
  section('Valores');
  const iss = Math.round((d.amountCents * d.issRate) / 100);
  field('Valor do serviço', formatBRL(d.amountCents), width);
  field('Alíquota do ISS', `${String(d.issRate).replace('.', ',')} %`, width);
  field('Valor do ISS', formatBRL(iss), width);
  field('Valor líquido', formatBRL(d.amountCents), width);
  doc.moveDown(0.5).font('Helvetica').fontSize(8).fillColor('#444444');
  doc.text(`Consulte a autenticidade pela chave de acesso em ${consultationUrl(d.accessKey)}`, { width });

  if (d.simulated) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font('Helvetica-Bold').fontSize(40).fillColor('#c62828').fillOpacity(0.25);
      doc.text('SIMULAÇÃO — SEM VALOR FISCAL', 0, doc.page.height / 2 - 20, {
        width: doc.page.width,
        align: 'center',
        lineBreak: false,
      });
      doc.restore();
    }
  }
  await stampVerification(doc, d.code, d.verificationUrl);
  return toBuffer(doc);
}
