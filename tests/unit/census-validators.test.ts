import { describe, expect, it } from 'vitest';
import { multiselectText, multiselectValues, parseTime } from '../../resources/field-rules';
import { DISABILITIES, WEEKDAYS } from '../../resources/census-codes';
import { isKnownMunicipality, municipalityCount, searchMunicipalities } from '../../resources/municipalities';
import {
  birthCertificateCheckDigits,
  cnpjCheckDigits,
  isValidBirthCertificate,
  isValidCnpj,
  isValidNis,
  nisCheckDigit,
} from '../../resources/text';
import type { FieldConfig } from '../../resources/types';

describe('CNPJ', () => {
  it("takes the Receita's alphanumeric example (IN RFB 2.229/2024) and the numeric one, masked or not", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('refuses a wrong check digit, a letter among the check digits, a wrong length and repeated characters', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501D35')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});

describe('certidão de nascimento (new model, 32 digits)', () => {
  // The matrícula of the CNJ's example: 104539 01 55 2013 1 00012 021 0000123, check digits 21.
  const example = '10453901552013100012021000012321';

  it('computes both check digits of the 30 digits and accepts the masked number', () => {
    expect(birthCertificateCheckDigits(example.slice(0, 30))).toBe('21');
    expect(isValidBirthCertificate(example)).toBe(true);
    expect(isValidBirthCertificate('104539.01.55.2013.1.00012.021.0000123-21')).toBe(true);
  });

  it('refuses a wrong check digit, a changed digit and a wrong length', () => {
    expect(isValidBirthCertificate(example.slice(0, 30) + '22')).toBe(false);
    expect(isValidBirthCertificate(example.slice(0, 30) + '31')).toBe(false);
    expect(isValidBirthCertificate('2' + example.slice(1))).toBe(false);
    expect(isValidBirthCertificate(example.slice(0, 31))).toBe(false);
  });
});

describe('NIS (PIS/PASEP)', () => {
  it('accepts 11 digits whose last is the check digit (weights 3298765432)', () => {
    expect(nisCheckDigit('1703325950')).toBe('4');
    expect(isValidNis('170.33259.50-4')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidNis('17033259505')).toBe(false);
    expect(isValidNis('1703325950')).toBe(false);
    expect(isValidNis('11111111111')).toBe(false);
  });
});

describe('IBGE municipalities', () => {
  it('ship every municipality, found by name and UF without accents, or by code', () => {
    expect(municipalityCount()).toBeGreaterThanOrEqual(5570);
    expect(searchMunicipalities('belem', 'PA')).toEqual([{ code: '1501402', name: 'Belém', uf: 'PA' }]);
    expect(searchMunicipalities('sao paulo sp').map((m) => m.code)).toContain('3550308');
    expect(searchMunicipalities('5300108')).toEqual([{ code: '5300108', name: 'Brasília', uf: 'DF' }]);
    expect(isKnownMunicipality('1500800')).toBe(true);
    expect(isKnownMunicipality('1234567')).toBe(false);
  });
});

describe('several options and times', () => {
  const disabilities: FieldConfig = { name: 'd', label: 'Deficiência', type: 'multiselect', options: DISABILITIES };
  const weekdays: FieldConfig = { name: 'w', label: 'Dias', type: 'multiselect', options: WEEKDAYS, flags: true };

  it('reads a list, the stored text or a cell of labels, in the options order', () => {
    expect(multiselectValues(disabilities, ['25', '1'])).toEqual(['1', '25']);
    expect(multiselectValues(disabilities, '["2"]')).toEqual(['2']);
    expect(multiselectValues(disabilities, 'Surdez; transtorno do espectro autista')).toEqual(['3', '25']);
    expect(multiselectValues(disabilities, ['1', '99'])).toBeNull();
    expect(multiselectText(disabilities, ['1', '25'])).toBe('["1","25"]');
  });

  it("keeps a team's weekdays as seven flags, Sunday first", () => {
    expect(multiselectText(weekdays, ['seg', 'ter', 'qua', 'qui', 'sex'])).toBe('0111110');
    expect(multiselectValues(weekdays, '1000001')).toEqual(['dom', 'sab']);
    expect(multiselectValues(weekdays, '0101')).toBeNull();
  });

  it('reads a time of day as HH:MM', () => {
    expect(parseTime('7:30')).toBe('07:30');
    expect(parseTime('19:00:00')).toBe('19:00');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('7h30')).toBeNull();
  });
});
