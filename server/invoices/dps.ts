import type { DpsInput } from './service';
import type { NfseSettings } from './settings';

/**
 * The DPS (Declaração de Prestação de Serviço) in the national layout, version 1.01 (DPS_v1.01.xsd, namespace
 * http://www.sped.fazenda.gov.br/nfse): a pure function of the issuer's settings and one DPS input, written as text
 * with every value escaped, in the schema's element order. The signer (signer.ts) then signs `infDPS` by its Id.
 * 1.01 is the version whose schemas carry the alphanumeric CNPJ and the generic XMLDSig (RSA-SHA256) we sign with;
 * the tests check every DPS and cancellation against them (tests/api/support/nfse-xsd/).
 */
export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const LAYOUT_VERSION = '1.01';
export const APP_VERSION = 'Secretaria_1.0';

/** tpAmb: 1 produção, 2 produção restrita (the simulation writes 2: never a document of value). */
export type TpAmb = 1 | 2;

/** The issuer as a DPS needs it: the settings with every field an environment requires (missingForEnvironment). */
export type DpsIssuer = Pick<NfseSettings, 'inscricao_municipal'> & {
  cnpj: string;
  municipio_ibge: string;
  regime: NonNullable<NfseSettings['regime']>;
  iss_rate: number;
};

/** Escapes the five XML specials and drops the control characters XML 1.0 cannot carry. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these very characters are what XML 1.0 cannot carry
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** One element with escaped text; nothing at all for an empty optional value. */
const el = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `<${name}>${xmlText(String(value))}</${name}>`;

/** Centavos as the layout's decimal (TSDec15V2): 85000 → "850.00". */
export const decimalOf = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Basis points as the layout's percent with two places: 250 → "2.50". */
const percentOf = (rate: number) => rate.toFixed(2);

/** The series as the Id writes it (5 digits) and as the element does (no leading zeros needed, kept as given). */
const seriesDigits = (series: string) => series.replace(/\D/g, '').padStart(5, '0').slice(-5);

/**
 * The DPS Id: "DPS" + cLocEmi(7) + tpInsc(1: 1 CPF, 2 CNPJ) + inscFed(14) + serie(5) + nDPS(15) — 45 characters, with
 * the issuer's CNPJ the DPS's identity at the service (the duplicate check reads it back by this Id).
 */
export function dpsId(issuer: Pick<DpsIssuer, 'cnpj' | 'municipio_ibge'>, series: string, number: number): string {
  const insc = issuer.cnpj.length === 11 ? `1${issuer.cnpj.padStart(14, '0')}` : `2${issuer.cnpj}`;
  return `DPS${issuer.municipio_ibge}${insc}${seriesDigits(series)}${String(number).padStart(15, '0')}`;
}

/** opSimpNac: 1 não optante, 2 MEI, 3 ME/EPP; regApTribSN 1 (everything by the Simples) only for ME/EPP. */
function regTrib(regime: DpsIssuer['regime']): string {
  const op = regime === 'normal' ? 1 : regime === 'mei' ? 2 : 3;
  return `<regTrib>${el('opSimpNac', op)}${op === 3 ? el('regApTribSN', 1) : ''}${el('regEspTrib', 0)}</regTrib>`;
}

/** The first `max` characters (code points, as the schema counts them: an emoji is one, never cut in half). */
const cut = (value: string, max: number) => Array.from(value).slice(0, max).join('');

const TYPOGRAPHIC: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"' };

/**
 * A text in the layout's TSString (street, number, complement, neighbourhood, e-mail, a reason): one line of Latin-1
 * (`[!-ÿ]`, no leading or trailing space), cut to the field's size. Typographic quotes, dashes and the ellipsis that
 * people paste become their plain forms, any run of spaces, tabs or line breaks one space, and what Latin-1 cannot
 * write (an emoji, a Cyrillic letter) is dropped — the service refuses the whole DPS for one such character.
 */
export function layoutText(value: string | null | undefined, max: number): string {
  if (!value) return '';
  const plain = value
    .normalize('NFC')
    .replace(/[‘’‚“”„]/g, (c) => TYPOGRAPHIC[c])
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .replace(/[^\u0020-\u007E\u00A0-\u00FF]/g, '')
    .trim();
  return cut(plain, max).trim();
}

/** TSEmail: a TSString of up to 80 characters; a longer address is left out (cut, it would be someone else's). */
const email = (value: string | null | undefined) => {
  const text = layoutText(value, Infinity);
  return text.length <= 80 ? text : '';
};

function taker(dps: DpsInput): string {
  const t = dps.taker;
  const doc = t.document.length === 11 ? el('CPF', t.document) : el('CNPJ', t.document);
  const a = t.address;
  // Sizes of TSLogradouro 255, TSNumeroEndereco 60, TSComplementoEndereco 156, TSBairro 60, TSNomeRazaoSocial 300.
  const address = a
    ? `<end><endNac>${el('cMun', a.municipalityIbge)}${el('CEP', a.cep.replace(/\D/g, ''))}</endNac>` +
      `${el('xLgr', layoutText(a.street, 255))}${el('nro', layoutText(a.number, 60))}` +
      `${el('xCpl', layoutText(a.complement, 156))}${el('xBairro', layoutText(a.neighborhood, 60))}</end>`
    : '';
  return `<toma>${doc}${el('xNome', cut(t.name.trim(), 300))}${address}${el('email', email(t.email))}</toma>`;
}

/** A substitution (a corrected value): the access key replaced, reason 99 (outros) with the layout's 15+ characters. */
const substitution = (key: string | null | undefined) =>
  key
    ? `<subst>${el('chSubstda', key)}${el('cMotivo', '99')}${el('xMotivo', 'Correção do valor do serviço prestado.')}</subst>`
    : '';

/** The unsigned DPS XML and its Id. */
export function buildDps(issuer: DpsIssuer, dps: DpsInput, tpAmb: TpAmb): { id: string; xml: string } {
  const id = dpsId(issuer, dps.series, dps.number);
  const inf =
    `<infDPS Id="${id}">` +
    el('tpAmb', tpAmb) +
    el('dhEmi', dps.issuedAt) +
    el('verAplic', APP_VERSION) +
    el('serie', String(Number(seriesDigits(dps.series)))) +
    el('nDPS', dps.number) +
    el('dCompet', dps.competence) +
    el('tpEmit', 1) +
    el('cLocEmi', issuer.municipio_ibge) +
    substitution(dps.replacesAccessKey) +
    `<prest>${issuer.cnpj.length === 11 ? el('CPF', issuer.cnpj) : el('CNPJ', issuer.cnpj)}` +
    `${el('IM', issuer.inscricao_municipal)}${regTrib(issuer.regime)}</prest>` +
    taker(dps) +
    `<serv><locPrest>${el('cLocPrestacao', issuer.municipio_ibge)}</locPrest>` +
    `<cServ>${el('cTribNac', dps.serviceCode)}${el('xDescServ', cut(dps.description.trim(), 2000))}</cServ></serv>` +
    `<valores><vServPrest>${el('vServ', decimalOf(dps.amountCents))}</vServPrest>` +
    `<trib><tribMun>${el('tribISSQN', 1)}${el('tpRetISSQN', 1)}${el('pAliq', percentOf(issuer.iss_rate))}</tribMun>` +
    `<totTrib>${el('indTotTrib', 0)}</totTrib></trib></valores>` +
    `</infDPS>`;
  return { id, xml: `<DPS xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}">${inf}</DPS>` };
}

/** The cancellation event's Id: "PRE" + access key (50) + event code 101101. */
export const cancellationId = (accessKey: string) => `PRE${accessKey}101101`;

/**
 * The request to register the cancellation event (pedRegEvento, e101101) of an issued NFS-e: the author's CNPJ, the
 * key, the layout's reason code (1 erro na emissão, 2 serviço não prestado, 9 outros) and its text (15 to 255
 * characters of TSString). No nPedRegEvento: the layout dropped it (NT 007), and its Id (TSIdPedRegEvt) is the 59
 * characters of cancellationId.
 */
export function buildCancellation(
  issuer: Pick<DpsIssuer, 'cnpj'>,
  accessKey: string,
  reason: { code: string; text: string },
  when: string,
  tpAmb: TpAmb,
): { id: string; xml: string } {
  const id = cancellationId(accessKey);
  const author = issuer.cnpj.length === 11 ? el('CPFAutor', issuer.cnpj) : el('CNPJAutor', issuer.cnpj);
  const inf =
    `<infPedReg Id="${id}">${el('tpAmb', tpAmb)}${el('verAplic', APP_VERSION)}${el('dhEvento', when)}${author}` +
    el('chNFSe', accessKey) +
    `<e101101>${el('xDesc', 'Cancelamento de NFS-e')}${el('cMotivo', reason.code)}` +
    `${el('xMotivo', layoutText(reason.text, 255))}</e101101>` +
    `</infPedReg>`;
  return { id, xml: `<pedRegEvento xmlns="${NFSE_NAMESPACE}" versao="${LAYOUT_VERSION}">${inf}</pedRegEvento>` };
}
