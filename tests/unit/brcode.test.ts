import { describe, expect, it } from 'vitest';
import { crc16, parseBrCode, staticBrCode } from '../../server/payments/brcode';

// Strings written by pix-utils 2.8.2's createStaticPix(...).toBRCode() for the same inputs, before our own
// module replaced it: a bank's app must read our codes exactly as it read those.
const PIX_UTILS = [
  {
    input: {
      merchantName: 'Escola Modelo',
      merchantCity: 'São Paulo',
      pixKey: '12345678000195',
      description: 'Mensalidade 03/2026',
      amountCents: 15020,
      txid: 'SECRETARIA1',
    },
    code: '00020126590014br.gov.bcb.pix0114123456780001950219Mensalidade 03/20265204000053039865406150.205802BR5913ESCOLA MODELO6009SAO PAULO62150511SECRETARIA16304BE06',
  },
  {
    input: {
      merchantName: 'Colégio Ação Ltda',
      merchantCity: 'Brasília',
      pixKey: 'financeiro@escola.com.br',
      description: 'Matrícula — 1º ano',
      amountCents: 123456,
      txid: 'SECRETARIA42',
    },
    code: '00020126680014br.gov.bcb.pix0124financeiro@escola.com.br0218Matrícula — 1º ano52040000530398654071234.565802BR5917COLEGIO ACAO LTDA6008BRASILIA62160512SECRETARIA4263046944',
  },
  {
    input: {
      merchantName: 'E',
      merchantCity: 'Natal',
      pixKey: '+5511999998888',
      description: '',
      amountCents: 1,
      txid: 'SECRETARIA987654',
    },
    code: '00020126360014br.gov.bcb.pix0114+551199999888852040000530398654040.015802BR5901E6005NATAL62200516SECRETARIA9876546304B168',
  },
];

describe('PIX BR Code', () => {
  it('computes CRC16-CCITT-FALSE (the standard check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('writes the same string pix-utils wrote for the same charge', () => {
    for (const { input, code } of PIX_UTILS) expect(staticBrCode(input)).toBe(code);
  });

  it('reads its codes back: amount in centavos, key, names, txid', () => {
    const written = [
      ['ESCOLA MODELO', 'SAO PAULO'],
      ['COLEGIO ACAO LTDA', 'BRASILIA'],
      ['E', 'NATAL'],
    ];
    for (const [i, { input, code }] of PIX_UTILS.entries()) {
      const [names, city] = written[i]!;
      expect(parseBrCode(code)).toEqual({
        pixKey: input.pixKey,
        description: input.description,
        amountCents: input.amountCents,
        merchantName: names,
        merchantCity: city,
        txid: input.txid,
      });
    }
    expect(
      parseBrCode(staticBrCode({ merchantName: 'Escola', merchantCity: 'Recife', pixKey: 'k', amountCents: 0 })),
    ).toMatchObject({ amountCents: 0, txid: '***', description: '' });
  });

  it('refuses a code whose CRC or lengths do not match, and text that is no code', () => {
    const code = PIX_UTILS[0]!.code;
    expect(parseBrCode(code.replace('150.20', '950.20'))).toBeNull();
    expect(parseBrCode(code.slice(0, -4) + '0000')).toBeNull();
    const short = code.replace('5913ESCOLA MODELO', '5912ESCOLA MODELO').slice(0, -4);
    expect(parseBrCode(short + crc16(short))).toBeNull();
    expect(parseBrCode('not a pix')).toBeNull();
    expect(parseBrCode('')).toBeNull();
  });

  it('refuses inputs a bank would reject instead of writing a broken code', () => {
    const base = { merchantName: 'Escola', merchantCity: 'Recife', pixKey: 'k', amountCents: 100 };
    expect(() => staticBrCode({ ...base, merchantName: 'x'.repeat(26) })).toThrow();
    expect(() => staticBrCode({ ...base, merchantCity: '' })).toThrow();
    expect(() => staticBrCode({ ...base, txid: 'x'.repeat(26) })).toThrow();
    expect(() => staticBrCode({ ...base, amountCents: 10.5 })).toThrow();
    expect(() => staticBrCode({ ...base, description: 'x'.repeat(120) })).toThrow();
  });
});
