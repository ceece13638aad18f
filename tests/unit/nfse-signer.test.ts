import { createHash, verify } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { readA1 } from '../../server/invoices/certificate';
import { buildDps } from '../../server/invoices/dps';
import { signXml } from '../../server/invoices/signer';
import { makeA1, makeCa } from '../api/support/a1';

const ca = makeCa();
const file = makeA1(ca, { password: 'segredo' });
const a1 = readA1(file.pfx, 'segredo');
const { id, xml } = buildDps(
  { cnpj: '12ABC34501DE35', inscricao_municipal: null, municipio_ibge: '3550308', regime: 'normal', iss_rate: 5 },
  {
    series: '1',
    number: 7,
    competence: '2026-03-01',
    issuedAt: '2026-03-10T09:59:00-03:00',
    taker: { name: "Joana D'Arc & Cia", document: '52998224725' },
    amountCents: 120000,
    serviceCode: '080101',
    description: 'Mensalidade "março"',
  },
  2,
);
const signed = signXml(xml, id, a1);

/**
 * Inclusive C14N of our own output by hand (no library): our XML has no whitespace, no comments, no attributes but
 * Id, and one default namespace; canonical text keeps quotes literal and an empty element written as a pair.
 */
const canonicalText = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'");
const expandEmpty = (s: string) => s.replace(/<([A-Za-z]+)([^<>]*?)\/>/g, '<$1$2></$1>');

describe('the XMLDSig of the DPS (enveloped, RSA-SHA256, C14N)', () => {
  it('is enveloped in DPS, after infDPS, referencing its Id, with the algorithms and the certificate', () => {
    const root = new DOMParser().parseFromString(signed, 'text/xml').documentElement!;
    const children = Array.from(root.childNodes).map((c) => (c as Element).localName);
    expect(children).toEqual(['infDPS', 'Signature']);
    expect(signed).toContain('<Reference URI="#' + id + '">');
    expect(signed).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(signed).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"');
    expect(signed).toContain('Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"');
    expect(signed).toContain('Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"');
    expect(/<X509Certificate>([^<]+)<\/X509Certificate>/.exec(signed)?.[1]).toBe(
      file.certPem.replace(/-----[^-]+-----|\s/g, ''),
    );
  });

  it("verifies independently: digest of infDPS recomputed, SignedInfo's signature checked with node's crypto", () => {
    const inf = /<infDPS [\s\S]*<\/infDPS>/.exec(xml)![0];
    const canonicalInf = canonicalText(inf.replace('<infDPS ', '<infDPS xmlns="http://www.sped.fazenda.gov.br/nfse" '));
    const digest = createHash('sha256').update(canonicalInf, 'utf8').digest('base64');
    expect(/<DigestValue>([^<]+)<\/DigestValue>/.exec(signed)?.[1]).toBe(digest);

    const signedInfo = /<SignedInfo>[\s\S]*<\/SignedInfo>/.exec(signed)![0];
    const canonicalInfo = expandEmpty(
      signedInfo.replace('<SignedInfo>', '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">'),
    );
    const value = Buffer.from(/<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signed)![1], 'base64');
    expect(verify('sha256', Buffer.from(canonicalInfo, 'utf8'), file.certPem, value)).toBe(true);
  });

  it("xml-crypto's verifier with only the certificate accepts it, and refuses a tampered DPS", () => {
    const check = (text: string, certPem = file.certPem) => {
      const doc = new DOMParser().parseFromString(text, 'text/xml');
      const verifier = new SignedXml({ publicCert: certPem, getCertFromKeyInfo: () => null });
      verifier.loadSignature(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]);
      try {
        return verifier.checkSignature(text);
      } catch {
        // xml-crypto throws on a signature value that does not match.
        return false;
      }
    };
    expect(check(signed)).toBe(true);
    expect(check(signed.replace('<vServ>1200.00</vServ>', '<vServ>12.00</vServ>'))).toBe(false);
    expect(check(signed.replace('52998224725', '11144477735'))).toBe(false);
    // Another certificate of the same CA does not verify it either.
    expect(check(signed, makeA1(ca, { password: 'x' }).certPem)).toBe(false);
  });
});
