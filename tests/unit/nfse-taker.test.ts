import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { municipalityOf } from '../../resources/municipalities';
import type { PayerRecord } from '../../server/guardians/payer';
import { buildDps, type DpsIssuer } from '../../server/invoices/dps';
import type { DpsInput } from '../../server/invoices/service';
import { danfseTaker, takerOf } from '../../server/invoices/taker';
import { addressLine } from '../../server/pdf/danfse';

const ISSUER: DpsIssuer = {
  cnpj: '12345678000195',
  inscricao_municipal: '1234567',
  municipio_ibge: '1501402',
  regime: 'simples_nacional',
  iss_rate: 2,
};

/** Maria, the mother who pays, with her whole address in Belém. */
const MARIA: PayerRecord = {
  self: false,
  guardian_id: 7,
  name: 'Maria das Dores Cardoso',
  cpf: '529.982.247-25',
  rg: null,
  email: 'maria.dores@familia.com.br',
  phone: null,
  cep: '66010-000',
  street: 'Avenida Nazaré',
  number: '512',
  complement: 'Apto 301',
  neighborhood: 'Nazaré',
  city: 'Belém',
  uf: 'PA',
  kinship: 'Mãe',
};

/** The DPS of one invoice to this payer, as text. */
function dpsOf(payer: PayerRecord): string {
  const made = takerOf(payer);
  if (!('taker' in made)) throw new Error(JSON.stringify(made.errors));
  const input: DpsInput = {
    series: '1',
    number: 9,
    competence: '2027-03-10',
    issuedAt: '2027-03-12T10:00:00-03:00',
    taker: made.taker,
    amountCents: 85_000,
    serviceCode: '080101',
    description: 'Mensalidade escolar',
  };
  return buildDps(ISSUER, input, 2).xml;
}

/** The children of the DPS's `toma/end` (local names and texts), or null without one. */
function addressOf(xml: string): Record<string, string> | null {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const end = doc.getElementsByTagNameNS('http://www.sped.fazenda.gov.br/nfse', 'end')[0];
  if (!end) return null;
  const out: Record<string, string> = {};
  const walk = (node: Element, prefix: string) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      const name = `${prefix}${el.localName}`;
      if (Array.from(el.childNodes).some((c) => c.nodeType === 1)) walk(el, `${name}/`);
      else out[name] = el.textContent ?? '';
    }
  };
  walk(end, '');
  return out;
}

describe('the IBGE municipality of a typed city', () => {
  it('matches the name within its UF without case, accents, hyphens or apostrophes', () => {
    expect(municipalityOf('Belém', 'PA')?.code).toBe('1501402');
    expect(municipalityOf('BELEM', 'pa')?.code).toBe('1501402');
    expect(municipalityOf('  são   paulo ', 'SP')?.code).toBe('3550308');
    expect(municipalityOf('Embu Guaçu', 'SP')?.code).toBe('3515103');
    expect(municipalityOf("alta floresta d'oeste", 'RO')?.code).toBe('1100015');
    expect(municipalityOf('Alta Floresta D Oeste', 'RO')?.code).toBe('1100015');
  });

  it('finds nothing for a misspelt city, a city of another UF, or no UF', () => {
    expect(municipalityOf('Sao Paolo', 'SP')).toBeUndefined();
    expect(municipalityOf('Belém', 'SP')).toBeUndefined();
    expect(municipalityOf('Belém', null)).toBeUndefined();
    expect(municipalityOf('', 'PA')).toBeUndefined();
    // Same name, two states: each its own code.
    expect(municipalityOf('Bom Jesus', 'PI')?.code).toBe('2201903');
    expect(municipalityOf('bom jesus', 'RN')?.code).toBe('2401701');
  });
});

describe('the tomador’s address in the DPS', () => {
  it('writes end/endNac with the IBGE code and the CEP’s 8 digits, then street, number, complement and bairro', () => {
    const xml = dpsOf(MARIA);
    expect(addressOf(xml)).toEqual({
      'endNac/cMun': '1501402',
      'endNac/CEP': '66010000',
      xLgr: 'Avenida Nazaré',
      nro: '512',
      xCpl: 'Apto 301',
      xBairro: 'Nazaré',
    });
    // Inside toma, between the name and the e-mail, as TCInfoPessoa orders them.
    expect(xml).toMatch(/<toma><CPF>52998224725<\/CPF><xNome>[^<]+<\/xNome><end>.*<\/end><email>/);
  });

  it('leaves the optional complement out, and cuts a long bairro to the layout’s 60 characters', () => {
    const xml = dpsOf({
      ...MARIA,
      complement: null,
      neighborhood: `Conjunto Habitacional ${'Nova Esperança '.repeat(5)}`,
    });
    const end = addressOf(xml)!;
    expect(end.xCpl).toBeUndefined();
    expect(end.xBairro.length).toBeLessThanOrEqual(60);
    expect(end.xBairro).toMatch(/^Conjunto Habitacional Nova Esperança/);
  });

  it('sends no address when the register has none at all (the layout’s end is optional)', () => {
    const blank = { ...MARIA, cep: null, street: null, number: null, complement: null, neighborhood: null };
    const xml = dpsOf({ ...blank, city: null, uf: null });
    expect(addressOf(xml)).toBeNull();
    expect(xml).toContain('<CPF>52998224725</CPF>');
    // A city and UF alone are no address the layout can carry (an adult student's register often has only these).
    expect(addressOf(dpsOf({ ...blank, city: 'Ananindeua', uf: 'PA' }))).toBeNull();
  });

  it('tells the office what a half-typed address lacks, naming the payer', () => {
    expect(takerOf({ ...MARIA, cep: null })).toEqual({
      errors: [
        {
          code: 'TOMADOR',
          message: 'O endereço do responsável financeiro (Maria das Dores Cardoso) está incompleto: informe o CEP.',
        },
      ],
    });
    const many = takerOf({ ...MARIA, number: ' ', neighborhood: null, uf: null });
    expect('errors' in many && many.errors.map((e) => e.message)).toEqual([
      'O endereço do responsável financeiro (Maria das Dores Cardoso) está incompleto: informe o número, o bairro e a UF.',
    ]);
  });

  it('refuses a city the IBGE list does not have within its UF', () => {
    expect(takerOf({ ...MARIA, city: 'Sao Paolo', uf: 'SP' })).toEqual({
      errors: [
        {
          code: 'TOMADOR',
          message:
            "A cidade 'Sao Paolo' (SP) do responsável financeiro (Maria das Dores Cardoso) não foi encontrada na lista do IBGE: corrija a cidade ou a UF no cadastro.",
        },
      ],
    });
  });

  it('names the student who pays, and reports the CPF and the address together', () => {
    const student = { ...MARIA, self: true, guardian_id: null, name: 'Rafael Nunes', cpf: null, cep: '660' };
    const made = takerOf(student);
    expect('errors' in made && made.errors.map((e) => e.message)).toEqual([
      'O(a) aluno(a), que paga as próprias cobranças, está sem CPF no cadastro: informe o CPF para emitir a nota.',
      'O CEP do(a) aluno(a) (Rafael Nunes) deve ter 8 dígitos: corrija-o no cadastro.',
    ]);
  });
});

describe('the tomador on the DANFSe', () => {
  it('prints the address with the IBGE list’s name of the city and the masked CEP', () => {
    const taker = danfseTaker({ ...MARIA, city: 'belem' });
    expect(taker.address).toMatchObject({ city: 'Belém', uf: 'PA', cep: '66010000' });
    expect(addressLine(taker.address!)).toBe('Avenida Nazaré, 512, Apto 301 — Nazaré — Belém/PA — CEP 66010-000');
  });
});
