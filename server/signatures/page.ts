import QRCode from 'qrcode';

/** What the signature page tells, every field already in words (the worker only draws). */
export interface SignaturePageInput {
  /** The PDF read and signed, as the signer was shown it (or a version already carrying signature pages). */
  pdf: Uint8Array;
  title: string;
  signerName: string;
  /** "***.456.789-**", or null when the signer has no CPF on file. */
  maskedCpf: string | null;
  /** "dd/mm/aaaa hh:mm" in Brasília time. */
  signedAt: string;
  ip: string;
  userAgent: string;
  readSha256: string;
  /** "código de 6 dígitos enviado por e-mail para m***@gmail.com em dd/mm/aaaa hh:mm". */
  delivery: string;
  code: string;
  url: string;
}

export const UNSUPPORTED_PDF = 'Este PDF não pode receber a página de assinatura.';

/**
 * The same PDF with one page appended, as an incremental update: the original bytes stay untouched at the start of
 * the signed file (anyone can cut the update off and find the exact document read), followed by the new page, a new
 * version of the page tree and a cross-reference section pointing back at the original one. Only classic
 * cross-reference tables are handled — what pdfkit, which draws every document of the school, writes.
 */
export function appendSignaturePage(input: SignaturePageInput): Buffer {
  const original = Buffer.from(input.pdf.buffer, input.pdf.byteOffset, input.pdf.byteLength);
  const text = original.toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  const trailerAt = text.lastIndexOf('trailer');
  if (!startxref || trailerAt < 0) throw new Error(UNSUPPORTED_PDF);
  const trailer = text.slice(trailerAt, text.lastIndexOf('startxref'));
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = /\/Root\s+(\d+)\s+0\s+R/.exec(trailer)?.[1];
  if (!size || !root) throw new Error(UNSUPPORTED_PDF);
  const pagesRef = /\/Pages\s+(\d+)\s+0\s+R/.exec(lastObject(text, root))?.[1];
  if (!pagesRef) throw new Error(UNSUPPORTED_PDF);
  const pages = lastObject(text, pagesRef);
  const count = /\/Count\s+(\d+)/.exec(pages);
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(pages);
  if (!count || !kids) throw new Error(UNSUPPORTED_PDF);
  const firstKid = /(\d+)\s+0\s+R/.exec(kids[1])?.[1];
  const box = firstKid ? /\/MediaBox\s*\[([^\]]*)\]/.exec(lastObject(text, firstKid))?.[1] : undefined;
  const [, , width, height] = (box ?? '0 0 595.28 841.89').trim().split(/\s+/).map(Number);

  const [page, content, regular, bold, mono] = [size, size + 1, size + 2, size + 3, size + 4];
  const stream = Buffer.from(drawPage(input, width, height), 'latin1');
  const newPages = pages
    .replace(/\/Count\s+\d+/, `/Count ${Number(count[1]) + 1}`)
    .replace(/\/Kids\s*\[([^\]]*)\]/, `/Kids [${kids[1].trim()} ${page} 0 R]`);
  const objects: [number, Buffer][] = [
    [Number(pagesRef), Buffer.from(`${pagesRef} 0 obj\n${newPages}\nendobj\n`, 'latin1')],
    [
      page,
      Buffer.from(
        `${page} 0 obj\n<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${content} 0 R ` +
          `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R /F3 ${mono} 0 R >> >> >>\nendobj\n`,
        'latin1',
      ),
    ],
    [
      content,
      Buffer.concat([
        Buffer.from(`${content} 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    ],
    [regular, font(regular, 'Helvetica')],
    [bold, font(bold, 'Helvetica-Bold')],
    [mono, font(mono, 'Courier')],
  ];

  const parts: Buffer[] = [original];
  let offset = original.length;
  if (!text.endsWith('\n')) {
    parts.push(Buffer.from('\n'));
    offset += 1;
  }
  const offsets = new Map<number, number>();
  for (const [id, bytes] of objects) {
    offsets.set(id, offset);
    parts.push(bytes);
    offset += bytes.length;
  }
  const entry = (id: number) => `${String(offsets.get(id)).padStart(10, '0')} 00000 n \n`;
  const xref =
    `xref\n${pagesRef} 1\n${entry(Number(pagesRef))}${page} 5\n` +
    [page, content, regular, bold, mono].map(entry).join('');
  const info = /\/Info\s+\d+\s+0\s+R/.exec(trailer)?.[0] ?? '';
  const id = /\/ID\s*\[[^\]]*\]/.exec(trailer)?.[0] ?? '';
  const tail =
    `${xref}trailer\n<< /Size ${size + 5} /Root ${root} 0 R ${info} ${id} /Prev ${startxref[1]} >>\n` +
    `startxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

const font = (id: number, name: string) =>
  Buffer.from(
    `${id} 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>\nendobj\n`,
    'latin1',
  );

/** The body of the last definition of object `id` (an incremental update may have redefined it). */
function lastObject(text: string, id: string): string {
  const pattern = new RegExp(`(?:^|[\\r\\n])${id}\\s+0\\s+obj([\\s\\S]*?)endobj`, 'g');
  let body = '';
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) body = m[1];
  return body.trim();
}

/** A string as a PDF literal in WinAnsi: latin-1 bytes, anything else as '?', the three specials escaped. */
const literal = (s: string) =>
  '(' +
  [...s.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/[–—]/g, '-')]
    .map((c) => (c.charCodeAt(0) > 255 ? '?' : c))
    .join('')
    .replace(/[\\()]/g, (c) => '\\' + c) +
  ')';

/** Lines of at most `max` characters, broken at spaces when there are any (the hash and user agent may have none). */
function wrap(s: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/)) {
    for (let rest = word; rest;) {
      const room = line ? max - line.length - 1 : max;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, max));
        rest = rest.slice(max);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The page's content stream: the evidence in words, top to bottom, and the QR of the public page. */
function drawPage(input: SignaturePageInput, width: number, height: number): string {
  const left = 50;
  const ops: string[] = ['0 g'];
  let y = height - 70;
  const write = (fontName: string, size: number, s: string, perLine: number, gap = 4) => {
    for (const line of wrap(s, perLine)) {
      ops.push(`BT /${fontName} ${size} Tf ${left} ${y.toFixed(2)} Td ${literal(line)} Tj ET`);
      y -= size + 3;
    }
    y -= gap;
  };
  const columns = (size: number, em: number) => Math.floor((width - 2 * left) / (size * em));
  write('F2', 14, 'Página de assinatura eletrônica', columns(14, 0.6), 10);
  write('F1', 10, `Documento: ${input.title}`, columns(10, 0.52), 8);
  const cpf = input.maskedCpf ? `, CPF ${input.maskedCpf}` : '';
  write(
    'F2',
    11,
    `Assinado eletronicamente por ${input.signerName}${cpf}, em ${input.signedAt} (horário de Brasília).`,
    columns(11, 0.58),
    8,
  );
  write('F1', 10, `Endereço IP: ${input.ip}`, columns(10, 0.52));
  write('F1', 10, 'Navegador (user agent):', columns(10, 0.52), 0);
  write('F3', 8, input.userAgent, columns(8, 0.6));
  write('F1', 10, 'SHA-256 do documento lido antes de assinar:', columns(10, 0.52), 0);
  write('F3', 8, input.readSha256, columns(8, 0.6));
  write('F1', 10, `Autenticação: ${input.delivery}.`, columns(10, 0.52), 8);
  write(
    'F1',
    9,
    'Assinatura eletrônica nos termos da Lei 14.063/2020, art. 4º, e da MP 2.200-2/2001, art. 10, § 2º: ' +
      'a escola e o signatário admitem este meio de comprovação de autoria e integridade. As páginas anteriores ' +
      'são o documento lido, sem alteração; esta página foi acrescentada a ele.',
    columns(9, 0.52),
    12,
  );
  write('F2', 10, `Código de verificação: ${input.code}`, columns(10, 0.6), 0);
  write('F1', 9, `Verifique em ${input.url}`, columns(9, 0.55));

  const { modules } = QRCode.create(input.url, { errorCorrectionLevel: 'M' });
  const size = 110;
  const unit = size / (modules.size + 2);
  const top = Math.min(y - 10, height - 70);
  ops.push(`1 g ${left} ${(top - size).toFixed(2)} ${size} ${size} re f 0 g`);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const x = left + (col + 1) * unit;
      const yy = top - (row + 2) * unit;
      ops.push(`${x.toFixed(2)} ${yy.toFixed(2)} ${unit.toFixed(2)} ${unit.toFixed(2)} re`);
    }
  }
  ops.push('f');
  return ops.join('\n');
}
