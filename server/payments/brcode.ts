/**
 * The PIX "BR Code" of a static charge (Banco Central's "copia e cola"): EMV QR fields, each an ID of two
 * digits, a length of two digits and the value, ending in field 63 with a CRC16-CCITT-FALSE of everything
 * before it. Only the offline payment simulation draws one, so a few lines here replace a library whose
 * HTTP client came along into production. Same string as pix-utils' createStaticPix for the same inputs.
 */

const GUI = 'br.gov.bcb.pix';

export interface StaticBrCode {
  /** The school's name: written without accents, upper case, at most 25 characters. */
  merchantName: string;
  /** Its city: same rule, at most 15 characters. */
  merchantCity: string;
  /** The PIX key that receives (CPF/CNPJ, e-mail, phone or random key). */
  pixKey: string;
  /** Free text the payer's bank shows; empty leaves the field out. */
  description?: string;
  /** Integer centavos; 0 leaves the amount to the payer. */
  amountCents: number;
  /** The payer's bank returns it with the payment; '***' when none. At most 25 characters. */
  txid?: string;
}

/** One EMV field; an empty value leaves the field out. */
function field(id: string, value: string): string {
  if (!value) return '';
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Names and cities travel without accents, in upper case (what every bank's app expects). */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .slice(0, max);

/** CRC16-CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Centavos as the BR Code writes reais: '150.20'. */
function amount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error('BR Code amount must be whole centavos');
  return cents === 0 ? '' : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function staticBrCode(input: StaticBrCode): string {
  if (input.merchantName.length > 25) throw new Error('BR Code merchant name is longer than 25 characters');
  if (!input.merchantCity || input.merchantCity.length > 15)
    throw new Error('BR Code merchant city must have 1 to 15 characters');
  if (input.txid && input.txid.length > 25) throw new Error('BR Code txid is longer than 25 characters');
  const account = field('00', GUI) + field('01', input.pixKey) + field('02', input.description ?? '');
  const body = [
    field('00', '01'), // payload format
    field('26', account), // merchant account: PIX
    field('52', '0000'), // merchant category code
    field('53', '986'), // currency: BRL
    field('54', amount(input.amountCents)),
    field('58', 'BR'),
    field('59', plain(input.merchantName, 25)),
    field('60', plain(input.merchantCity, 15)),
    field('62', field('05', input.txid || '***')), // additional data: txid
    '6304',
  ].join('');
  return body + crc16(body);
}

/** Top-level fields by ID, or null when the lengths do not add up. */
function fields(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || length === 0 || value.length !== length)
      return null;
    out.set(id, value);
    at += 4 + length;
  }
  return out;
}

export interface ParsedBrCode {
  pixKey: string;
  description: string;
  /** Integer centavos; 0 when the code leaves the amount to the payer. */
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  txid: string;
}

/** Reads a static BR Code back (what the payer's bank does), or null if it is malformed or its CRC is wrong. */
export function parseBrCode(code: string): ParsedBrCode | null {
  if (!/6304[0-9A-F]{4}$/.test(code) || crc16(code.slice(0, -4)) !== code.slice(-4)) return null;
  const top = fields(code);
  const account = top && fields(top.get('26') ?? '');
  if (!top || !account || top.get('00') !== '01' || account.get('00')?.toLowerCase() !== GUI) return null;
  const value = top.get('54');
  if (value !== undefined && !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [reais, centavos = ''] = (value ?? '0').split('.');
  return {
    pixKey: account.get('01') ?? '',
    description: account.get('02') ?? '',
    amountCents: Number(reais) * 100 + Number(centavos.padEnd(2, '0')),
    merchantName: top.get('59') ?? '',
    merchantCity: top.get('60') ?? '',
    txid: fields(top.get('62') ?? '')?.get('05') ?? '',
  };
}
