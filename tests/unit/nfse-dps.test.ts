import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildCancellation, buildDps, decimalOf, dpsId } from '../../server/invoices/dps';
import { certificateWarning, renderDescription } from '../../resources/nfse-settings';
import { INPUT, ISSUER } from './support/dps';

const NS = 'http://www.sped.fazenda.gov.br/nfse';

/** The text of the one element at `path` (slash-separated local names under the root). */
function at(xml: string, path: string): string | null {
  let node: Element = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  for (const name of path.split('/')) {
    const next = Array.from(node.childNodes).find(
      (c): c is Element => c.nodeType === 1 && (c as Element).localName === name,
    );
    if (!next) return null;
    node = next;
  }
  return node.textContent;
}

describe('the DPS in the national layout', () => {
  const { id, xml } = buildDps(ISSUER, INPUT, 2);

  it('has the Id DPS + cLocEmi(7) + tpInsc(1) + CNPJ(14) + série(5) + nDPS(15): 45 characters', () => {
    expect(id).toBe('DPS3550308212ABC34501DE3500001000000000000042');
    expect(id).toHaveLength(45);
    expect(dpsId({ cnpj: '52998224725', municipio_ibge: '3550308' }, '900', 7)).toBe(
      'DPS3550308100052998224725' + '00900' + '000000000000007',
    );
    expect(xml).toContain(`<infDPS Id="${id}">`);
  });

  it('is a DPS of the national namespace, version 1.01, with infDPS in the order the schema asks', () => {
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    expect(root.localName).toBe('DPS');
    expect(root.namespaceURI).toBe(NS);
    expect(root.getAttribute('versao')).toBe('1.01');
    const inf = Array.from(root.childNodes)[0] as Element;
    const order = Array.from(inf.childNodes).map((c) => (c as Element).localName);
    expect(order).toEqual([
      'tpAmb',
      'dhEmi',
      'verAplic',
      'serie',
      'nDPS',
      'dCompet',
      'tpEmit',
      'cLocEmi',
      'prest',
      'toma',
      'serv',
      'valores',
    ]);
  });

  it('writes each field', () => {
    const fields: Record<string, string> = {
      'infDPS/tpAmb': '2',
      'infDPS/dhEmi': '2026-03-10T09:59:00-03:00',
      'infDPS/serie': '1',
      'infDPS/nDPS': '42',
      'infDPS/dCompet': '2026-03-01',
      'infDPS/tpEmit': '1',
      'infDPS/cLocEmi': '3550308',
      'infDPS/prest/CNPJ': '12ABC34501DE35',
      'infDPS/prest/IM': '1234567',
      'infDPS/prest/regTrib/opSimpNac': '3',
      'infDPS/prest/regTrib/regApTribSN': '1',
      'infDPS/prest/regTrib/regEspTrib': '0',
      'infDPS/toma/CPF': '52998224725',
      'infDPS/toma/xNome': 'Maria das Graças <Souza> & Filhos',
      'infDPS/toma/end/endNac/cMun': '3550308',
      'infDPS/toma/end/endNac/CEP': '01310100',
      'infDPS/toma/end/xLgr': 'Avenida Paulista',
      'infDPS/toma/end/nro': '1578',
      'infDPS/toma/end/xCpl': 'Apto 12',
      'infDPS/toma/end/xBairro': 'Bela Vista',
      'infDPS/toma/email': 'maria@example.com',
      'infDPS/serv/locPrest/cLocPrestacao': '3550308',
      'infDPS/serv/cServ/cTribNac': '080101',
      'infDPS/serv/cServ/xDescServ': 'Mensalidade de "Ana" — março',
      'infDPS/valores/vServPrest/vServ': '850.50',
      'infDPS/valores/trib/tribMun/tribISSQN': '1',
      'infDPS/valores/trib/tribMun/tpRetISSQN': '1',
      'infDPS/valores/trib/tribMun/pAliq': '2.50',
      'infDPS/valores/trib/totTrib/indTotTrib': '0',
    };
    for (const [path, value] of Object.entries(fields)) expect(at(xml, path), path).toBe(value);
    // Escaped in the text, whole once parsed.
    expect(xml).toContain('Maria das Graças &lt;Souza&gt; &amp; Filhos');
  });

  it('writes a CNPJ taker, no address when there is none, the regime of a non-optant and of a MEI', () => {
    const company = buildDps(
      { ...ISSUER, regime: 'normal' },
      { ...INPUT, taker: { name: 'Empresa', document: '11222333000181' } },
      1,
    ).xml;
    expect(at(company, 'infDPS/toma/CNPJ')).toBe('11222333000181');
    expect(at(company, 'infDPS/toma/end')).toBeNull();
    expect(at(company, 'infDPS/tpAmb')).toBe('1');
    expect(at(company, 'infDPS/prest/regTrib/opSimpNac')).toBe('1');
    expect(at(company, 'infDPS/prest/regTrib/regApTribSN')).toBeNull();
    expect(at(buildDps({ ...ISSUER, regime: 'mei' }, INPUT, 2).xml, 'infDPS/prest/regTrib/opSimpNac')).toBe('2');
  });

  it('names the NFS-e it substitutes (a corrected value)', () => {
    const key = '3550308212ABC34501DE350000000000042260300000004217';
    const sub = buildDps(ISSUER, { ...INPUT, replacesAccessKey: key }, 2).xml;
    expect(at(sub, 'infDPS/subst/chSubstda')).toBe(key);
    expect(at(sub, 'infDPS/subst/cMotivo')).toBe('99');
    expect(at(sub, 'infDPS/subst/xMotivo')!.length).toBeGreaterThanOrEqual(15);
  });

  it('writes centavos as the layout decimal', () => {
    expect([decimalOf(5), decimalOf(100), decimalOf(123456789)]).toEqual(['0.05', '1.00', '1234567.89']);
  });

  it('builds the cancellation request (e101101) with its Id PRE + key + 101101', () => {
    const key = '3550308212ABC34501DE350000000000042260300000004217';
    const { id, xml: event } = buildCancellation(
      ISSUER,
      key,
      { code: '1', text: 'Pagamento estornado.' },
      '2026-03-11T09:00:00-03:00',
      2,
    );
    expect(id).toBe(`PRE${key}101101`);
    expect(at(event, 'infPedReg/chNFSe')).toBe(key);
    expect(at(event, 'infPedReg/CNPJAutor')).toBe('12ABC34501DE35');
    expect(at(event, 'infPedReg/e101101/cMotivo')).toBe('1');
    expect(at(event, 'infPedReg/e101101/xMotivo')).toBe('Pagamento estornado.');
  });
});

describe("the description's template", () => {
  it('replaces {aluno}, {mes} and {parcela} and leaves anything else as written', () => {
    expect(
      renderDescription('Mensalidade de {aluno} — {mes} (parcela {parcela}) {outro}', {
        aluno: 'Ana Souza',
        mes: 'março de 2026',
        parcela: '3/12',
      }),
    ).toBe('Mensalidade de Ana Souza — março de 2026 (parcela 3/12) {outro}');
  });
});

describe("the certificate's expiry warning", () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  it('is silent more than 30 days ahead, counts the days from 30 on, and says when it expired', () => {
    expect(certificateWarning(inDays(31), now)).toBeNull();
    expect(certificateWarning(inDays(30), now)).toBe('Certificado digital vence em 30 dias');
    expect(certificateWarning(inDays(1), now)).toBe('Certificado digital vence em 1 dia');
    expect(certificateWarning(inDays(0.2), now)).toBe('Certificado digital vence em 1 dia');
    expect(certificateWarning(inDays(-1), now)).toMatch(/^Certificado digital vencido/);
  });
});
