import { describe, expect, it } from 'vitest';
import { readA1 } from '../../server/invoices/certificate';
import { buildCancellation, buildDps } from '../../server/invoices/dps';
import type { DpsInput } from '../../server/invoices/service';
import { signXml } from '../../server/invoices/signer';
import { makeA1, makeCa } from '../api/support/a1';
import { nfseSchema } from '../api/support/nfse-xsd';
import { INPUT as BASE_INPUT, ISSUER } from './support/dps';

/**
 * Our DPS and our cancellation request checked against the national layout's own XSDs (version 1.01, in
 * tests/api/support/nfse-xsd/), signed with a test A1 as the service receives them: what the schema refuses, the
 * Sefin refuses with E1235 before reading a single value.
 */
const a1 = readA1(makeA1(makeCa(), { password: 'segredo' }).pfx, 'segredo');
const signed = ({ id, xml }: { id: string; xml: string }) => signXml(xml, id, a1);

const INPUT: DpsInput = { ...BASE_INPUT, description: 'Mensalidade de "Ana" — março (parcela 3/12)' };
/** An access key as the service writes it: cLocEmi(7) ambGer(1) tpInsc(1) CNPJ(14) nNFSe(13) AAMM(4) cód(9) DV(1). */
const KEY = `3550308` + `2` + `2` + ISSUER.cnpj + '0000000000042' + '2603' + '000000042' + '7';

const expectValid = async (check: Promise<{ valid: boolean; errors: string[] }>) =>
  expect(await check).toEqual({ valid: true, errors: [] });

describe('the DPS against DPS_v1.01.xsd', () => {
  it('validates signed, with the taker’s address, an alphanumeric CNPJ and a CPF taker', async () => {
    expect(KEY).toHaveLength(50);
    await expectValid(nfseSchema.dps(signed(buildDps(ISSUER, INPUT, 2))));
  });

  it('validates without the address, for a CNPJ taker, a numeric CNPJ issuer not in the Simples, in production', async () => {
    const dps = buildDps(
      { ...ISSUER, cnpj: '11222333000181', inscricao_municipal: null, regime: 'normal', iss_rate: 5 },
      { ...INPUT, taker: { name: 'Empresa Exemplo Ltda', document: '11444777000161' } },
      1,
    );
    await expectValid(nfseSchema.dps(signed(dps)));
  });

  it('validates a MEI’s DPS that substitutes an issued NFS-e', async () => {
    const dps = buildDps({ ...ISSUER, regime: 'mei' }, { ...INPUT, replacesAccessKey: KEY, series: '900' }, 2);
    expect(dps.xml).toContain(`<chSubstda>${KEY}</chSubstda>`);
    await expectValid(nfseSchema.dps(signed(dps)));
  });

  it('validates what people type: curly quotes, dashes, line breaks, long texts and a long e-mail', async () => {
    const dps = buildDps(
      ISSUER,
      {
        ...INPUT,
        taker: {
          name: 'João D’Ávila “Júnior” 🙂 '.repeat(20),
          document: '52998224725',
          email: `${'responsavel.financeiro'.repeat(4)}@example.com`,
          address: {
            cep: '04571-010',
            street: 'Rua Dr. Guilherme Bannitz — travessa…',
            number: 's/n',
            neighborhood: '  Itaim\tBibi  ',
            municipalityIbge: '3550308',
            complement: 'Bloco B,\nfundos – “casa 2”',
          },
        },
        description: `Mensalidade de “Ana” — março\n${'x'.repeat(2100)}`,
      },
      2,
    );
    await expectValid(nfseSchema.dps(signed(dps)));
  });

  it('refuses a DPS with a required element removed, naming it', async () => {
    const { id, xml } = buildDps(ISSUER, INPUT, 2);
    const broken = signed({ id, xml: xml.replace(/<cLocEmi>\d+<\/cLocEmi>/, '') });
    const result = await nfseSchema.dps(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/subst.*cLocEmi|cLocEmi/);
  });

  it('refuses an element out of the schema’s order', async () => {
    const { id, xml } = buildDps(ISSUER, INPUT, 2);
    const swapped = xml.replace(/(<tpEmit>1<\/tpEmit>)(<cLocEmi>\d+<\/cLocEmi>)/, '$2$1');
    const result = await nfseSchema.dps(signed({ id, xml: swapped }));
    expect(result.valid).toBe(false);
  });
});

describe('the cancellation request against pedRegEvento_v1.01.xsd', () => {
  it('validates signed, with the reason’s code and text', async () => {
    const request = buildCancellation(
      ISSUER,
      KEY,
      { code: '1', text: 'Pagamento estornado pelo banco.' },
      '2026-03-11T09:00:00-03:00',
      2,
    );
    await expectValid(nfseSchema.cancellation(signed(request)));
  });

  it('validates a reason typed with line breaks, typographic signs and more than 255 characters', async () => {
    const text = `Cobrança em duplicidade —\nfoi paga “duas vezes”. ${'Detalhes do caso. '.repeat(20)}`;
    const request = buildCancellation(ISSUER, KEY, { code: '9', text }, '2026-03-11T09:00:00-03:00', 1);
    await expectValid(nfseSchema.cancellation(signed(request)));
  });

  it('refuses a request without the key of the NFS-e', async () => {
    const { id, xml } = buildCancellation(
      ISSUER,
      KEY,
      { code: '2', text: 'Serviço não prestado ao aluno.' },
      '2026-03-11T09:00:00-03:00',
      2,
    );
    const result = await nfseSchema.cancellation(signed({ id, xml: xml.replace(/<chNFSe>[^<]+<\/chNFSe>/, '') }));
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toContain('chNFSe');
  });
});
