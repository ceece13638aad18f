import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj, normalizeCnpj } from '../../resources/cnpj';

describe('CNPJ, alphanumeric-ready (IN RFB 2.229/2024)', () => {
  it("accepts the Receita's alphanumeric example and numeric CNPJs as before", () => {
    expect(isValidCnpj(normalizeCnpj('12.ABC.345/01DE-35'))).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj(normalizeCnpj('11.444.777/0001-61'))).toBe(true);
  });

  it('refuses a wrong check digit, lower case, letters in the check digits, the wrong length and repeated digits', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12abc34501de35')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11222333000182')).toBe(false);
  });

  it('normalizes the mask away and formats it back', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});
